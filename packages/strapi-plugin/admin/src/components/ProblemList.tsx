import { Badge, Flex, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import type { Overview } from '../api/admin-api-types';
import { getTranslation } from '../translations/get-translation';
import { formatDate } from './format-date';

/**
 * The warnings and errors the plugin logged lately, newest first. The messages are the log's
 * own lines (English), so that they can be searched for in the server's log.
 */
export function ProblemList({ problems }: { problems: Overview['problems'] }) {
  const intl = useIntl();
  const { formatMessage } = intl;
  if (problems.length === 0) {
    return (
      <Typography textColor="neutral600">
        {formatMessage({
          id: getTranslation('problems.none'),
          defaultMessage: 'No failure since this server started.',
        })}
      </Typography>
    );
  }
  return (
    <Flex
      tag="ul"
      direction="column"
      alignItems="stretch"
      gap={3}
      aria-label={formatMessage({
        id: getTranslation('problems.label'),
        defaultMessage: 'Recent problems',
      })}
    >
      {problems.map((problem, index) => (
        <Flex tag="li" key={`${problem.at} ${index}`} gap={3} alignItems="flex-start">
          <Badge variant={problem.level === 'error' ? 'danger' : 'warning'}>
            {problem.level === 'error'
              ? formatMessage({
                  id: getTranslation('problems.level.error'),
                  defaultMessage: 'error',
                })
              : formatMessage({
                  id: getTranslation('problems.level.warn'),
                  defaultMessage: 'warn',
                })}
          </Badge>
          <Flex direction="column" alignItems="flex-start" gap={1}>
            <Typography variant="pi" textColor="neutral600">
              {formatDate(intl, problem.at)}
            </Typography>
            <Typography style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {problem.message}
            </Typography>
          </Flex>
        </Flex>
      ))}
    </Flex>
  );
}
