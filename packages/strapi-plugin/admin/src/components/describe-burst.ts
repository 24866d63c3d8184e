import type { Overview } from '../api/admin-api-types';

type RebuildReport = NonNullable<Overview['regeneration']['lastRebuild']>;

/** Artifact families as editors know them. */
const FAMILY_NAMES: Record<string, string> = {
  'tct-sitemap': 'sitemap',
  scp: 'SCP',
  'llms-txt': 'llms.txt',
  llmindex: 'llmindex',
};

function bytes(value: number): string {
  if (value < 1024) return `${value} B`;
  if (value < 1024 * 1024) return `${(value / 1024).toFixed(1)} KB`;
  return `${(value / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * What the last burst cost: `3 changes, 2 of 40 files rewritten (sitemap 2), 4.1 KB, 0.12 s`.
 * Files whose bytes did not change keep their stored copy and are not counted as rewritten.
 */
export function describeBurst(report: RebuildReport): string {
  const families = Object.entries(report.rewritten ?? {});
  const rewritten = families.reduce((sum, [, count]) => sum + count, 0);
  const perFamily = families.map(([family, count]) => `${FAMILY_NAMES[family] ?? family} ${count}`);
  return [
    `${report.changes} change${report.changes === 1 ? '' : 's'}`,
    `${rewritten} of ${report.artifacts} files rewritten${perFamily.length ? ` (${perFamily.join(', ')})` : ''}`,
    bytes(report.bytesWritten),
    `${(report.durationMs / 1000).toFixed(2)} s`,
  ].join(', ');
}
