import type { CheckStatus } from './check-recorder';
import type { ValidationReport } from './validate-site';

const LABEL: Record<CheckStatus, string> = {
  pass: 'pass',
  fail: 'FAIL',
  warn: 'warn',
  'not-tested': 'not tested',
};

const MAX_DETAIL = 220;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > MAX_DETAIL ? `${line.slice(0, MAX_DETAIL - 1)}…` : line;
}

/** The report as a table, one check a line, then the summary line. */
export function formatValidationReport(report: ValidationReport): string {
  const idWidth = Math.max(...report.checks.map((c) => c.id.length));
  const lines = [
    `agent-ready validate ${report.origin} (TCT profile ${report.tctProfile}, ${report.tctProfileSource === 'option' ? 'as asked' : 'as the site declares it'})`,
    ...(report.connections ?? []).map(
      ({ origin, via }) => `requests for ${origin} sent to ${via} (its URLs and Host kept)`,
    ),
    '',
  ];
  for (const check of report.checks) {
    const runs = check.counts.pass + check.counts.fail + check.counts.warn;
    const count = runs > 1 ? ` (${check.counts.pass}/${runs} pass)` : '';
    const { request } = check.evidence;
    const where =
      check.status === 'fail' || check.status === 'warn'
        ? request
          ? ` [${request.method} ${request.url}]`
          : ''
        : '';
    lines.push(
      `${LABEL[check.status].padEnd(10)}  ${check.id.padEnd(idWidth)}  ${clip(`${check.evidence.detail}${count}${where}`)}`,
    );
  }
  const { summary, requests } = report;
  lines.push(
    '',
    `${summary.total} checks: ${summary.pass} pass, ${summary.fail} fail, ${summary.warn} warn, ` +
      `${summary.notTested} not tested · ${requests.requests} requests, ` +
      `${formatBytes(requests.bytesReceived)} received, ${(report.durationMs / 1000).toFixed(1)} s` +
      `${report.budgetSpent ? ` · stopped early: ${report.budgetSpent}` : ''}`,
  );
  return `${lines.join('\n')}\n`;
}
