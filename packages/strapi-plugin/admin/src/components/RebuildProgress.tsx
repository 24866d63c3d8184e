import { Flex, ProgressBar, Typography } from '@strapi/design-system';
import { useIntl, type IntlShape } from 'react-intl';
import type { RebuildJob } from '../api/admin-api-types';
import { getTranslation } from '../translations/get-translation';
import { formatDate } from './format-date';

/** One sentence on where the job is, or how it ended. */
function jobSentence({ formatMessage }: IntlShape, job: RebuildJob): string {
  if (job.state === 'running') {
    if (job.phase === 'artifacts') {
      return formatMessage({
        id: getTranslation('rebuild.running.artifacts'),
        defaultMessage: 'Rebuilding sitemaps and other artifacts…',
      });
    }
    return formatMessage(
      {
        id: getTranslation('rebuild.running.documents'),
        defaultMessage: 'Checking documents: {seen}{hasTotal, select, yes { of {total}} other {}}…',
      },
      {
        seen: job.progress.seen,
        hasTotal: job.total !== undefined ? 'yes' : 'no',
        total: job.total,
      },
    );
  }
  if (job.state === 'failed') {
    return job.error !== undefined
      ? formatMessage(
          { id: getTranslation('rebuild.failed.error'), defaultMessage: 'Rebuild failed: {error}' },
          { error: job.error },
        )
      : formatMessage({
          id: getTranslation('rebuild.failed.incomplete'),
          defaultMessage:
            'The documents were not all checked: the pass failed or was stopped (a settings change or a shutdown). See recent problems.',
        });
  }
  switch (job.artifacts) {
    case 'rebuilt':
      return formatMessage({
        id: getTranslation('rebuild.done.rebuilt'),
        defaultMessage: 'Documents checked and artifacts rebuilt.',
      });
    case 'fresh':
      return formatMessage({
        id: getTranslation('rebuild.done.fresh'),
        defaultMessage: 'Documents checked; the artifacts were already up to date.',
      });
    case 'busy':
      return formatMessage({
        id: getTranslation('rebuild.done.busy'),
        defaultMessage:
          'Documents checked; another instance is rebuilding the artifacts right now.',
      });
    case 'superseded':
      return formatMessage({
        id: getTranslation('rebuild.done.superseded'),
        defaultMessage:
          'Documents checked; content changed meanwhile, so a newer rebuild follows on its own.',
      });
    default:
      return job.message ?? '';
  }
}

/** Where a rebuild is: documents checked out of the total, then artifacts, then the outcome. */
export function RebuildProgress({ job }: { job: RebuildJob }) {
  const intl = useIntl();
  const { formatMessage } = intl;
  const { seen, changed, removed, failed } = job.progress;
  const percent =
    job.state !== 'running'
      ? 100
      : job.phase === 'artifacts'
        ? 95
        : job.total
          ? Math.min(90, Math.round((seen / job.total) * 90))
          : 5;
  return (
    <Flex
      direction="column"
      alignItems="stretch"
      gap={2}
      aria-label={formatMessage({
        id: getTranslation('rebuild.progress.label'),
        defaultMessage: 'Rebuild progress',
      })}
    >
      <ProgressBar
        value={percent}
        aria-label={formatMessage(
          { id: getTranslation('rebuild.progress.percent'), defaultMessage: 'Rebuild {percent}%' },
          { percent },
        )}
      />
      <Typography>{jobSentence(intl, job)}</Typography>
      <Typography variant="pi" textColor="neutral600">
        {formatMessage(
          {
            id: getTranslation('rebuild.times'),
            defaultMessage:
              'Started {started}{hasFinished, select, yes {, finished {finished}} other {}} · {seen} checked, {changed} updated, {removed} removed, {failed} not servable',
          },
          {
            started: formatDate(intl, job.startedAt),
            hasFinished: job.finishedAt ? 'yes' : 'no',
            finished: formatDate(intl, job.finishedAt),
            seen,
            changed,
            removed,
            failed,
          },
        )}
      </Typography>
    </Flex>
  );
}
