import { Badge, Table, Tbody, Td, Tr, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import type { Overview } from '../api/admin-api-types';
import { getTranslation } from '../translations/get-translation';
import { CoverageBadge } from './CoverageSummary';
import { TableHead } from './TableHead';

/**
 * Exposed content types per locale: published in Strapi beside served to agents, and how much of
 * the type's text reaches them. A type without pages of its own has no documents to serve: its
 * entries are shown in the pages that refer to them.
 */
export function ContentTable({ contentTypes }: { contentTypes: Overview['contentTypes'] }) {
  const { formatMessage } = useIntl();
  const rows = contentTypes.flatMap((type) => type.locales.map((counts) => ({ type, ...counts })));
  if (rows.length === 0) {
    return (
      <Typography textColor="neutral600">
        {formatMessage({
          id: getTranslation('content.empty'),
          defaultMessage: 'No content type is exposed.',
        })}
      </Typography>
    );
  }
  return (
    <Table
      colCount={5}
      rowCount={rows.length + 1}
      aria-label={formatMessage({
        id: getTranslation('content.table.label'),
        defaultMessage: 'Exposed content',
      })}
    >
      <TableHead
        columns={[
          formatMessage({
            id: getTranslation('content.column.type'),
            defaultMessage: 'Content type',
          }),
          formatMessage({
            id: getTranslation('content.column.locale'),
            defaultMessage: 'Locale',
          }),
          formatMessage({
            id: getTranslation('content.column.published'),
            defaultMessage: 'Published in Strapi',
          }),
          formatMessage({
            id: getTranslation('content.column.served'),
            defaultMessage: 'Served to agents',
          }),
          formatMessage({
            id: getTranslation('content.column.coverage'),
            defaultMessage: 'Text reaching agents',
          }),
        ]}
      />
      <Tbody>
        {rows.map((row) => (
          <Tr key={`${row.type.uid} ${row.locale}`}>
            <Td>
              <Typography fontWeight="bold">{row.type.displayName}</Typography>{' '}
              <Typography variant="pi" textColor="neutral600">
                {row.type.uid}
              </Typography>
            </Td>
            <Td>
              <Typography>
                {row.locale === ''
                  ? formatMessage({
                      id: getTranslation('content.notLocalized'),
                      defaultMessage: 'not localized',
                    })
                  : row.locale}
              </Typography>
            </Td>
            <Td>
              <Typography>{row.published}</Typography>
            </Td>
            <Td>
              {row.type.pages ? (
                <Badge variant={row.served === row.published ? 'success' : 'warning'}>
                  {row.served}
                </Badge>
              ) : (
                <Typography variant="pi" textColor="neutral600">
                  {formatMessage({
                    id: getTranslation('content.inPages'),
                    defaultMessage: 'no pages of its own: shown in the pages that refer to it',
                  })}
                </Typography>
              )}
            </Td>
            <Td>{row.type.coverage ? <CoverageBadge coverage={row.type.coverage} /> : null}</Td>
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}
