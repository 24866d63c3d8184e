import { Link, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import type { Overview } from '../api/admin-api-types';

/** The public endpoints: where agents ask (public origin) and the same path on this server. */
export function EndpointList({ endpoints }: { endpoints: Overview['endpoints'] }) {
  return (
    <Table colCount={3} rowCount={endpoints.length + 1} aria-label="Public endpoints">
      <Thead>
        <Tr>
          <Th>
            <Typography variant="sigma">Endpoint</Typography>
          </Th>
          <Th>
            <Typography variant="sigma">Public URL</Typography>
          </Th>
          <Th>
            <Typography variant="sigma">On this server</Typography>
          </Th>
        </Tr>
      </Thead>
      <Tbody>
        {endpoints.map((endpoint) => (
          <Tr key={endpoint.id}>
            <Td>
              <Typography fontWeight="bold">{endpoint.label}</Typography>
            </Td>
            <Td>
              {endpoint.enabled && endpoint.url ? (
                <Link href={endpoint.url} isExternal>
                  {endpoint.url}
                </Link>
              ) : (
                <Typography textColor="neutral600">{endpoint.note ?? 'Off'}</Typography>
              )}
              {endpoint.enabled && endpoint.note ? (
                <Typography variant="pi" textColor="neutral600">
                  {' '}
                  {endpoint.note}
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
        ))}
      </Tbody>
    </Table>
  );
}
