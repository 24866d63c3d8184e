import {
  Box,
  Flex,
  Grid,
  Table,
  Tbody,
  Td,
  Th,
  Thead,
  Tr,
  Typography,
} from '@strapi/design-system';
import type { AgentTraffic } from '../api/admin-api-types';

/** 1234567 → "1.2 MB" (decimal units, as browsers' network panels show sizes). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

const CHART_HEIGHT = 80;
const BAR_WIDTH = 10;
const BAR_GAP = 3;

/** Requests per day as bars, the 304 part of each darker: a glance at volume and revalidation. */
function DailyChart({ daily }: { daily: AgentTraffic['daily'] }) {
  const max = Math.max(1, ...daily.map((d) => d.requests));
  const width = daily.length * (BAR_WIDTH + BAR_GAP);
  const total = daily.reduce((sum, d) => sum + d.requests, 0);
  return (
    <svg
      role="img"
      aria-label={`Agent requests per day over ${daily.length} days: ${total} in all`}
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
            <title>{`${d.day}: ${d.requests} requests, ${d.notModified} answered 304`}</title>
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

/** The serving metrics: what agents fetched, and what the protocols saved compared with HTML. */
export function TrafficPanel({ traffic }: { traffic: AgentTraffic }) {
  const { totals } = traffic;
  const facts: [string, string][] = [
    ['Requests', String(totals.requests)],
    ['304 hit rate', percent(totals.notModifiedRate)],
    ['Bytes sent', formatBytes(totals.bytesSent)],
    ['Saved vs HTML', formatBytes(totals.bytesSaved)],
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
      {traffic.agents.length > 0 ? (
        <Table colCount={4} rowCount={traffic.agents.length + 1} aria-label="Top agents">
          <Thead>
            <Tr>
              <Th>
                <Typography variant="sigma">Agent</Typography>
              </Th>
              <Th>
                <Typography variant="sigma">Requests</Typography>
              </Th>
              <Th>
                <Typography variant="sigma">304 rate</Typography>
              </Th>
              <Th>
                <Typography variant="sigma">Saved vs HTML</Typography>
              </Th>
            </Tr>
          </Thead>
          <Tbody>
            {traffic.agents.slice(0, 10).map((agent) => (
              <Tr key={agent.family}>
                <Td>
                  <Typography>{agent.family}</Typography>
                </Td>
                <Td>
                  <Typography>{agent.requests}</Typography>
                </Td>
                <Td>
                  <Typography>{percent(agent.notModifiedRate)}</Typography>
                </Td>
                <Td>
                  <Typography>{formatBytes(agent.bytesSaved)}</Typography>
                </Td>
              </Tr>
            ))}
          </Tbody>
        </Table>
      ) : (
        <Typography textColor="neutral600">No agent has fetched anything yet.</Typography>
      )}
      {totals.htmlBytesEstimated > 0 ? (
        <Typography variant="pi" textColor="neutral600">
          {formatBytes(totals.htmlBytesEstimated)} of the HTML cost is an estimate: this server does
          not render the pages, so their real size is not known.
        </Typography>
      ) : null}
    </Flex>
  );
}
