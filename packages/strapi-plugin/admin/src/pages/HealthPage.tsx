import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Flex,
  Grid,
  SingleSelect,
  SingleSelectOption,
  Typography,
} from '@strapi/design-system';
import { ArrowClockwise, Check } from '@strapi/icons';
import { Layouts, Page, useNotification, useRBAC } from '@strapi/strapi/admin';
import type { Overview, RebuildJob, SiteCheck } from '../api/admin-api-types';
import { apiProblem, useAdminApi } from '../api/use-admin-api';
import { CheckResults } from '../components/CheckResults';
import { ContentTable } from '../components/ContentTable';
import { describeBurst } from '../components/describe-burst';
import { EndpointList } from '../components/EndpointList';
import { formatDate } from '../components/format-date';
import { ProblemList } from '../components/ProblemList';
import { RebuildProgress } from '../components/RebuildProgress';
import { Section } from '../components/Section';
import { TrafficPanel } from '../components/TrafficPanel';
import { PERMISSIONS } from '../permissions';

const POLL_MS = 1000;
const REBUILD_PERMISSIONS = [...PERMISSIONS.rebuild];

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Flex direction="column" alignItems="flex-start" gap={1}>
      <Typography variant="sigma" textColor="neutral600">
        {label}
      </Typography>
      <Typography>{children}</Typography>
    </Flex>
  );
}

/** The plugin page: what is exposed, where agents find it, how fresh it is, and whether it works. */
export function HealthPage() {
  const api = useAdminApi();
  const { toggleNotification } = useNotification();
  const { allowedActions } = useRBAC(REBUILD_PERMISSIONS);
  const [overview, setOverview] = useState<Overview>();
  const [failed, setFailed] = useState<string>();
  const [target, setTarget] = useState<SiteCheck['target']>('public');
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
  const { regeneration } = overview;
  const failures = regeneration.lastRebuild?.failures ?? [];

  return (
    <Page.Main>
      <Page.Title>Agent Ready</Page.Title>
      <Layouts.Header
        title="Agent Ready"
        subtitle={`Published content served to AI agents on ${overview.origin}`}
        primaryAction={
          allowedActions.canRebuild ? (
            <Button
              variant="secondary"
              startIcon={<ArrowClockwise />}
              onClick={() => void startRebuild()}
              loading={job?.state === 'running'}
            >
              Rebuild
            </Button>
          ) : undefined
        }
      />
      <Layouts.Content>
        <Flex direction="column" alignItems="stretch" gap={6}>
          <Section
            title="Regeneration"
            action={
              <Button variant="tertiary" size="S" onClick={() => void load()}>
                Refresh
              </Button>
            }
          >
            <Grid.Root gap={4}>
              <Grid.Item col={3} s={6} xs={12}>
                <Fact label="State">
                  <Badge variant={overview.state === 'ready' ? 'success' : 'danger'}>
                    {overview.state}
                  </Badge>
                </Fact>
              </Grid.Item>
              <Grid.Item col={3} s={6} xs={12}>
                <Fact label="Last regeneration">
                  {regeneration.lastRebuild
                    ? `${formatDate(regeneration.lastRebuild.at)}: ${describeBurst(regeneration.lastRebuild)}`
                    : 'none since this server started'}
                </Fact>
              </Grid.Item>
              <Grid.Item col={3} s={6} xs={12}>
                <Fact label="Artifacts">
                  {regeneration.artifacts?.upToDate
                    ? `up to date (change ${regeneration.artifacts.artifactsSeq})`
                    : 'being rebuilt'}
                </Fact>
              </Grid.Item>
              <Grid.Item col={3} s={6} xs={12}>
                <Fact label="Waiting">
                  {regeneration.reconciling
                    ? 'reconciling'
                    : `${regeneration.pending} document${regeneration.pending === 1 ? '' : 's'}`}
                </Fact>
              </Grid.Item>
              <Grid.Item col={6} xs={12}>
                <Fact label="Last reconcile">
                  {regeneration.lastReconcile
                    ? `${formatDate(regeneration.lastReconcile.finishedAt)} (${regeneration.lastReconcile.reason}): ${regeneration.lastReconcile.seen} checked, ${regeneration.lastReconcile.changed} updated, ${regeneration.lastReconcile.removed} removed, ${regeneration.lastReconcile.failed} not servable`
                    : 'none yet'}
                </Fact>
              </Grid.Item>
              <Grid.Item col={6} xs={12}>
                <Fact label="Settings">
                  {overview.settings.source === 'admin'
                    ? `saved in the admin panel ${formatDate(overview.settings.updatedAt)}${overview.settings.updatedBy ? ` by ${overview.settings.updatedBy}` : ''}`
                    : 'from config/plugins'}
                  {overview.settings.ignored
                    ? ` (saved settings ignored: ${overview.settings.ignored})`
                    : ''}
                </Fact>
              </Grid.Item>
            </Grid.Root>
            {failures.length > 0 ? (
              <Box>
                <Typography textColor="danger600">
                  Last build failures: {failures.map((f) => `${f.family}: ${f.message}`).join('; ')}
                </Typography>
              </Box>
            ) : null}
            {job ? <RebuildProgress job={job} /> : null}
          </Section>

          <Section
            title="Content exposed"
            subtitle="Published entries in Strapi, and the documents agents get, per locale."
          >
            <ContentTable contentTypes={overview.contentTypes} />
          </Section>

          {overview.traffic ? (
            <Section
              title="Agent traffic"
              subtitle={`The last ${overview.traffic.days} days, counted by every instance (no IP or per-request record is kept).`}
            >
              <TrafficPanel traffic={overview.traffic} />
            </Section>
          ) : null}

          <Section title="Public endpoints" subtitle="Where agents find your content.">
            <EndpointList endpoints={overview.endpoints} />
          </Section>

          <Section title="Recent problems">
            <ProblemList problems={overview.problems} />
          </Section>

          <Section
            title="Conformance check"
            subtitle="The checks of `agent-ready validate`, on a sample of documents."
            action={
              <Flex gap={2}>
                <Box minWidth="240px">
                  <SingleSelect
                    aria-label="Check target"
                    size="S"
                    value={target}
                    onChange={(value) => setTarget(value as SiteCheck['target'])}
                  >
                    <SingleSelectOption value="public">Public origin</SingleSelectOption>
                    <SingleSelectOption value="server">This Strapi server</SingleSelectOption>
                  </SingleSelect>
                </Box>
                <Button
                  startIcon={<Check />}
                  onClick={() => void runCheck()}
                  loading={checking}
                  size="S"
                >
                  Check now
                </Button>
              </Flex>
            }
          >
            {check ? (
              <CheckResults check={check} />
            ) : (
              <Typography textColor="neutral600">
                Not checked yet. The check fetches what agents fetch and reports every rule it
                tests.
              </Typography>
            )}
          </Section>
        </Flex>
      </Layouts.Content>
    </Page.Main>
  );
}
