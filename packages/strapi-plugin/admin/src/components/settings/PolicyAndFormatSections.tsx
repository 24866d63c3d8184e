import { useIntl } from 'react-intl';
import type { RuntimeSettings } from '../../api/admin-api-types';
import { getTranslation } from '../../translations/get-translation';
import { Section } from '../Section';
import { PolicyFields } from './PolicyFields';
import { TctProfileField } from './TctProfileField';

/** What agents may do with the content (the policy descriptor) and the wire format they get. */
export function PolicyAndFormatSections(props: {
  draft: RuntimeSettings;
  errors: Record<string, string>;
  disabled: boolean;
  onChange(patch: Partial<RuntimeSettings>): void;
}) {
  const { formatMessage } = useIntl();
  return (
    <>
      <Section
        title={formatMessage({
          id: getTranslation('settings.policy.title'),
          defaultMessage: 'Policy',
        })}
        subtitle={formatMessage(
          {
            id: getTranslation('settings.policy.subtitle'),
            defaultMessage:
              'The tct-policy-1 descriptor at {path}: what agents may do with the content.',
          },
          { path: '/llm-policy.json' },
        )}
      >
        <PolicyFields
          policy={props.draft.policy}
          errors={props.errors}
          disabled={props.disabled}
          onChange={(policy) => props.onChange({ policy })}
        />
      </Section>

      <Section
        title={formatMessage({
          id: getTranslation('settings.tct.title'),
          defaultMessage: 'Wire format',
        })}
        subtitle={formatMessage(
          {
            id: getTranslation('settings.tct.subtitle'),
            defaultMessage: 'The TCT profile of the M-URLs and of the JSON sitemap at {path}.',
          },
          { path: '/llm-sitemap.json' },
        )}
      >
        <TctProfileField
          profile={props.draft.tct.profile ?? 'tct-1'}
          error={props.errors['tct.profile']}
          disabled={props.disabled}
          onChange={(profile) => props.onChange({ tct: { profile } })}
        />
      </Section>
    </>
  );
}
