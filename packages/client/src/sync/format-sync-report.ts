import { formatBytes } from '../validate/format-validation-report';
import type { SyncProblem, SyncReport } from './sync-report';

const BASIS: Record<SyncReport['naive']['basis'], string> = {
  'html-measured': 'HTML re-crawl, measured now',
  'html-measured-earlier': 'HTML re-crawl, sizes measured by an earlier --compare-html',
  'full-refetch': 'full re-fetch of every document, a lower bound (--compare-html measures HTML)',
};

/** The final report as a few readable lines. */
export function formatSyncReport(report: SyncReport): string {
  const unit = report.mode === 'scp' ? 'collections' : 'documents';
  const lines = [
    `agent-ready sync ${report.origin} (${report.mode === 'scp' ? 'SCP collections' : 'TCT M-URLs'})`,
    `  requests:          ${report.requests} (${report.notModified} answered 304, ${report.retries} retries)`,
    `  bytes received:    ${formatBytes(report.bytes)}`,
    `  zero-fetch skips:  ${report.zeroFetchSkips} ${unit} not requested`,
    ...(report.robotsDisallowed
      ? [`  robots.txt:        ${report.robotsDisallowed} ${unit} disallowed, not fetched`]
      : []),
    `  fetched:           ${report.fetched} ${unit}`,
    `  deleted:           ${report.deleted}`,
    `  stored:            ${report.stored} of ${report.listed} listed`,
  ];
  if (report.scp)
    lines.push(
      `  SCP:               ${report.scp.snapshots} snapshot(s), ${report.scp.deltas} delta(s); pages ` +
        `${report.scp.inserted} inserted, ${report.scp.replaced} replaced, ${report.scp.ignored} kept`,
    );
  lines.push(
    `  naive re-crawl:    ${report.naive.requests} requests, ${formatBytes(report.naive.bytes)} (${BASIS[report.naive.basis]})`,
    `  time:              ${(report.durationMs / 1000).toFixed(1)} s`,
  );
  listEntries(
    lines,
    `  not served yet:    ${report.notYet?.length} (kept as they were; the next run asks again)`,
    report.notYet ?? [],
  );
  listEntries(lines, `  problems:          ${report.problems.length}`, report.problems);
  return `${lines.join('\n')}\n`;
}

/** A heading and the first 20 entries, when there are any. */
function listEntries(lines: string[], heading: string, entries: readonly SyncProblem[]): void {
  if (entries.length === 0) return;
  lines.push(heading);
  for (const entry of entries.slice(0, 20)) lines.push(`    ${entry.url}: ${entry.detail}`);
  if (entries.length > 20) lines.push(`    … and ${entries.length - 20} more`);
}
