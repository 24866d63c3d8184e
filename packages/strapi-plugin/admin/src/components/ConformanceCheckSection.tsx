import { useState } from 'react';
import {
  Box,
  Button,
  Flex,
  SingleSelect,
  SingleSelectOption,
  Typography,
} from '@strapi/design-system';
import { Check } from '@strapi/icons';
import { useIntl } from 'react-intl';
import type { CheckTarget, SiteCheck } from '../api/admin-api-types';
import { getTranslation } from '../translations/get-translation';
import { CheckResults } from './CheckResults';
import { Section } from './Section';

/**
 * **Check now**: the conformance check of what agents fetch, against the target chosen (what
 * agents see, the public origin or this server), and the last result.
 */
export function ConformanceCheckSection(props: {
  check: SiteCheck | undefined;
  run(target: CheckTarget): Promise<void>;
}) {
  const { formatMessage } = useIntl();
  const { check } = props;
  const [target, setTarget] = useState<CheckTarget>('auto');
  const [checking, setChecking] = useState(false);
  const runNow = async () => {
    setChecking(true);
    try {
      await props.run(target);
    } finally {
      setChecking(false);
    }
  };
  return (
    <Section
      title={formatMessage({
        id: getTranslation('health.check.title'),
        defaultMessage: 'Conformance check',
      })}
      subtitle={formatMessage(
        {
          id: getTranslation('health.check.subtitle'),
          defaultMessage: 'The checks of {command}, on a sample of documents.',
        },
        { command: '`agent-ready validate`' },
      )}
      action={
        <Flex gap={2}>
          <Box minWidth="240px">
            <SingleSelect
              aria-label={formatMessage({
                id: getTranslation('health.check.target'),
                defaultMessage: 'Check target',
              })}
              size="S"
              value={target}
              onChange={(value) => setTarget(value as CheckTarget)}
            >
              <SingleSelectOption value="auto">
                {formatMessage({
                  id: getTranslation('health.check.target.auto'),
                  defaultMessage: 'What agents see (automatic)',
                })}
              </SingleSelectOption>
              <SingleSelectOption value="public">
                {formatMessage({
                  id: getTranslation('health.check.target.public'),
                  defaultMessage: 'Public origin',
                })}
              </SingleSelectOption>
              <SingleSelectOption value="server">
                {formatMessage({
                  id: getTranslation('health.check.target.server'),
                  defaultMessage: 'This Strapi server',
                })}
              </SingleSelectOption>
            </SingleSelect>
          </Box>
          <Button startIcon={<Check />} onClick={() => void runNow()} loading={checking} size="S">
            {formatMessage({
              id: getTranslation('health.check.run'),
              defaultMessage: 'Check now',
            })}
          </Button>
        </Flex>
      }
    >
      {check ? (
        <CheckResults check={check} />
      ) : (
        <Typography textColor="neutral600">
          {formatMessage({
            id: getTranslation('health.check.none'),
            defaultMessage:
              'Not checked yet. The check fetches what agents fetch and reports every rule it tests.',
          })}
        </Typography>
      )}
    </Section>
  );
}
