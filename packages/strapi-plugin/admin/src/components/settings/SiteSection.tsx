import { useIntl } from 'react-intl';
import type { RuntimeSettings, SettingsDescription } from '../../api/admin-api-types';
import { getTranslation } from '../../translations/get-translation';
import { Section } from '../Section';
import { TextField } from './form-fields';

type SiteSettings = RuntimeSettings['site'];

/** The site's name, summary and details: llms.txt's title and blockquote, llmindex's name. */
export function SiteSection(props: {
  site: SiteSettings;
  errors: Record<string, string>;
  disabled: boolean;
  derivedSummary: SettingsDescription['derivedSummary'];
  onChange(site: SiteSettings): void;
}) {
  const { formatMessage } = useIntl();
  /** What each site input is given: its name, value and error, and how it updates the site. */
  const input = (key: 'name' | 'summary' | 'details') => ({
    name: `site.${key}`,
    value: props.site[key] ?? '',
    error: props.errors[`site.${key}`],
    disabled: props.disabled,
    onChange: (value: string) => props.onChange({ ...props.site, [key]: value }),
  });
  return (
    <Section
      title={formatMessage({
        id: getTranslation('settings.site.title'),
        defaultMessage: 'Site',
      })}
      subtitle={formatMessage({
        id: getTranslation('settings.site.subtitle'),
        defaultMessage: 'The llms.txt title and summary, the llmindex entity name.',
      })}
    >
      <TextField
        label={formatMessage({
          id: getTranslation('settings.site.name'),
          defaultMessage: 'Site name',
        })}
        {...input('name')}
        required
      />
      <TextField
        label={formatMessage({
          id: getTranslation('settings.site.summary'),
          defaultMessage: 'Summary',
        })}
        {...input('summary')}
        multiline
        hint={
          props.derivedSummary && !props.site.summary
            ? formatMessage(
                {
                  id: getTranslation('settings.site.summary.derived'),
                  defaultMessage:
                    'Empty: llms.txt uses the site’s own description, from {from}: “{text}”. Type one to use yours.',
                },
                props.derivedSummary,
              )
            : formatMessage({
                id: getTranslation('settings.site.summary.hint'),
                defaultMessage: 'One sentence: the llms.txt blockquote.',
              })
        }
      />
      <TextField
        label={formatMessage({
          id: getTranslation('settings.site.details'),
          defaultMessage: 'Details',
        })}
        {...input('details')}
        multiline
        hint={formatMessage({
          id: getTranslation('settings.site.details.hint'),
          defaultMessage: 'Markdown prose between the summary and the sections of llms.txt.',
        })}
      />
    </Section>
  );
}
