import { Link, Table, Tbody, Td, Tr, Typography } from '@strapi/design-system';
import { useIntl, type IntlShape } from 'react-intl';
import type { Overview } from '../api/admin-api-types';
import { getTranslation } from '../translations/get-translation';
import { TableHead } from './TableHead';

type Endpoint = Overview['endpoints'][number];

/** The MCP endpoint's entry (the server lists it after the families: list-endpoints.ts). */
export const MCP_ENDPOINT_ID = 'mcp';

/**
 * The endpoint's name in the admin panel's language: a message per family of core's registry
 * (`endpoint.family.<name>`, held to the registry's labels by the translations test) or for the
 * MCP endpoint, its English label from the server otherwise.
 */
function endpointName({ formatMessage }: IntlShape, endpoint: Endpoint): string {
  if (endpoint.id === MCP_ENDPOINT_ID)
    return formatMessage({ id: getTranslation('endpoint.mcp'), defaultMessage: 'MCP server' });
  return formatMessage({
    id: getTranslation(`endpoint.family.${endpoint.id}`),
    defaultMessage: endpoint.label,
  });
}

/** Why an endpoint is off or not there yet; the server's English note for a reason it adds later. */
function endpointNote({ formatMessage }: IntlShape, endpoint: Endpoint): string | undefined {
  switch (endpoint.reason) {
    case 'no-document':
      return formatMessage({
        id: getTranslation('endpoint.note.noDocument'),
        defaultMessage: 'No published document is served yet.',
      });
    case 'not-built':
      return formatMessage({
        id: getTranslation('endpoint.note.notBuilt'),
        defaultMessage: 'Not built yet.',
      });
    case 'off-in-config':
      return formatMessage(
        {
          id: getTranslation('endpoint.note.offInConfig'),
          defaultMessage: 'Off: set {key} in config/plugins to serve it.',
        },
        // The option that turns it on, as the server read it from core's registry.
        { key: endpoint.option ?? endpoint.id },
      );
    case 'off-in-settings':
      return formatMessage({
        id: getTranslation('endpoint.note.offInSettings'),
        defaultMessage: 'Off: enable it in the settings.',
      });
    default:
      return endpoint.note;
  }
}

/** The public endpoints: where agents ask (public origin) and the same path on this server. */
export function EndpointList({ endpoints }: { endpoints: Overview['endpoints'] }) {
  const intl = useIntl();
  const { formatMessage } = intl;
  return (
    <Table
      colCount={3}
      rowCount={endpoints.length + 1}
      aria-label={formatMessage({
        id: getTranslation('endpoints.table.label'),
        defaultMessage: 'Public endpoints',
      })}
    >
      <TableHead
        columns={[
          formatMessage({
            id: getTranslation('endpoints.column.endpoint'),
            defaultMessage: 'Endpoint',
          }),
          formatMessage({
            id: getTranslation('endpoints.column.publicUrl'),
            defaultMessage: 'Public URL',
          }),
          formatMessage({
            id: getTranslation('endpoints.column.onThisServer'),
            defaultMessage: 'On this server',
          }),
        ]}
      />
      <Tbody>
        {endpoints.map((endpoint) => {
          const note = endpointNote(intl, endpoint);
          return (
            <Tr key={endpoint.id}>
              <Td>
                <Typography fontWeight="bold">{endpointName(intl, endpoint)}</Typography>
              </Td>
              <Td>
                {endpoint.enabled && endpoint.url ? (
                  <Link href={endpoint.url} isExternal>
                    {endpoint.url}
                  </Link>
                ) : (
                  <Typography textColor="neutral600">
                    {note ??
                      formatMessage({ id: getTranslation('endpoint.off'), defaultMessage: 'Off' })}
                  </Typography>
                )}
                {endpoint.enabled && note ? (
                  <Typography variant="pi" textColor="neutral600">
                    {' '}
                    {note}
                  </Typography>
                ) : null}
              </Td>
              <Td>
                {endpoint.enabled && endpoint.path ? (
                  <Link href={endpoint.path} isExternal>
                    {endpoint.path}
                  </Link>
                ) : (
                  <Typography textColor="neutral600">–</Typography>
                )}
              </Td>
            </Tr>
          );
        })}
      </Tbody>
    </Table>
  );
}
