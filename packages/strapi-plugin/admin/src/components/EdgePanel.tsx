import { Badge, Box, Flex, Grid, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import type { EdgeStatus } from '../api/admin-api-types';
import { getTranslation } from '../translations/get-translation';
import { FactCell } from './FactCell';
import { formatDate } from './format-date';

/**
 * The shared cache in front (the `edge` option) and its purges: tags sent, failed requests, tags
 * waiting, and the last error, as the purge outbox in the database has them (every instance's).
 */
export function EdgePanel({ edge }: { edge: EdgeStatus }) {
  const intl = useIntl();
  const { formatMessage, formatNumber } = intl;
  const { purges } = edge;
  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Grid.Root gap={4}>
        <FactCell
          label={formatMessage({ id: getTranslation('edge.purger'), defaultMessage: 'Cache' })}
        >
          {edge.purger}
        </FactCell>
        <FactCell
          label={formatMessage({
            id: getTranslation('edge.sent'),
            defaultMessage: 'Purges sent',
          })}
        >
          {formatMessage(
            {
              id: getTranslation('edge.sent.value'),
              defaultMessage: '{tags} tags in {requests} requests ({resent} re-purged)',
            },
            {
              tags: formatNumber(purges.sent),
              requests: formatNumber(purges.requests),
              resent: formatNumber(purges.resent),
            },
          )}
        </FactCell>
        <FactCell
          label={formatMessage({
            id: getTranslation('edge.failed'),
            defaultMessage: 'Purge requests failed',
          })}
        >
          <Badge variant={purges.failed > 0 ? 'danger' : 'success'}>
            {formatNumber(purges.failed)}
          </Badge>
        </FactCell>
        <FactCell
          label={formatMessage({
            id: getTranslation('edge.waiting'),
            defaultMessage: 'Tags waiting',
          })}
        >
          {formatMessage(
            {
              id: getTranslation('edge.waiting.value'),
              defaultMessage: '{waiting} ({settling} to re-purge, {retrying} being retried)',
            },
            {
              waiting: formatNumber(purges.waiting),
              settling: formatNumber(purges.settling),
              retrying: formatNumber(purges.retrying),
            },
          )}
        </FactCell>
        <FactCell
          label={formatMessage({
            id: getTranslation('edge.lastSent'),
            defaultMessage: 'Last purge sent',
          })}
        >
          {formatDate(intl, purges.lastSentAt)}
        </FactCell>
        <FactCell
          label={formatMessage({
            id: getTranslation('edge.sharedMaxAge'),
            defaultMessage: 'Shared cache lifetime',
          })}
        >
          {formatMessage(
            { id: getTranslation('edge.seconds'), defaultMessage: '{seconds} s' },
            { seconds: formatNumber(edge.sharedMaxAge) },
          )}
        </FactCell>
      </Grid.Root>
      <Box>
        <Typography variant="sigma" textColor="neutral600">
          {formatMessage({ id: getTranslation('edge.lastError'), defaultMessage: 'Last error' })}
        </Typography>
        <Typography tag="p" textColor={purges.lastError ? 'danger600' : undefined}>
          {purges.lastError
            ? formatMessage(
                {
                  id: getTranslation('edge.lastError.value'),
                  defaultMessage:
                    '{date}: {message}{permanent, select, yes { (not retried: fix the purger settings)} other {}}',
                },
                {
                  date: formatDate(intl, purges.lastError.at),
                  message: purges.lastError.message,
                  permanent: purges.lastError.permanent ? 'yes' : 'no',
                },
              )
            : formatMessage({ id: getTranslation('edge.lastError.none'), defaultMessage: 'None' })}
        </Typography>
      </Box>
    </Flex>
  );
}
