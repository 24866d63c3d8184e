import { Badge, Flex, Typography } from '@strapi/design-system';
import type { Overview } from '../api/admin-api-types';
import { formatDate } from './format-date';

/** The warnings and errors the plugin logged lately, newest first. */
export function ProblemList({ problems }: { problems: Overview['problems'] }) {
  if (problems.length === 0) {
    return <Typography textColor="neutral600">No failure since this server started.</Typography>;
  }
  return (
    <Flex tag="ul" direction="column" alignItems="stretch" gap={3} aria-label="Recent problems">
      {problems.map((problem, index) => (
        <Flex tag="li" key={`${problem.at} ${index}`} gap={3} alignItems="flex-start">
          <Badge variant={problem.level === 'error' ? 'danger' : 'warning'}>{problem.level}</Badge>
          <Flex direction="column" alignItems="flex-start" gap={1}>
            <Typography variant="pi" textColor="neutral600">
              {formatDate(problem.at)}
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
