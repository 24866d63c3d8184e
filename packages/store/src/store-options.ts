import { z } from 'zod';
import { booleanOption, documented, integerOption, optionsObject } from '@agent-ready/core/options';
import { isKnex, type DatabaseOption } from './schema/open-database';
import type { StoreLogger } from './ground/store-logger';
import { TABLE_PREFIX } from './schema/table-names';
import { edgeOptionsSchema } from './edge/edge-options';
import { scpObjectStorageOptionsSchema } from './rebuild/scp-object-storage';
import { notifyOptionsSchema } from './notify/redis-change-relay';

/**
 * The store's options as the adapters offer them (documented: the README tables are rendered
 * from them). The store's own functions keep checking what they are given.
 */
const milliseconds = (min: number) => integerOption(`must be an integer of at least ${min}`, min);

export const tablePrefixOption = z
  .string({ error: 'must be letters, digits and _ (≤ 31)' })
  .regex(TABLE_PREFIX, { error: 'must be letters, digits and _ (≤ 31)' });

/** How artifact rebuilds follow changes (RegenerationEngineOptions['rebuild']). */
export const rebuildOptionsSchema = optionsObject({
  debounceMs: documented(milliseconds(0).optional(), {
    description: 'Quiet period before a rebuild starts: a burst of edits costs one rebuild.',
    default: '100',
  }),
  maxDelayMs: documented(milliseconds(0).optional(), {
    description: 'A steady stream of edits still gets a rebuild at least this often.',
    default: '2000',
  }),
  leaseMs: documented(milliseconds(1).optional(), {
    description:
      'How long a rebuild lease lasts before another instance may take over (renewed while working).',
    default: '10000',
  }),
  healIntervalMs: documented(milliseconds(0).optional(), {
    description: 'How often an idle instance checks for stale artifacts (0: never).',
    default: '60000',
  }),
  automatic: documented(booleanOption().optional(), {
    description: 'Rebuild after each change; off: call `rebuildArtifacts` yourself.',
    default: '`true`',
  }),
});

const DATABASE_MESSAGE =
  "must be a knex instance or { client: 'sqlite' | 'postgres' | 'mysql', … }";

/** A knex instance, or a connection config for one of the three databases. */
export const databaseOption = z.custom<DatabaseOption>(
  (value) =>
    isKnex(value) ||
    (typeof value === 'object' &&
      value !== null &&
      ['sqlite', 'postgres', 'mysql'].includes((value as { client?: unknown }).client as string)),
  { error: DATABASE_MESSAGE },
);

/**
 * How often a process polls the table for another process's changes when nothing tells it
 * (StoreReaderOptions['revalidateAfterMs']): the bound on MySQL/MariaDB and SQLite, and on
 * PostgreSQL while its LISTEN connection is down.
 */
export const revalidateAfterMsOption = documented(milliseconds(0).optional(), {
  description:
    "How long this process trusts its cached rows before checking the table for other processes' writes (ms): on MySQL/MariaDB another instance's change shows here within this; on SQLite the file's data version tells this process of another's commit before its next answer; on PostgreSQL a `NOTIFY` tells every instance when a change commits, and this is the fallback while the `LISTEN` connection is down (then at most every 10 s as a safety net). 0: check on every request.",
  default: '250',
});

/** Where warnings go: `{ info, warn, error }`. */
export const loggerOption = z.custom<StoreLogger>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    ['info', 'warn', 'error'].every(
      (level) => typeof (value as Record<string, unknown>)[level] === 'function',
    ),
  { error: 'must be { info, warn, error } (functions) or false' },
);

/** `edge`, as both adapters offer it (the store README lists its fields). */
export const edgeOption = documented(edgeOptionsSchema.optional(), {
  description:
    '`{ purger, delivery?, sharedMaxAge?, tagHeader?, keyPrefix? }`: a shared cache in front (Varnish, Fastly, Cloudflare…) keeps agent responses until purged on change (docs/edge.md; fields in the store README).',
  default: 'off: no shared-cache headers, nothing purged',
});

/** `notify`, as both adapters offer it. */
export const notifyOption = documented(notifyOptionsSchema.optional(), {
  description:
    '`{ redis: url }`: instances tell each other of every commit over Redis pub/sub (install `ioredis` beside the adapter), so another instance serves an edit or an unpublish within milliseconds of the acknowledgement instead of `revalidateAfterMs`; for MySQL/MariaDB (and PostgreSQL without LISTEN) across machines. Each instance keeps polling too, and says in its status when Redis is away (docs/change-feed.md).',
  default: 'off: NOTIFY on PostgreSQL, the data version on SQLite, else the poll',
});

/** `scpObjectStorage`, as both adapters offer it (the store README lists its fields). */
export const scpObjectStorageOption = documented(scpObjectStorageOptionsSchema.optional(), {
  description:
    '`{ bucket, publicBaseUrl, prefix?, region?, endpoint?, forcePathStyle?, credentials? }`: SCP snapshots and sealed delta parts uploaded to an S3-compatible bucket (AWS S3, R2, MinIO; install `@aws-sdk/client-s3` beside the adapter) and advertised in `/scp/sitemap.xml` at `publicBaseUrl` (docs/edge.md; fields in the store README). Not with `scp: false`; the writer uploads (a read-only process does not).',
  default: 'off: every collection served from the table',
});
