import type { IntlShape } from 'react-intl';
import type { Overview } from '../api/admin-api-types';
import { getTranslation } from '../translations/get-translation';
import { formatBytes } from './format-bytes';

type RebuildReport = NonNullable<Overview['regeneration']['lastRebuild']>;

/** Artifact families as editors know them; their names are the same in every language. */
const FAMILY_NAMES: Record<string, string> = {
  scp: 'SCP',
  'llms-txt': 'llms.txt',
  llmindex: 'llmindex',
};

function familyName(intl: IntlShape, family: string): string {
  if (family === 'tct-sitemap') {
    return intl.formatMessage({
      id: getTranslation('burst.family.sitemap'),
      defaultMessage: 'sitemap',
    });
  }
  return FAMILY_NAMES[family] ?? family;
}

/**
 * What the last burst cost: `3 changes: 12 rows read, 1 sitemap shard, 2 of 40 files rewritten
 * (SCP 2), 4.1 kB, 0.12 s`. Files whose bytes did not change keep their stored copy and are not
 * counted as rewritten. On a site that grows, these figures stay put: they follow the change.
 */
export function describeBurst(intl: IntlShape, report: RebuildReport): string {
  const { formatMessage, formatNumber } = intl;
  const families = Object.entries(report.rewritten ?? {});
  const rewritten = families.reduce((sum, [, count]) => sum + count, 0);
  const perFamily = families
    .map(([family, count]) => `${familyName(intl, family)} ${formatNumber(count)}`)
    .join(', ');
  const seconds = formatNumber(report.durationMs / 1000, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return formatMessage(
    {
      id: getTranslation('burst.summary'),
      defaultMessage:
        '{changes, plural, one {# change} other {# changes}}: {rows, plural, one {# row} other {# rows}} read, {shards, plural, one {# sitemap shard} other {# sitemap shards}}, {rewritten, number} of {artifacts, number} files rewritten{hasFamilies, select, yes { ({perFamily})} other {}}, {bytes}, {seconds} s',
    },
    {
      changes: report.changes,
      rows: report.rowsRead,
      shards: report.sitemapShards,
      rewritten,
      artifacts: report.artifacts,
      hasFamilies: families.length > 0 ? 'yes' : 'no',
      perFamily,
      bytes: formatBytes(intl, report.bytesWritten),
      seconds,
    },
  );
}
