import { Box, Checkbox, Flex, Grid, Toggle, Typography } from '@strapi/design-system';
import type { PolicySettings } from '../../api/admin-api-types';
import { NumberField, TextField } from './form-fields';

type Flags<K extends 'purposes' | 'requirements'> = NonNullable<PolicySettings[K]>;

const PURPOSES: [keyof Flags<'purposes'>, string, boolean][] = [
  ['aiInput', 'AI input (answers, summaries)', true],
  ['aiTrain', 'AI training', false],
  ['searchIndexing', 'Search indexing', true],
];
const REQUIREMENTS: [keyof Flags<'requirements'>, string, boolean][] = [
  ['attribution', 'Attribution', true],
  ['linkBack', 'Link back', false],
  ['notice', 'Notice', false],
];

/** `/llm-policy.json` (tct-policy-1): off, or its dates, links, purposes, requirements and hints. */
export function PolicyFields(props: {
  policy: PolicySettings | false;
  onChange(policy: PolicySettings | false): void;
  errors: Record<string, string>;
  disabled: boolean;
}) {
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
          aria-label="Serve the policy descriptor"
          name="policy.enabled"
          onLabel="Served"
          offLabel="Off"
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
              label="Effective from"
              name="policy.effective"
              required
              value={policy.effective}
              placeholder="2025-10-01T00:00:00Z"
              hint="RFC 3339 date-time."
              error={error('effective')}
              disabled={props.disabled}
              onChange={(effective) => set({ effective })}
            />
          </Grid.Item>
          <Grid.Item col={6} xs={12} direction="column" alignItems="stretch">
            <TextField
              label="Updated"
              name="policy.updated"
              value={policy.updated ?? ''}
              placeholder="same as effective"
              error={error('updated')}
              disabled={props.disabled}
              onChange={(updated) => {
                const { updated: _old, ...rest } = policy;
                props.onChange(updated.trim() === '' ? rest : { ...rest, updated: updated.trim() });
              }}
            />
          </Grid.Item>
          {(
            [
              ['termsOfService', 'Terms of service URL'],
              ['paymentInfo', 'Payment information URL'],
              ['contact', 'Contact URL'],
            ] as const
          ).map(([key, label]) => (
            <Grid.Item key={key} col={4} xs={12} direction="column" alignItems="stretch">
              <TextField
                label={label}
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
              Allowed purposes
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
                {label}
              </Checkbox>
            ))}
          </Grid.Item>
          <Grid.Item col={6} xs={12} direction="column" alignItems="flex-start">
            <Typography variant="sigma" textColor="neutral600">
              Requirements
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
                {label}
              </Checkbox>
            ))}
          </Grid.Item>
          <Grid.Item col={4} xs={12} direction="column" alignItems="stretch">
            <NumberField
              label="Max requests per second"
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
              label="Max requests per day"
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
              label="Rate note"
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
        <Typography textColor="neutral600">/llm-policy.json answers 404.</Typography>
      )}
    </Flex>
  );
}
