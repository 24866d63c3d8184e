import { Badge, Box, Grid, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import type { Overview } from '../api/admin-api-types';
import { getTranslation } from '../translations/get-translation';
import { describeBurst } from './describe-burst';
import { describeNextSnapshot } from './describe-next-snapshot';
import { describeReconcile } from './describe-reconcile';
import { FactCell } from './FactCell';
import { formatDate } from './format-date';
import { stateLabel } from './plugin-state';

/** The state, the last regeneration and reconcile, what waits, and where the settings come from. */
export function RegenerationFacts({ overview }: { overview: Overview }) {
  const intl = useIntl();
  const { formatMessage } = intl;
  const { regeneration, settings } = overview;
  const failures = regeneration.lastRebuild?.failures ?? [];
  const nextSnapshot = regeneration.scheduled?.find((build) => build.family === 'scp');
  const settingsSource =
    settings.source === 'admin'
      ? formatMessage(
          {
            id: getTranslation('facts.settings.admin'),
            defaultMessage:
              'saved in the admin panel {date}{hasAuthor, select, yes { by {author}} other {}}',
          },
          {
            date: formatDate(intl, settings.updatedAt),
            hasAuthor: settings.updatedBy ? 'yes' : 'no',
            author: settings.updatedBy,
          },
        )
      : formatMessage({
          id: getTranslation('facts.settings.file'),
          defaultMessage: 'from config/plugins',
        });
  return (
    <>
      <Grid.Root gap={4}>
        <FactCell
          label={formatMessage({ id: getTranslation('facts.state'), defaultMessage: 'State' })}
        >
          <Badge variant={overview.state === 'ready' ? 'success' : 'danger'}>
            {stateLabel(intl, overview.state)}
          </Badge>
        </FactCell>
        <FactCell
          label={formatMessage({
            id: getTranslation('facts.lastRegeneration'),
            defaultMessage: 'Last regeneration',
          })}
        >
          {regeneration.lastRebuild
            ? `${formatDate(intl, regeneration.lastRebuild.at)}: ${describeBurst(intl, regeneration.lastRebuild)}`
            : formatMessage({
                id: getTranslation('facts.lastRegeneration.none'),
                defaultMessage: 'none since this server started',
              })}
        </FactCell>
        <FactCell
          label={formatMessage({
            id: getTranslation('facts.artifacts'),
            defaultMessage: 'Artifacts',
          })}
        >
          {regeneration.artifacts?.upToDate
            ? formatMessage(
                {
                  id: getTranslation('facts.artifacts.upToDate'),
                  defaultMessage: 'up to date (change {change})',
                },
                { change: regeneration.artifacts.artifactsSeq },
              )
            : formatMessage({
                id: getTranslation('facts.artifacts.rebuilding'),
                defaultMessage: 'being rebuilt',
              })}
        </FactCell>
        <FactCell
          label={formatMessage({
            id: getTranslation('facts.waiting'),
            defaultMessage: 'Waiting',
          })}
        >
          {regeneration.reconcileProgress?.total !== undefined &&
          regeneration.reconcileProgress.secondsLeft !== undefined
            ? formatMessage(
                {
                  id: getTranslation('facts.waiting.reconcilingProgress'),
                  defaultMessage:
                    'reconciling: {done} of {total} ({rate}/s, about {minutes, plural, one {# minute} other {# minutes}} left)',
                },
                {
                  done: intl.formatNumber(regeneration.reconcileProgress.done),
                  total: intl.formatNumber(regeneration.reconcileProgress.total),
                  rate: intl.formatNumber(Math.round(regeneration.reconcileProgress.ratePerSecond)),
                  minutes: Math.ceil(regeneration.reconcileProgress.secondsLeft / 60),
                },
              ) +
              (regeneration.reconcileProgress.resumedFrom
                ? formatMessage(
                    {
                      id: getTranslation('facts.waiting.reconcilingResumed'),
                      defaultMessage: ', resumed from {resumedFrom}',
                    },
                    {
                      resumedFrom: intl.formatNumber(regeneration.reconcileProgress.resumedFrom),
                    },
                  )
                : '')
            : regeneration.reconciling
              ? formatMessage({
                  id: getTranslation('facts.waiting.reconciling'),
                  defaultMessage: 'reconciling',
                })
              : formatMessage(
                  {
                    id: getTranslation('facts.waiting.documents'),
                    defaultMessage: '{count, plural, one {# document} other {# documents}}',
                  },
                  { count: regeneration.pending },
                )}
        </FactCell>
        <FactCell
          wide
          label={formatMessage({
            id: getTranslation('facts.lastReconcile'),
            defaultMessage: 'Last reconcile',
          })}
        >
          {regeneration.lastReconcile
            ? describeReconcile(intl, regeneration.lastReconcile)
            : formatMessage({
                id: getTranslation('facts.lastReconcile.none'),
                defaultMessage: 'none yet',
              })}
        </FactCell>
        {nextSnapshot ? (
          <FactCell
            wide
            label={formatMessage({
              id: getTranslation('facts.nextSnapshot'),
              defaultMessage: 'Next SCP snapshot',
            })}
          >
            {describeNextSnapshot(intl, nextSnapshot)}
          </FactCell>
        ) : null}
        <FactCell
          wide
          label={formatMessage({
            id: getTranslation('facts.settings'),
            defaultMessage: 'Settings',
          })}
        >
          {settingsSource}
          {settings.ignored
            ? ` ${formatMessage(
                {
                  id: getTranslation('facts.settings.ignored'),
                  defaultMessage: '(saved settings ignored: {why})',
                },
                { why: settings.ignored },
              )}`
            : ''}
        </FactCell>
      </Grid.Root>
      {failures.length > 0 ? (
        <Box>
          <Typography textColor="danger600">
            {formatMessage(
              {
                id: getTranslation('facts.buildFailures'),
                defaultMessage: 'Last build failures: {failures}',
              },
              { failures: failures.map((f) => `${f.family}: ${f.message}`).join('; ') },
            )}
          </Typography>
        </Box>
      ) : null}
    </>
  );
}
