import { Box, Flex, Grid, Table, Tbody, Td, Tr, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import type { AgentTraffic, Overview } from '../api/admin-api-types';
import { getTranslation } from '../translations/get-translation';
import { formatBytes, formatPercent } from './format-bytes';
import { TableHead } from './TableHead';

const CHART_HEIGHT = 80;
const BAR_WIDTH = 10;
const BAR_GAP = 3;

/** Requests per day as bars, the 304 part of each darker: a glance at volume and revalidation. */
function DailyChart({ daily }: { daily: AgentTraffic['daily'] }) {
  const { formatMessage } = useIntl();
  const max = Math.max(1, ...daily.map((d) => d.requests));
  const width = daily.length * (BAR_WIDTH + BAR_GAP);
  const total = daily.reduce((sum, d) => sum + d.requests, 0);
  return (
    <svg
      role="img"
      aria-label={formatMessage(
        {
          id: getTranslation('traffic.chart.label'),
          defaultMessage: 'Agent requests per day over {days} days: {total} in all',
        },
        { days: daily.length, total },
      )}
      width={width}
      height={CHART_HEIGHT}
      viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
    >
      {daily.map((d, i) => {
        const height = (d.requests / max) * CHART_HEIGHT;
        const revalidated = (d.notModified / max) * CHART_HEIGHT;
        const x = i * (BAR_WIDTH + BAR_GAP);
        return (
          <g key={d.day}>
            <title>
              {formatMessage(
                {
                  id: getTranslation('traffic.chart.day'),
                  defaultMessage: '{day}: {requests} requests, {notModified} answered 304',
                },
                { day: d.day, requests: d.requests, notModified: d.notModified },
              )}
            </title>
            <rect
              x={x}
              y={CHART_HEIGHT - height}
              width={BAR_WIDTH}
              height={height}
              fill="#b8b8f5"
            />
            <rect
              x={x}
              y={CHART_HEIGHT - revalidated}
              width={BAR_WIDTH}
              height={revalidated}
              fill="#4945ff"
            />
          </g>
        );
      })}
    </svg>
  );
}

/** The column labels the traffic tables share. */
interface Columns {
  requests: string;
  rate: string;
  bytesSent: string;
}

/** The metrics' kind MCP calls are counted under (core's ENDPOINT_KINDS). */
const MCP_KIND = 'mcp';

/**
 * Requests per endpoint kind, as the metrics count them. The MCP endpoint has a row even without
 * a call: its count while on, "Off" while off (never left out without a word).
 */
function EndpointTraffic({
  endpoints,
  mcp,
  columns,
}: {
  endpoints: AgentTraffic['endpoints'];
  mcp: Overview['endpoints'][number] | undefined;
  columns: Columns;
}) {
  const intl = useIntl();
  const { formatMessage } = intl;
  const off = formatMessage({ id: getTranslation('endpoint.off'), defaultMessage: 'Off' });
  const rows = endpoints.some((row) => row.kind === MCP_KIND)
    ? endpoints
    : [
        ...endpoints,
        { kind: MCP_KIND, requests: 0, notModifiedRate: 0, bytesSent: 0, withoutCalls: true },
      ];
  const mcpOff = mcp !== undefined && !mcp.enabled;
  return (
    <Table
      colCount={4}
      rowCount={rows.length + 1}
      aria-label={formatMessage({
        id: getTranslation('traffic.endpoints.label'),
        defaultMessage: 'Requests by endpoint',
      })}
    >
      <TableHead
        columns={[
          formatMessage({
            id: getTranslation('endpoints.column.endpoint'),
            defaultMessage: 'Endpoint',
          }),
          columns.requests,
          columns.rate,
          columns.bytesSent,
        ]}
      />
      <Tbody>
        {rows.map((row) => {
          const isMcp = row.kind === MCP_KIND;
          // An MCP endpoint that is off and was not called in the window: "Off" stands for it.
          const offOnly = isMcp && mcpOff && 'withoutCalls' in row;
          return (
            <Tr key={row.kind}>
              <Td>
                <Typography>
                  {isMcp
                    ? formatMessage({
                        id: getTranslation('endpoint.mcp'),
                        defaultMessage: 'MCP server',
                      })
                    : row.kind}
                </Typography>
                {isMcp && mcpOff && !offOnly ? (
                  <Typography variant="pi" textColor="neutral600">
                    {' '}
                    ({off})
                  </Typography>
                ) : null}
              </Td>
              <Td>
                <Typography textColor={offOnly ? 'neutral600' : undefined}>
                  {offOnly ? off : intl.formatNumber(row.requests)}
                </Typography>
              </Td>
              <Td>
                <Typography>{offOnly ? '–' : formatPercent(intl, row.notModifiedRate)}</Typography>
              </Td>
              <Td>
                <Typography>{offOnly ? '–' : formatBytes(intl, row.bytesSent)}</Typography>
              </Td>
            </Tr>
          );
        })}
      </Tbody>
    </Table>
  );
}

/**
 * The serving metrics: what agents fetched, and what the protocols saved compared with HTML.
 * `mcp`: the MCP endpoint's entry of the endpoint list (on or off).
 */
export function TrafficPanel({
  traffic,
  mcp,
}: {
  traffic: AgentTraffic;
  mcp?: Overview['endpoints'][number];
}) {
  const intl = useIntl();
  const { formatMessage } = intl;
  const { totals } = traffic;
  const savedVsHtml = formatMessage({
    id: getTranslation('traffic.savedVsHtml'),
    defaultMessage: 'Saved vs HTML',
  });
  const columns: Columns = {
    requests: formatMessage({
      id: getTranslation('traffic.column.requests'),
      defaultMessage: 'Requests',
    }),
    rate: formatMessage({ id: getTranslation('traffic.column.rate'), defaultMessage: '304 rate' }),
    bytesSent: formatMessage({
      id: getTranslation('traffic.bytesSent'),
      defaultMessage: 'Bytes sent',
    }),
  };
  const facts: [string, string][] = [
    [
      formatMessage({ id: getTranslation('traffic.requests'), defaultMessage: 'Requests' }),
      intl.formatNumber(totals.requests),
    ],
    [
      formatMessage({ id: getTranslation('traffic.hitRate'), defaultMessage: '304 hit rate' }),
      formatPercent(intl, totals.notModifiedRate),
    ],
    [columns.bytesSent, formatBytes(intl, totals.bytesSent)],
    [savedVsHtml, formatBytes(intl, totals.bytesSaved)],
  ];
  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Grid.Root gap={4}>
        {facts.map(([label, value]) => (
          <Grid.Item key={label} col={3} s={6} xs={12}>
            <Flex direction="column" alignItems="flex-start" gap={1}>
              <Typography variant="sigma" textColor="neutral600">
                {label}
              </Typography>
              <Typography variant="beta" tag="p" aria-label={label}>
                {value}
              </Typography>
            </Flex>
          </Grid.Item>
        ))}
      </Grid.Root>
      <Box>
        <DailyChart daily={traffic.daily} />
      </Box>
      <EndpointTraffic endpoints={traffic.endpoints} mcp={mcp} columns={columns} />
      {traffic.agents.length > 0 ? (
        <Table
          colCount={4}
          rowCount={traffic.agents.length + 1}
          aria-label={formatMessage({
            id: getTranslation('traffic.agents.label'),
            defaultMessage: 'Top agents',
          })}
        >
          <TableHead
            columns={[
              formatMessage({
                id: getTranslation('traffic.column.agent'),
                defaultMessage: 'Agent',
              }),
              columns.requests,
              columns.rate,
              savedVsHtml,
            ]}
          />
          <Tbody>
            {traffic.agents.slice(0, 10).map((agent) => (
              <Tr key={agent.family}>
                <Td>
                  <Typography>{agent.family}</Typography>
                </Td>
                <Td>
                  <Typography>{intl.formatNumber(agent.requests)}</Typography>
                </Td>
                <Td>
                  <Typography>{formatPercent(intl, agent.notModifiedRate)}</Typography>
                </Td>
                <Td>
                  <Typography>{formatBytes(intl, agent.bytesSaved)}</Typography>
                </Td>
              </Tr>
            ))}
          </Tbody>
        </Table>
      ) : (
        <Typography textColor="neutral600">
          {formatMessage({
            id: getTranslation('traffic.agents.none'),
            defaultMessage: 'No agent has fetched anything yet.',
          })}
        </Typography>
      )}
      {totals.htmlBytesEstimated > 0 ? (
        <Typography variant="pi" textColor="neutral600">
          {formatMessage(
            {
              id: getTranslation('traffic.htmlEstimated'),
              defaultMessage:
                '{bytes} of the HTML cost is an estimate: this server does not render the pages, so their real size is not known.',
            },
            { bytes: formatBytes(intl, totals.htmlBytesEstimated) },
          )}
        </Typography>
      ) : null}
    </Flex>
  );
}
