import { Flex, ProgressBar, Typography } from '@strapi/design-system';
import type { RebuildJob } from '../api/admin-api-types';
import { formatDate } from './format-date';

/** Where a rebuild is: documents checked out of the total, then artifacts, then the outcome. */
export function RebuildProgress({ job }: { job: RebuildJob }) {
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
    <Flex direction="column" alignItems="stretch" gap={2} aria-label="Rebuild progress">
      <ProgressBar value={percent} aria-label={`Rebuild ${percent}%`} />
      <Typography>
        {job.state === 'running'
          ? job.phase === 'artifacts'
            ? 'Rebuilding sitemaps and other artifacts…'
            : `Checking documents: ${seen}${job.total !== undefined ? ` of ${job.total}` : ''}…`
          : job.message}
      </Typography>
      <Typography variant="pi" textColor="neutral600">
        Started {formatDate(job.startedAt)}
        {job.finishedAt ? `, finished ${formatDate(job.finishedAt)}` : ''} · {seen} checked,{' '}
        {changed} updated, {removed} removed, {failed} not servable
      </Typography>
    </Flex>
  );
}
