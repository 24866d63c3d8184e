import { Flex, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import type { Overview } from '../api/admin-api-types';
import { getTranslation } from '../translations/get-translation';
import { CoverageSummary } from './CoverageSummary';
import { Section } from './Section';

/** The text of each content type that reaches agents, and the fields left out (and why). */
export function CoverageSection(props: { contentTypes: Overview['contentTypes'] }) {
  const { formatMessage } = useIntl();
  return (
    <Section
      title={formatMessage({
        id: getTranslation('health.coverage.title'),
        defaultMessage: 'Text that reaches agents',
      })}
      subtitle={formatMessage({
        id: getTranslation('health.coverage.subtitle'),
        defaultMessage:
          'Every heading, paragraph, label, list item, alt text and caption of the entries (a sample of each type), looked for in what agents get; the fields left out, and why. Roles and overrides: the settings page.',
      })}
    >
      {props.contentTypes.map((type) =>
        type.coverage ? (
          <Flex key={type.uid} direction="column" alignItems="stretch" gap={1}>
            <Typography fontWeight="bold">{type.displayName}</Typography>
            <CoverageSummary coverage={type.coverage} />
          </Flex>
        ) : null,
      )}
    </Section>
  );
}
