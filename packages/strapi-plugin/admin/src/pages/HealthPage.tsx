import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Flex } from '@strapi/design-system';
import { ArrowClockwise } from '@strapi/icons';
import { Layouts, Page, useNotification, useRBAC } from '@strapi/strapi/admin';
import { useIntl } from 'react-intl';
import type { CheckTarget, Overview, RebuildJob, SiteCheck } from '../api/admin-api-types';
import { apiProblem, useAdminApi } from '../api/use-admin-api';
import { ConformanceCheckSection } from '../components/ConformanceCheckSection';
import { ContentTable } from '../components/ContentTable';
import { CoverageSection } from '../components/CoverageSection';
import { EndpointList } from '../components/EndpointList';
import { NotConfiguredNotice } from '../components/NotConfiguredNotice';
import { ProblemList } from '../components/ProblemList';
import { RebuildProgress } from '../components/RebuildProgress';
import { OperationsSections } from '../components/OperationsSections';
import { RegenerationFacts } from '../components/RegenerationFacts';
import { Section } from '../components/Section';
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

  const runCheck = async (target: CheckTarget) => {
    try {
      setCheck(await api.check(target));
    } catch (error) {
      toggleNotification({ type: 'danger', message: apiProblem(error).message });
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

          <CoverageSection contentTypes={overview.contentTypes} />

          <OperationsSections overview={overview} />

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

          <ConformanceCheckSection check={check} run={runCheck} />
        </Flex>
      </Layouts.Content>
    </Page.Main>
  );
}
