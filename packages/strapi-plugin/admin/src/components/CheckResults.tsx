import { Badge, Flex, Table, Tbody, Td, Tr, Typography } from '@strapi/design-system';
import { useIntl, type IntlShape } from 'react-intl';
import type { CheckStatus, SiteCheck } from '../api/admin-api-types';
import { getTranslation } from '../translations/get-translation';
import { formatDate } from './format-date';
import { TableHead } from './TableHead';

const VARIANT: Record<CheckStatus, 'success' | 'danger' | 'warning' | 'neutral'> = {
  pass: 'success',
  fail: 'danger',
  warn: 'warning',
  'not-tested': 'neutral',
};
const ORDER: Record<CheckStatus, number> = { fail: 0, warn: 1, pass: 2, 'not-tested': 3 };

/** A check's status as its badge says it. */
function statusLabel({ formatMessage }: IntlShape, status: CheckStatus): string {
  switch (status) {
    case 'pass':
      return formatMessage({ id: getTranslation('check.status.pass'), defaultMessage: 'pass' });
    case 'fail':
      return formatMessage({ id: getTranslation('check.status.fail'), defaultMessage: 'fail' });
    case 'warn':
      return formatMessage({ id: getTranslation('check.status.warn'), defaultMessage: 'warn' });
    case 'not-tested':
      return formatMessage({
        id: getTranslation('check.status.notTested'),
        defaultMessage: 'not tested',
      });
  }
}

/**
 * `agent-ready validate`'s results: failures first, each with its evidence. Check titles and
 * evidence come from the validator as they are (English, like its CLI report).
 */
export function CheckResults({ check }: { check: SiteCheck }) {
  const intl = useIntl();
  const { formatMessage } = intl;
  const { report } = check;
  const checks = [...report.checks].sort((a, b) => ORDER[a.status] - ORDER[b.status]);
  const target =
    check.target === 'public'
      ? formatMessage({
          id: getTranslation('check.target.public'),
          defaultMessage: 'public origin',
        })
      : formatMessage({
          id: getTranslation('check.target.server'),
          defaultMessage: 'this Strapi server, under the public URLs',
        });
  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Flex
        gap={2}
        wrap="wrap"
        aria-label={formatMessage({
          id: getTranslation('check.summary.label'),
          defaultMessage: 'Check summary',
        })}
      >
        <Typography>
          {formatMessage(
            {
              id: getTranslation('check.summary.run'),
              defaultMessage: '{origin} ({target}), {date}, {seconds} s:',
            },
            {
              origin: report.origin,
              target,
              date: formatDate(intl, report.startedAt),
              seconds: intl.formatNumber(report.durationMs / 1000, {
                minimumFractionDigits: 1,
                maximumFractionDigits: 1,
              }),
            },
          )}
        </Typography>
        <Badge variant="success">
          {formatMessage(
            { id: getTranslation('check.summary.pass'), defaultMessage: '{count} pass' },
            { count: report.summary.pass },
          )}
        </Badge>
        <Badge variant="danger">
          {formatMessage(
            { id: getTranslation('check.summary.fail'), defaultMessage: '{count} fail' },
            { count: report.summary.fail },
          )}
        </Badge>
        <Badge variant="warning">
          {formatMessage(
            { id: getTranslation('check.summary.warn'), defaultMessage: '{count} warn' },
            { count: report.summary.warn },
          )}
        </Badge>
        <Badge>
          {formatMessage(
            { id: getTranslation('check.summary.notTested'), defaultMessage: '{count} not tested' },
            { count: report.summary.notTested },
          )}
        </Badge>
      </Flex>
      {check.reason ? <Typography textColor="neutral600">{check.reason}</Typography> : null}
      {report.budgetSpent ? (
        <Typography textColor="warning600">
          {formatMessage(
            {
              id: getTranslation('check.budgetSpent'),
              defaultMessage:
                'Stopped early by its budget ({budget}): some checks were not tested.',
            },
            { budget: report.budgetSpent },
          )}
        </Typography>
      ) : null}
      {check.coverage && check.coverage.warnings.length > 0 ? (
        <Flex
          direction="column"
          alignItems="stretch"
          gap={1}
          aria-label={formatMessage({
            id: getTranslation('check.coverage.label'),
            defaultMessage: 'Text reaching agents',
          })}
        >
          <Typography textColor="warning600" fontWeight="bold">
            {formatMessage(
              {
                id: getTranslation('check.coverage.warn'),
                defaultMessage:
                  '{count, plural, one {# content type gets} other {# content types get}} less than {percent}% of its text to agents:',
              },
              {
                count: check.coverage.warnings.length,
                percent: Math.round(check.coverage.measure.threshold * 100),
              },
            )}
          </Typography>
          {check.coverage.warnings.map((warning) => (
            <Typography key={warning} variant="pi">
              {warning}
            </Typography>
          ))}
        </Flex>
      ) : check.coverage ? (
        <Typography variant="pi" textColor="success600">
          {formatMessage(
            {
              id: getTranslation('check.coverage.ok'),
              defaultMessage: 'Every content type gets at least {percent}% of its text to agents.',
            },
            { percent: Math.round(check.coverage.measure.threshold * 100) },
          )}
        </Typography>
      ) : null}
      <Table
        colCount={3}
        rowCount={checks.length + 1}
        aria-label={formatMessage({
          id: getTranslation('check.results.label'),
          defaultMessage: 'Check results',
        })}
      >
        <TableHead
          columns={[
            formatMessage({
              id: getTranslation('check.column.status'),
              defaultMessage: 'Status',
            }),
            formatMessage({
              id: getTranslation('check.column.check'),
              defaultMessage: 'Check',
            }),
            formatMessage({
              id: getTranslation('check.column.evidence'),
              defaultMessage: 'Evidence',
            }),
          ]}
        />
        <Tbody>
          {checks.map((result) => (
            <Tr key={result.id} data-check={result.id} data-status={result.status}>
              <Td>
                <Badge variant={VARIANT[result.status]}>{statusLabel(intl, result.status)}</Badge>
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
