import { useIntl } from 'react-intl';
import type { Overview } from '../api/admin-api-types';
import { getTranslation } from '../translations/get-translation';
import { ChangeRelayPanel } from './ChangeRelayPanel';
import { EdgePanel } from './EdgePanel';
import { MCP_ENDPOINT_ID } from './EndpointList';
import { Section } from './Section';
import { TrafficPanel } from './TrafficPanel';

/** How the site runs, where it is set up for it: agent traffic, other instances, the shared cache. */
export function OperationsSections({ overview }: { overview: Overview }) {
  const { formatMessage } = useIntl();
  return (
    <>
      {overview.traffic ? (
        <Section
          title={formatMessage({
            id: getTranslation('health.traffic.title'),
            defaultMessage: 'Agent traffic',
          })}
          subtitle={formatMessage(
            {
              id: getTranslation('health.traffic.subtitle'),
              defaultMessage:
                'The last {days} days, counted by every instance (no IP or per-request record is kept).',
            },
            { days: overview.traffic.days },
          )}
        >
          <TrafficPanel
            traffic={overview.traffic}
            mcp={overview.endpoints.find((endpoint) => endpoint.id === MCP_ENDPOINT_ID)}
          />
        </Section>
      ) : null}

      {overview.changeRelay ? (
        <Section
          title={formatMessage({
            id: getTranslation('health.relay.title'),
            defaultMessage: 'Other instances',
          })}
          subtitle={formatMessage({
            id: getTranslation('health.relay.subtitle'),
            defaultMessage:
              'Every commit is announced to the other instances over Redis; while it is down they poll.',
          })}
        >
          <ChangeRelayPanel relay={overview.changeRelay} />
        </Section>
      ) : null}

      {overview.edge ? (
        <Section
          title={formatMessage({
            id: getTranslation('health.edge.title'),
            defaultMessage: 'Shared cache',
          })}
          subtitle={formatMessage({
            id: getTranslation('health.edge.subtitle'),
            defaultMessage: 'Purges sent to the cache in front on every change, by every instance.',
          })}
        >
          <EdgePanel edge={overview.edge} />
        </Section>
      ) : null}
    </>
  );
}
