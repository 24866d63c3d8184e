import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  Flex,
  SingleSelect,
  SingleSelectOption,
  Typography,
} from '@strapi/design-system';
import { ArrowClockwise, Check } from '@strapi/icons';
import { Layouts, Page, useNotification, useRBAC } from '@strapi/strapi/admin';
import { useIntl } from 'react-intl';
import type { CheckTarget, Overview, RebuildJob, SiteCheck } from '../api/admin-api-types';
import { apiProblem, useAdminApi } from '../api/use-admin-api';
import { CheckResults } from '../components/CheckResults';
import { ContentTable } from '../components/ContentTable';
import { CoverageSummary } from '../components/CoverageSummary';
import { ChangeRelayPanel } from '../components/ChangeRelayPanel';
import { EdgePanel } from '../components/EdgePanel';
import { EndpointList, MCP_ENDPOINT_ID } from '../components/EndpointList';
import { NotConfiguredNotice } from '../components/NotConfiguredNotice';
import { ProblemList } from '../components/ProblemList';
import { RebuildProgress } from '../components/RebuildProgress';
import { RegenerationFacts } from '../components/RegenerationFacts';
import { Section } from '../components/Section';
import { TrafficPanel } from '../components/TrafficPanel';
import { PERMISSIONS } from '../plugin/permissions';
import { getTranslation } from '../translations/get-translation';

const POLL_MS = 1000;
const REBUILD_PERMISSIONS = [...PERMISSIONS.rebuild];

/**
 * The plugin page: what is exposed, where agents find it, how fresh it is, and whether it works.
 * While the plugin is not configured: what to set, and the warnings logged.
 */
export function HealthPage() {
  const api = useAdminApi();
  const { formatMessage } = useIntl();
  const { toggleNotification } = useNotification();
  const { allowedActions } = useRBAC(REBUILD_PERMISSIONS);
  const [overview, setOverview] = useState<Overview>();
  const [failed, setFailed] = useState<string>();
  const [target, setTarget] = useState<CheckTarget>('auto');
  const [checking, setChecking] = useState(false);
  const [check, setCheck] = useState<SiteCheck>();
  const [job, setJob] = useState<RebuildJob>();
  const timer = useRef<ReturnType<typeof setTimeout>>();

  const load = useCallback(async () => {
    try {
      const next = await api.overview();
      setOverview(next);
      setFailed(undefined);
      setJob((current) => current ?? next.rebuild);
      setCheck((current) => current ?? next.lastCheck);
    } catch (error) {
      setFailed(apiProblem(error).message);
    }
  }, [api]);

  useEffect(() => {
    void load();
    return () => clearTimeout(timer.current);
  }, [load]);

  const poll = useCallback(async () => {
    try {
      const next = await api.rebuildStatus();
      if (next) setJob(next);
      if (next?.state === 'running') timer.current = setTimeout(() => void poll(), POLL_MS);
      else void load();
    } catch (error) {
      toggleNotification({ type: 'danger', message: apiProblem(error).message });
    }
  }, [api, load, toggleNotification]);

  useEffect(() => {
    if (job?.state === 'running' && timer.current === undefined) {
      timer.current = setTimeout(() => void poll(), POLL_MS);
    }
  }, [job, poll]);

  const runCheck = async () => {
    setChecking(true);
    try {
      setCheck(await api.check(target));
    } catch (error) {
      toggleNotification({ type: 'danger', message: apiProblem(error).message });
    } finally {
      setChecking(false);
    }
  };

  const startRebuild = async () => {
    try {
      clearTimeout(timer.current);
      timer.current = undefined;
      setJob(await api.rebuild());
    } catch (error) {
      toggleNotification({ type: 'danger', message: apiProblem(error).message });
    }
  };

  if (failed && !overview) return <Page.Error content={failed} />;
  if (!overview) return <Page.Loading />;
  const title = formatMessage({ id: getTranslation('plugin.name'), defaultMessage: 'Agent Ready' });
  const refresh = (
    <Button variant="tertiary" size="S" onClick={() => void load()}>
      {formatMessage({ id: getTranslation('health.refresh'), defaultMessage: 'Refresh' })}
    </Button>
  );
  const problems = (
    <Section
      title={formatMessage({
        id: getTranslation('health.problems.title'),
        defaultMessage: 'Recent problems',
      })}
    >
      <ProblemList problems={overview.problems} />
    </Section>
  );

  if (overview.state === 'not-configured') {
    return (
      <Page.Main>
        <Page.Title>{title}</Page.Title>
        <Layouts.Header
          title={title}
          subtitle={formatMessage({
            id: getTranslation('health.subtitle.notConfigured'),
            defaultMessage: 'Not configured: nothing is served to agents yet.',
          })}
          primaryAction={refresh}
        />
        <Layouts.Content>
          <Flex direction="column" alignItems="stretch" gap={6}>
            <NotConfiguredNotice missing={overview.missing ?? []} linkToSettings />
            {problems}
          </Flex>
        </Layouts.Content>
      </Page.Main>
    );
  }

  return (
    <Page.Main>
      <Page.Title>{title}</Page.Title>
      <Layouts.Header
        title={title}
        subtitle={formatMessage(
          {
            id: getTranslation('health.subtitle'),
            defaultMessage: 'Published content served to AI agents on {origin}',
          },
          { origin: overview.origin },
        )}
        primaryAction={
          allowedActions.canRebuild ? (
            <Button
              variant="secondary"
              startIcon={<ArrowClockwise />}
              onClick={() => void startRebuild()}
              loading={job?.state === 'running'}
            >
              {formatMessage({ id: getTranslation('health.rebuild'), defaultMessage: 'Rebuild' })}
            </Button>
          ) : undefined
        }
      />
      <Layouts.Content>
        <Flex direction="column" alignItems="stretch" gap={6}>
          <Section
            title={formatMessage({
              id: getTranslation('health.regeneration.title'),
              defaultMessage: 'Regeneration',
            })}
            action={refresh}
          >
            <RegenerationFacts overview={overview} />
            {job ? <RebuildProgress job={job} /> : null}
          </Section>

          <Section
            title={formatMessage({
              id: getTranslation('health.content.title'),
              defaultMessage: 'Content exposed',
            })}
            subtitle={formatMessage({
              id: getTranslation('health.content.subtitle'),
              defaultMessage:
                'Published entries in Strapi, and the documents agents get, per locale.',
            })}
          >
            <ContentTable contentTypes={overview.contentTypes} />
          </Section>

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
            {overview.contentTypes.map((type) =>
              type.coverage ? (
                <Flex key={type.uid} direction="column" alignItems="stretch" gap={1}>
                  <Typography fontWeight="bold">{type.displayName}</Typography>
                  <CoverageSummary coverage={type.coverage} />
                </Flex>
              ) : null,
            )}
          </Section>

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
                defaultMessage:
                  'Purges sent to the cache in front on every change, by every instance.',
              })}
            >
              <EdgePanel edge={overview.edge} />
            </Section>
          ) : null}

          <Section
            title={formatMessage({
              id: getTranslation('health.endpoints.title'),
              defaultMessage: 'Public endpoints',
            })}
            subtitle={formatMessage({
              id: getTranslation('health.endpoints.subtitle'),
              defaultMessage: 'Where agents find your content.',
            })}
          >
            <EndpointList endpoints={overview.endpoints} />
          </Section>

          {problems}

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
                <Button
                  startIcon={<Check />}
                  onClick={() => void runCheck()}
                  loading={checking}
                  size="S"
                >
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
        </Flex>
      </Layouts.Content>
    </Page.Main>
  );
}
