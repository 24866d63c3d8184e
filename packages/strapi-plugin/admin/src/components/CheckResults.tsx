import { Badge, Flex, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import type { CheckStatus, SiteCheck } from '../api/admin-api-types';
import { formatDate } from './format-date';

const VARIANT: Record<CheckStatus, 'success' | 'danger' | 'warning' | 'neutral'> = {
  pass: 'success',
  fail: 'danger',
  warn: 'warning',
  'not-tested': 'neutral',
};
const ORDER: Record<CheckStatus, number> = { fail: 0, warn: 1, pass: 2, 'not-tested': 3 };

/** `agent-ready validate`'s results: failures first, each with its evidence. */
export function CheckResults({ check }: { check: SiteCheck }) {
  const { report } = check;
  const checks = [...report.checks].sort((a, b) => ORDER[a.status] - ORDER[b.status]);
  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Flex gap={2} wrap="wrap" aria-label="Check summary">
        <Typography>
          {report.origin} ({check.target === 'public' ? 'public origin' : 'this server'}),{' '}
          {formatDate(report.startedAt)}, {(report.durationMs / 1000).toFixed(1)} s:
        </Typography>
        <Badge variant="success">{report.summary.pass} pass</Badge>
        <Badge variant="danger">{report.summary.fail} fail</Badge>
        <Badge variant="warning">{report.summary.warn} warn</Badge>
        <Badge>{report.summary.notTested} not tested</Badge>
      </Flex>
      {report.budgetSpent ? (
        <Typography textColor="warning600">
          Stopped early by its budget ({report.budgetSpent}): some checks were not tested.
        </Typography>
      ) : null}
      <Table colCount={3} rowCount={checks.length + 1} aria-label="Check results">
        <Thead>
          <Tr>
            <Th>
              <Typography variant="sigma">Status</Typography>
            </Th>
            <Th>
              <Typography variant="sigma">Check</Typography>
            </Th>
            <Th>
              <Typography variant="sigma">Evidence</Typography>
            </Th>
          </Tr>
        </Thead>
        <Tbody>
          {checks.map((result) => (
            <Tr key={result.id} data-check={result.id} data-status={result.status}>
              <Td>
                <Badge variant={VARIANT[result.status]}>{result.status}</Badge>
              </Td>
              <Td style={{ whiteSpace: 'normal' }}>
                <Flex direction="column" alignItems="flex-start" gap={1}>
                  <Typography>{result.title}</Typography>
                  <Typography variant="pi" textColor="neutral600">
                    {result.id} · {result.rule}
                  </Typography>
                </Flex>
              </Td>
              <Td style={{ whiteSpace: 'normal', maxWidth: 480 }}>
                <Flex direction="column" alignItems="flex-start" gap={1}>
                  <Typography style={{ wordBreak: 'break-word' }}>
                    {result.evidence.detail}
                  </Typography>
                  {result.evidence.request ? (
                    <Typography
                      variant="pi"
                      textColor="neutral600"
                      style={{ wordBreak: 'break-all' }}
                    >
                      {result.evidence.request.method} {result.evidence.request.url}
                      {result.evidence.response ? ` → ${result.evidence.response.status}` : ''}
                    </Typography>
                  ) : null}
                </Flex>
              </Td>
            </Tr>
          ))}
        </Tbody>
      </Table>
    </Flex>
  );
}
