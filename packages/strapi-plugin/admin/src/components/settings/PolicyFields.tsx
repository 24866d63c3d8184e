import { Box, Checkbox, Flex, Grid, Toggle, Typography } from '@strapi/design-system';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { PolicySettings } from '../../api/admin-api-types';
import { getTranslation } from '../../translations/get-translation';
import { NumberField, TextField } from './form-fields';

type Flags<K extends 'purposes' | 'requirements'> = NonNullable<PolicySettings[K]>;

/** Each flag: its key, its label, and its value when the policy does not say. */
const PURPOSES: [keyof Flags<'purposes'>, MessageDescriptor, boolean][] = [
  [
    'aiInput',
    {
      id: getTranslation('policy.purposes.aiInput'),
      defaultMessage: 'AI input (answers, summaries)',
    },
    true,
  ],
  [
    'aiTrain',
    { id: getTranslation('policy.purposes.aiTrain'), defaultMessage: 'AI training' },
    false,
  ],
  [
    'searchIndexing',
    { id: getTranslation('policy.purposes.searchIndexing'), defaultMessage: 'Search indexing' },
    true,
  ],
];
const REQUIREMENTS: [keyof Flags<'requirements'>, MessageDescriptor, boolean][] = [
  [
    'attribution',
    { id: getTranslation('policy.requirements.attribution'), defaultMessage: 'Attribution' },
    true,
  ],
  [
    'linkBack',
    { id: getTranslation('policy.requirements.linkBack'), defaultMessage: 'Link back' },
    false,
  ],
  ['notice', { id: getTranslation('policy.requirements.notice'), defaultMessage: 'Notice' }, false],
];
const URLS: [keyof NonNullable<PolicySettings['urls']>, MessageDescriptor][] = [
  [
    'termsOfService',
    { id: getTranslation('policy.urls.termsOfService'), defaultMessage: 'Terms of service URL' },
  ],
  [
    'paymentInfo',
    { id: getTranslation('policy.urls.paymentInfo'), defaultMessage: 'Payment information URL' },
  ],
  ['contact', { id: getTranslation('policy.urls.contact'), defaultMessage: 'Contact URL' }],
];

/** `/llm-policy.json` (tct-policy-1): off, or its dates, links, purposes, requirements and hints. */
export function PolicyFields(props: {
  policy: PolicySettings | false;
  onChange(policy: PolicySettings | false): void;
  errors: Record<string, string>;
  disabled: boolean;
}) {
  const { formatMessage } = useIntl();
  const { policy } = props;
  const error = (path: string) => props.errors[`policy.${path}`];
  const set = (patch: Partial<PolicySettings>) =>
    props.onChange({ ...(policy || { effective: '' }), ...patch });
  const setUrl = (key: keyof NonNullable<PolicySettings['urls']>, value: string) => {
    const urls = { ...(policy ? policy.urls : {}) };
    if (value.trim() === '') delete urls[key];
    else urls[key] = value.trim();
    set({ urls });
  };
  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Box width="200px">
        <Toggle
          aria-label={formatMessage({
            id: getTranslation('policy.toggle.label'),
            defaultMessage: 'Serve the policy descriptor',
          })}
          name="policy.enabled"
          onLabel={formatMessage({
            id: getTranslation('policy.toggle.on'),
            defaultMessage: 'Served',
          })}
          offLabel={formatMessage({
            id: getTranslation('policy.toggle.off'),
            defaultMessage: 'Off',
          })}
          checked={policy !== false}
          disabled={props.disabled}
          onChange={() =>
            props.onChange(
              policy ? false : { effective: new Date().toISOString().slice(0, 19) + 'Z' },
            )
          }
        />
      </Box>
      {policy ? (
        <Grid.Root gap={4}>
          <Grid.Item col={6} xs={12} direction="column" alignItems="stretch">
            <TextField
              label={formatMessage({
                id: getTranslation('policy.effective.label'),
                defaultMessage: 'Effective from',
              })}
              name="policy.effective"
              required
              value={policy.effective}
              placeholder="2025-10-01T00:00:00Z"
              hint={formatMessage({
                id: getTranslation('policy.effective.hint'),
                defaultMessage: 'RFC 3339 date-time.',
              })}
              error={error('effective')}
              disabled={props.disabled}
              onChange={(effective) => set({ effective })}
            />
          </Grid.Item>
          <Grid.Item col={6} xs={12} direction="column" alignItems="stretch">
            <TextField
              label={formatMessage({
                id: getTranslation('policy.updated.label'),
                defaultMessage: 'Updated',
              })}
              name="policy.updated"
              value={policy.updated ?? ''}
              placeholder={formatMessage({
                id: getTranslation('policy.updated.placeholder'),
                defaultMessage: 'same as effective',
              })}
              error={error('updated')}
              disabled={props.disabled}
              onChange={(updated) => {
                const { updated: _old, ...rest } = policy;
                props.onChange(updated.trim() === '' ? rest : { ...rest, updated: updated.trim() });
              }}
            />
          </Grid.Item>
          {URLS.map(([key, label]) => (
            <Grid.Item key={key} col={4} xs={12} direction="column" alignItems="stretch">
              <TextField
                label={formatMessage(label)}
                name={`policy.urls.${key}`}
                value={policy.urls?.[key] ?? ''}
                placeholder="https://"
                error={error(`urls.${key}`)}
                disabled={props.disabled}
                onChange={(value) => setUrl(key, value)}
              />
            </Grid.Item>
          ))}
          <Grid.Item col={6} xs={12} direction="column" alignItems="flex-start">
            <Typography variant="sigma" textColor="neutral600">
              {formatMessage({
                id: getTranslation('policy.purposes.title'),
                defaultMessage: 'Allowed purposes',
              })}
            </Typography>
            {PURPOSES.map(([key, label, fallback]) => (
              <Checkbox
                key={key}
                name={`policy.purposes.${key}`}
                disabled={props.disabled}
                checked={policy.purposes?.[key] ?? fallback}
                onCheckedChange={(checked) =>
                  set({ purposes: { ...policy.purposes, [key]: checked === true } })
                }
              >
                {formatMessage(label)}
              </Checkbox>
            ))}
          </Grid.Item>
          <Grid.Item col={6} xs={12} direction="column" alignItems="flex-start">
            <Typography variant="sigma" textColor="neutral600">
              {formatMessage({
                id: getTranslation('policy.requirements.title'),
                defaultMessage: 'Requirements',
              })}
            </Typography>
            {REQUIREMENTS.map(([key, label, fallback]) => (
              <Checkbox
                key={key}
                name={`policy.requirements.${key}`}
                disabled={props.disabled}
                checked={policy.requirements?.[key] ?? fallback}
                onCheckedChange={(checked) =>
                  set({ requirements: { ...policy.requirements, [key]: checked === true } })
                }
              >
                {formatMessage(label)}
              </Checkbox>
            ))}
          </Grid.Item>
          <Grid.Item col={4} xs={12} direction="column" alignItems="stretch">
            <NumberField
              label={formatMessage({
                id: getTranslation('policy.rate.perSecond'),
                defaultMessage: 'Max requests per second',
              })}
              name="policy.rateHints.maxRequestsPerSecond"
              value={policy.rateHints?.maxRequestsPerSecond ?? undefined}
              error={error('rateHints.maxRequestsPerSecond')}
              disabled={props.disabled}
              onChange={(value) =>
                set({ rateHints: { ...policy.rateHints, maxRequestsPerSecond: value ?? null } })
              }
            />
          </Grid.Item>
          <Grid.Item col={4} xs={12} direction="column" alignItems="stretch">
            <NumberField
              label={formatMessage({
                id: getTranslation('policy.rate.perDay'),
                defaultMessage: 'Max requests per day',
              })}
              name="policy.rateHints.maxRequestsPerDay"
              value={policy.rateHints?.maxRequestsPerDay ?? undefined}
              error={error('rateHints.maxRequestsPerDay')}
              disabled={props.disabled}
              onChange={(value) =>
                set({ rateHints: { ...policy.rateHints, maxRequestsPerDay: value ?? null } })
              }
            />
          </Grid.Item>
          <Grid.Item col={4} xs={12} direction="column" alignItems="stretch">
            <TextField
              label={formatMessage({
                id: getTranslation('policy.rate.note'),
                defaultMessage: 'Rate note',
              })}
              name="policy.rateHints.note"
              value={policy.rateHints?.note ?? ''}
              error={error('rateHints.note')}
              disabled={props.disabled}
              onChange={(note) => {
                const { note: _old, ...hints } = policy.rateHints ?? {};
                set({ rateHints: note === '' ? hints : { ...hints, note } });
              }}
            />
          </Grid.Item>
        </Grid.Root>
      ) : (
        <Typography textColor="neutral600">
          {formatMessage(
            {
              id: getTranslation('policy.off'),
              defaultMessage: '{path} answers 404.',
            },
            { path: '/llm-policy.json' },
          )}
        </Typography>
      )}
    </Flex>
  );
}
