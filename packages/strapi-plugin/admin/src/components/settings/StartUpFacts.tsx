import { Grid, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import type { SettingsDescription } from '../../api/admin-api-types';
import { getTranslation } from '../../translations/get-translation';
import { Section } from '../Section';

function ReadOnlyFact({ label, value }: { label: string; value: string }) {
  return (
    <Grid.Item col={4} s={6} xs={12} direction="column" alignItems="flex-start">
      <Typography variant="sigma" textColor="neutral600">
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Grid.Item>
  );
}

/** The settings of config/plugins that need a restart, shown read-only. */
export function StartUpFacts({ readOnly }: { readOnly: SettingsDescription['readOnly'] }) {
  const { formatMessage } = useIntl();
  const artifacts = Object.entries(readOnly.artifacts)
    .filter(([, on]) => on)
    .map(([name]) => name)
    .join(', ');
  return (
    <Section
      title={formatMessage({
        id: getTranslation('settings.startUp.title'),
        defaultMessage: 'Fixed at start-up',
      })}
      subtitle={formatMessage({
        id: getTranslation('settings.startUp.subtitle'),
        defaultMessage: 'Set in config/plugins; changing them needs a restart.',
      })}
    >
      <Grid.Root gap={4}>
        <ReadOnlyFact
          label={formatMessage({
            id: getTranslation('settings.startUp.origin'),
            defaultMessage: 'Public origin',
          })}
          value={readOnly.origin ?? '–'}
        />
        <ReadOnlyFact
          label={formatMessage({
            id: getTranslation('settings.startUp.language'),
            defaultMessage: 'Default language',
          })}
          value={readOnly.language ?? '–'}
        />
        <ReadOnlyFact
          label={formatMessage({
            id: getTranslation('settings.startUp.overviewPath'),
            defaultMessage: 'Overview page',
          })}
          value={readOnly.overviewPath ?? '–'}
        />
        <ReadOnlyFact
          label={formatMessage({
            id: getTranslation('settings.startUp.mUrlSuffix'),
            defaultMessage: 'M-URL suffix',
          })}
          value={readOnly.mUrlSuffix}
        />
        <ReadOnlyFact
          label={formatMessage({
            id: getTranslation('settings.startUp.tablePrefix'),
            defaultMessage: 'Table prefix',
          })}
          value={readOnly.tablePrefix}
        />
        <ReadOnlyFact
          label={formatMessage({
            id: getTranslation('settings.startUp.database'),
            defaultMessage: 'Database',
          })}
          value={readOnly.database}
        />
        <ReadOnlyFact
          label={formatMessage({
            id: getTranslation('settings.startUp.homeSlugs'),
            defaultMessage: 'Home page slugs',
          })}
          value={readOnly.urls.homeSlugs.join(', ') || '–'}
        />
        <ReadOnlyFact
          label={formatMessage({
            id: getTranslation('settings.startUp.localePrefix'),
            defaultMessage: 'Locale prefix',
          })}
          value={
            readOnly.urls.localePrefix === 'always'
              ? formatMessage(
                  {
                    id: getTranslation('settings.startUp.localePrefix.always'),
                    defaultMessage: 'every locale ({example})',
                  },
                  { example: '/{locale}/…' },
                )
              : formatMessage(
                  {
                    id: getTranslation('settings.startUp.localePrefix.exceptDefault'),
                    defaultMessage: 'every locale but the default ({locale})',
                  },
                  { locale: readOnly.urls.defaultLocale || '–' },
                )
          }
        />
        <ReadOnlyFact
          label={formatMessage({
            id: getTranslation('settings.startUp.mediaBaseUrl'),
            defaultMessage: 'Media URLs on',
          })}
          value={
            readOnly.mediaBaseUrl ??
            formatMessage({
              id: getTranslation('settings.startUp.mediaBaseUrl.none'),
              defaultMessage: "unknown (set media.baseUrl or Strapi's server.url): alt texts only",
            })
          }
        />
        <ReadOnlyFact
          label={formatMessage({
            id: getTranslation('settings.startUp.artifacts'),
            defaultMessage: 'Artifacts',
          })}
          value={
            artifacts ||
            formatMessage({
              id: getTranslation('settings.startUp.artifacts.none'),
              defaultMessage: 'TCT sitemap only',
            })
          }
        />
      </Grid.Root>
    </Section>
  );
}
