import type { Core } from '@strapi/strapi';
import type { CheckTarget, CurrentRebuild, RebuildStarted } from '../admin-api/answer-types';
import { StoreUnavailableError } from '@agent-ready/store';
import { siteMcpSettings } from '@agent-ready/mcp';
import { collectOverview } from '../admin-api/collect-overview';
import { describeSettings } from '../admin-api/describe-settings';
import { coverageWarnings } from '../text-coverage/measure-coverage';
import { planSiteCheck } from '../runtime/plan-site-check';
import { CHECK_TARGETS, listeningOrigin } from '../runtime/site-checks';
import { ConfigProblemsError, type ConfigProblem } from '../config/validate-plugin-config';
import type { RequiredSetting } from '../config/required-settings';
import {
  READ_ADMIN_USERS,
  saverName,
  settingsStatusFor,
  type AdminUserOnRequest,
} from '../admin-api/shown-saver';
import { runtimeOf } from '../runtime/runtime-registry';
import { fieldPath } from '../settings/field-path';
import type { RuntimeSettings } from '../settings/runtime-settings';

/** The part of Strapi's Koa context the admin handlers use. */
export interface AdminContext {
  status: number;
  body: unknown;
  request: { body?: unknown };
  state: {
    user?: AdminUserOnRequest;
    /** The requester's permissions (Strapi's admin auth strategy puts a CASL ability here). */
    userAbility?: { can(action: string, subject?: unknown): boolean };
  };
}

type Handler = (ctx: AdminContext) => Promise<void>;

/** Strapi's error body (as its own validation errors): `error.details.errors[]` name each field. */
function fail(
  ctx: AdminContext,
  status: number,
  name: string,
  message: string,
  problems: readonly ConfigProblem[] = [],
): void {
  ctx.status = status;
  ctx.body = {
    data: null,
    error: {
      status,
      name,
      message,
      details:
        problems.length > 0
          ? {
              errors: problems.map((p) => ({
                path: fieldPath(p.field),
                message: p.message,
                name,
              })),
            }
          : {},
    },
  };
}

function invalid(ctx: AdminContext, problems: readonly ConfigProblem[]): void {
  const first = problems[0];
  fail(
    ctx,
    400,
    'ValidationError',
    problems.length === 1 && first
      ? `${first.field || 'settings'}: ${first.message}`
      : `${problems.length} problems in the settings`,
    problems,
  );
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Handlers that also answer while the plugin is not configured: the pages show what is missing,
 * and the settings page may supply it. Checking and rebuilding need a running plugin.
 */
const OPEN_WHILE_NOT_CONFIGURED = new Set([
  'overview',
  'getSettings',
  'saveSettings',
  'resetSettings',
  'rebuildStatus',
]);

const notConfiguredMessage = (missing: readonly RequiredSetting[] = []) =>
  `agent-ready is not configured (missing: ${missing.join(', ')}): set ${missing.length === 1 ? 'it' : 'them'} first`;

/**
 * The admin API behind the plugin page and the settings page. Authentication (admin JWT) and
 * permissions (RBAC actions) are checked by the routes' policies before any handler runs.
 */
export default ({ strapi }: { strapi: Core.Strapi }): Record<string, Handler> => {
  const runtime = () => runtimeOf(strapi);
  /**
   * Runs a handler once the plugin is running (or, for some, while it waits for its settings);
   * the database being unreachable is a 503.
   */
  const guarded =
    (name: string, handler: Handler): Handler =>
    async (ctx) => {
      const { state, missing } = runtime().status();
      if (state === 'not-configured' && !OPEN_WHILE_NOT_CONFIGURED.has(name)) {
        fail(ctx, 409, 'ConflictError', notConfiguredMessage(missing));
        return;
      }
      if (state !== 'ready' && state !== 'not-configured') {
        fail(ctx, 503, 'ServiceUnavailableError', `agent-ready is ${state}; try again shortly`);
        return;
      }
      try {
        await handler(ctx);
      } catch (error) {
        if (!(error instanceof StoreUnavailableError)) throw error;
        fail(ctx, 503, 'ServiceUnavailableError', `agent-ready: ${error.message}`);
      }
    };

  const mayReadAdminUsers = (ctx: AdminContext) =>
    ctx.state.userAbility?.can(READ_ADMIN_USERS) === true;
  const settingsAnswer = async (ctx: AdminContext) => {
    const answer = await describeSettings(runtime(), strapi as never);
    return { ...answer, status: settingsStatusFor(answer.status, mayReadAdminUsers(ctx)) };
  };

  const save = async (ctx: AdminContext, settings: RuntimeSettings | undefined) => {
    try {
      await runtime().saveSettings(settings, saverName(ctx.state.user));
    } catch (error) {
      if (error instanceof ConfigProblemsError) {
        invalid(ctx, error.problems);
        return;
      }
      throw error;
    }
    ctx.body = await settingsAnswer(ctx);
  };

  const handlers: Record<string, Handler> = {
    async overview(ctx) {
      const answer = await collectOverview(runtime(), strapi as never);
      ctx.body = {
        ...answer,
        settings: settingsStatusFor(answer.settings, mayReadAdminUsers(ctx)),
      };
    },

    async getSettings(ctx) {
      ctx.body = await settingsAnswer(ctx);
    },

    async saveSettings(ctx) {
      const body = ctx.request.body;
      if (!isObject(body)) {
        invalid(ctx, [{ field: '', message: 'send the settings as a JSON object' }]);
        return;
      }
      await save(ctx, body as RuntimeSettings);
    },

    async resetSettings(ctx) {
      await save(ctx, undefined);
    },

    async check(ctx) {
      const body = ctx.request.body ?? {};
      if (!isObject(body)) {
        invalid(ctx, [
          { field: '', message: 'send { "target": "auto" | "public" | "server" } or nothing' },
        ]);
        return;
      }
      const problems: ConfigProblem[] = Object.keys(body)
        .filter((key) => key !== 'target')
        .map((key) => ({ field: key, message: 'unknown key (known: target)' }));
      const target = (body.target ?? 'auto') as CheckTarget;
      if (!CHECK_TARGETS.includes(target)) {
        problems.push({ field: 'target', message: `must be one of ${CHECK_TARGETS.join(', ')}` });
      }
      if (problems.length > 0) {
        invalid(ctx, problems);
        return;
      }
      const { config } = runtime();
      const mcpPath = siteMcpSettings(config)?.path;
      const plan = await planSiteCheck(target, {
        origin: config.site.origin,
        server: listeningOrigin(strapi.server.httpServer.address()),
        rootPage: config.rootPage ?? 'admin-redirect',
        ...(mcpPath ? { mcpPath } : {}),
      });
      if (!plan) {
        fail(ctx, 409, 'ConflictError', 'this server is not listening on a TCP address');
        return;
      }
      ctx.body = await runtime().siteChecks.run(plan, async () => {
        // Whether what agents get holds the editors' text: a warning per type short of it.
        const measure = await runtime().coverage.current();
        return measure ? { coverage: { measure, warnings: coverageWarnings(measure) } } : {};
      });
    },

    async rebuildStatus(ctx) {
      ctx.body = { job: runtime().rebuildJobs.current ?? null } satisfies CurrentRebuild;
    },

    async rebuild(ctx) {
      const { job, started } = runtime().rebuildJobs.start();
      ctx.status = 202;
      ctx.body = { job, started } satisfies RebuildStarted;
    },
  };
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [name, guarded(name, handler)]),
  );
};
