import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import type { Dialect } from '../schema/open-database';
import {
  createSearchIndex,
  copySearchFiltersIntoIndex,
  keepSearchVectorsInline,
  makeSearchIndexContentless,
  mergeSearchSegmentsWider,
} from '../search/create-search-index';
import { createSearchTerms } from '../search/create-search-terms';
import { createMysqlSearchTerms } from '../search/mysql-search-terms';
import type { TableNames } from '../schema/table-names';

/**
 * Versioned migrations, applied in order by knex's migrator (which holds its own lock table, so
 * several instances starting at once migrate exactly once). Never edit a released migration:
 * add the next one.
 */
export interface StoreMigration {
  name: string;
  up(knex: Knex, tables: TableNames, dialect: Dialect): Promise<void>;
}

/** Column helpers: MySQL's TEXT/BLOB stop at 64 KB, the others have no such limit. */
function largeBinary(table: Knex.CreateTableBuilder, name: string, dialect: Dialect) {
  return dialect === 'mysql' ? table.specificType(name, 'longblob') : table.binary(name);
}

export const MIGRATIONS: readonly StoreMigration[] = [
  {
    name: '001-documents-state-artifacts',
    async up(knex, t, dialect) {
      await knex.schema.createTable(t.documents, (table) => {
        table.increments('id').primary();
        table.string('doc_key', 191).notNullable();
        table.string('locale', 35).notNullable().defaultTo('');
        /** published | unpublished (404) | deleted (a tombstone: the M-URL answers 410). */
        table.string('state', 16).notNullable();
        table.string('visibility', 16).notNullable().defaultTo('public');
        table.text('c_url').notNullable();
        table.text('m_url').notNullable();
        table.text('m_path').notNullable();
        /** sha256 of m_path: unique among rows that hold their path; NULL once released. */
        table.string('m_path_key', 64).nullable().unique();
        table.string('section', 128).notNullable();
        table.text('title').notNullable();
        table.text('description').nullable();
        table.string('language', 35).nullable();
        table.string('modified', 40).notNullable();
        table.bigInteger('modified_ms').notNullable();
        table.string('fingerprint', 71).notNullable();
        /** Identifies the renderer version and settings the stored bytes were made with. */
        table.string('render_key', 71).notNullable();
        table.string('hash', 71).nullable();
        largeBinary(table, 'body', dialect).nullable();
        table.text('scp_line', 'mediumtext').nullable();
        table.bigInteger('revision').nullable();
        table.bigInteger('change_seq').notNullable();
        table.unique(['doc_key', 'locale']);
        table.index(['state', 'visibility']);
        table.index(['section', 'modified_ms']);
      });
      await knex.schema.createTable(t.state, (table) => {
        table.string('name', 64).primary();
        table.bigInteger('value').notNullable().defaultTo(0);
        table.string('holder', 128).nullable();
        table.bigInteger('expires_ms').nullable();
      });
      await knex(t.state).insert([
        { name: 'content_seq', value: 0 },
        { name: 'artifacts_seq', value: 0 },
        { name: 'rebuild_lease', value: 0 },
      ]);
      await knex.schema.createTable(t.artifacts, (table) => {
        table.string('name', 191).primary();
        table.string('family', 64).notNullable();
        /** Id of the build that wrote it (counting up since 007); chunks are keyed by it. */
        table.bigInteger('generation').notNullable();
        table.string('content_type', 128).notNullable();
        table.string('content_encoding', 32).nullable();
        table.string('etag', 128).notNullable();
        table.string('content_digest', 128).notNullable();
        table.bigInteger('last_modified_ms').notNullable();
        table.bigInteger('size').notNullable();
        table.text('meta', 'mediumtext').nullable();
        table.index(['family']);
      });
      await knex.schema.createTable(t.artifactChunks, (table) => {
        table.string('name', 191).notNullable();
        table.bigInteger('generation').notNullable();
        table.integer('chunk_no').notNullable();
        largeBinary(table, 'data', dialect).notNullable();
        table.primary(['name', 'generation', 'chunk_no']);
      });
    },
  },
  {
    name: '002-markdown-twins-and-llmindex-roles',
    async up(knex, t) {
      await knex.schema.alterTable(t.documents, (table) => {
        /** The Markdown twin served at the page's `.md` URLs, and its sha256. */
        table.text('markdown', 'mediumtext').nullable();
        table.string('markdown_hash', 71).nullable();
        /** product | faq | policy | about: what the document adds to the llmindex pages. */
        table.string('llm_role', 16).nullable();
        /** The role's data as JSON (a product's offer). */
        table.text('llm_data', 'mediumtext').nullable();
      });
    },
  },
  {
    name: '003-serving-metrics',
    async up(knex, t) {
      await knex.schema.createTable(t.metrics, (table) => {
        table.string('day', 10).notNullable();
        table.string('kind', 16).notNullable();
        table.string('family', 64).notNullable();
        for (const counter of [
          'requests',
          'ok',
          'not_modified',
          'gone',
          'bytes_sent',
          'html_bytes',
          'html_bytes_estimated',
        ]) {
          table.bigInteger(counter).notNullable().defaultTo(0);
        }
        table.primary(['day', 'kind', 'family']);
      });
      await knex.schema.alterTable(t.documents, (table) => {
        /** Size of the document's HTML page as the site last rendered it (for the savings figures). */
        table.bigInteger('html_bytes').nullable();
      });
    },
  },
  {
    name: '004-content-usage',
    async up(knex, t) {
      await knex.schema.alterTable(t.documents, (table) => {
        /** The document's own Content-Usage value (AIPREF), when it overrides the site's. */
        table.string('usage', 128).nullable();
      });
    },
  },
  {
    name: '005-published-rows-by-id',
    async up(knex, t) {
      // The artifact builders page through published rows by id (`WHERE state = ? AND
      // visibility = ? AND id > ? ORDER BY id LIMIT n`). SQLite and InnoDB extend a secondary
      // index with the row id, PostgreSQL does not: with (state, visibility) alone and no fresh
      // statistics it bitmap-scanned every published row and sorted them for each page, which
      // made a 100,000-document sitemap rebuild 53x its SELECT floor. With the id in the index
      // each page is one range scan on every database.
      await knex.schema.alterTable(t.documents, (table) => {
        table.index(['state', 'visibility', 'id']);
      });
      await knex.schema.alterTable(t.documents, (table) => {
        table.dropIndex(['state', 'visibility']);
      });
    },
  },
  {
    name: '006-change-feed',
    async up(knex, t) {
      await knex.schema.alterTable(t.documents, (table) => {
        /**
         * Whether the row was ever published and public. Only such rows reach the change feed,
         * also as tombstones: a draft or a private document is never the public's to know of.
         */
        table.boolean('listed').notNullable().defaultTo(false);
        table.index(['change_seq']);
      });
      await knex(t.documents)
        .where({ visibility: 'public' })
        .whereNotNull('body')
        .update({ listed: true });
      // Cursors carry it: a table made anew (new epoch) turns old cursors into a 410.
      await knex(t.state).insert({ name: 'feed_epoch', value: randomInt(1, 2 ** 40) });
    },
  },
  {
    name: '007-artifact-generations',
    async up(knex, t) {
      // Generations were random; from now on they count up, so a build can tell an older
      // builder's leftovers (safe to delete) from a newer builder's work in progress (not).
      const row = (await knex(t.artifactChunks).max({ newest: 'generation' }).first()) as
        { newest: unknown } | undefined;
      const newest = row?.newest;
      await knex(t.state).insert([
        /** The last generation handed to a build. */
        { name: 'artifacts_generation', value: Number(newest ?? 0) },
        /** The generation of the last install: every process's cache watches it. */
        { name: 'artifacts_installed', value: 0 },
      ]);
    },
  },
  {
    name: '008-commit-clock',
    async up(knex, t) {
      await knex.schema.alterTable(t.documents, (table) => {
        /**
         * When the row's last change committed, in commit order (strictly increasing): SCP
         * delta windows follow it, so a save that commits after a newer-stamped one still
         * reaches a delta that clients have not applied yet.
         */
        table.bigInteger('committed_ms').nullable();
        table.index(['section', 'committed_ms']);
      });
      await knex(t.documents).update({ committed_ms: knex.ref('modified_ms') });
      const row = (await knex(t.documents).max({ newest: 'modified_ms' }).first()) as
        { newest: unknown } | undefined;
      await knex(t.state).insert({ name: 'commit_clock', value: Number(row?.newest ?? 0) });
    },
  },
  {
    name: '009-live-sitemap-shards',
    async up(knex, t) {
      // The JSON sitemap is no longer a built artifact: each shard is composed from its rows when
      // asked, and a write moves its shard's version in the same transaction as the row, so the
      // sitemap and every M-URL agree at each commit (issue 18: parity at every instant).
      await knex.schema.createTable(t.sitemapShards, (table) => {
        /** 1-based; rows with id in [(shard - 1) * n, shard * n - 1] belong to it (n per shard). */
        table.integer('shard').primary();
        /** The change_seq of the last change to a row of the shard (or to the overview row). */
        table.bigInteger('version').notNullable();
        /** The shard as last composed by the engine: its hash, items and Last-Modified, for the index. */
        table.bigInteger('memo_version').nullable();
        table.string('memo_etag', 71).nullable();
        table.integer('memo_items').nullable();
        table.bigInteger('memo_modified_ms').nullable();
      });
      /** Site settings every process serving the table must agree on (JSON values). */
      await knex.schema.createTable(t.settings, (table) => {
        table.string('name', 64).primary();
        table.text('value', 'mediumtext').notNullable();
      });
      await knex(t.state).insert([
        /** Items per shard of the current layout; 0 until a writer configured the sitemap. */
        { name: 'sitemap_shard_items', value: 0 },
        /** Row id of the overview document (listed first in shard 1), 0 for none. */
        { name: 'sitemap_overview_id', value: 0 },
        /** Moves whenever the sitemap settings or layout change: every reader's cache watches it. */
        { name: 'sitemap_layout', value: 0 },
      ]);
    },
  },
  {
    name: '010-newest-change-indexes',
    async up(knex, t) {
      // Every burst asks for the newest `modified_ms` and `committed_ms` of the whole table (Last-
      // Modified, SCP's `generated`). The (section, ...) indexes answer that per section only; on
      // their own each is a one-row read at the end of an index, at any size of site (issue 18).
      await knex.schema.alterTable(t.documents, (table) => {
        table.index(['modified_ms']);
        table.index(['committed_ms']);
      });
    },
  },
  {
    name: '011-m-url-content-digest',
    async up(knex, t) {
      await knex.schema.alterTable(t.documents, (table) => {
        /**
         * The M-URL body's Content-Digest, formed by core when the document was rendered (as
         * `hash` is): served as stored, never computed per request. Rows stored before have
         * none until they are written again; serving then computes it once per cached row.
         */
        table.string('content_digest', 128).nullable();
      });
    },
  },
  {
    name: '012-tct-profiles',
    async up(knex, t) {
      await knex.schema.alterTable(t.documents, (table) => {
        /**
         * The TCT profile the M-URL bytes were rendered in (`tct-1`, `tct-03`): they are served
         * framed by it. Rows stored before are tct-1 (NULL), the only profile there was.
         */
        table.string('profile', 16).nullable();
      });
      await knex.schema.alterTable(t.sitemapShards, (table) => {
        /** The newest `modified` of the shard's items, as written: the -03 index's hint. */
        table.string('memo_last_modified', 40).nullable();
      });
    },
  },
  {
    name: '013-render-key-index',
    async up(knex, t) {
      // At every start the engine looks for rows rendered in another TCT profile than the
      // site's (reprofile-documents): by this index that reads the rows to convert, not the
      // whole table (a million-row scan at each start otherwise).
      await knex.schema.alterTable(t.documents, (table) => {
        table.index(['render_key', 'id']);
      });
    },
  },
  {
    name: '014-purge-outbox',
    async up(knex, t) {
      // Cache tags whose shared-cache objects must be purged, written in the transaction of the
      // change that made them stale (edge/purge-outbox): one row per tag, so tags coalesce
      // across changes until delivered.
      await knex.schema.createTable(t.purgeOutbox, (table) => {
        table.string('cache_key', 128).primary();
        table.bigInteger('enqueued_ms').notNullable();
        table.integer('attempts').notNullable().defaultTo(0);
        table.bigInteger('next_attempt_ms').notNullable();
        /** The delivering instance and until when it may send the row without another taking it. */
        table.string('lease_holder', 128).nullable();
        table.bigInteger('lease_until_ms').nullable();
        table.text('last_error').nullable();
        table.index(['next_attempt_ms']);
      });
      /** One row of counts for the admin view. */
      await knex.schema.createTable(t.purgeStats, (table) => {
        table.integer('id').primary();
        table.bigInteger('keys_sent').notNullable().defaultTo(0);
        table.bigInteger('requests_sent').notNullable().defaultTo(0);
        table.bigInteger('failures').notNullable().defaultTo(0);
        table.bigInteger('last_sent_ms').nullable();
        table.text('last_error').nullable();
        table.bigInteger('last_error_ms').nullable();
        table.boolean('last_error_permanent').nullable();
      });
      await knex(t.purgeStats).insert({ id: 1 });
    },
  },
  {
    name: '015-purge-settle',
    async up(knex, t) {
      // A tag delivered once is kept for its settle re-purge (edge/purge-outbox: `settle` set,
      // due `settleMs` later), so a crash between the two purges still sends the second; the
      // stats count those re-purges apart from the first purges of changes.
      await knex.schema.alterTable(t.purgeOutbox, (table) => {
        table.boolean('settle').notNullable().defaultTo(false);
      });
      await knex.schema.alterTable(t.purgeStats, (table) => {
        table.bigInteger('keys_resent').notNullable().defaultTo(0);
      });
    },
  },
  {
    name: '016-source-stamps',
    async up(knex, t) {
      await knex.schema.alterTable(t.documents, (table) => {
        /**
         * What an adapter read the row's current version from (`stamp@change_seq`, see
         * source-stamps): a reconcile that reads the same source again skips rendering it.
         */
        table.string('source_stamp', 100).nullable();
      });
    },
  },
  {
    name: '017-search-index',
    async up(knex, t, dialect) {
      // Full-text search over the published documents (search/), in the site's own database,
      // written by the same transactions as the rows: one row per published document, keyed by
      // the document row's id. Filled from the stored rows by the engine (fill-search-index).
      await createSearchIndex(knex, t, dialect);
      /** 1 once every published row is in the search index; 0 until a writer filled it. */
      await knex(t.state).insert({ name: 'search_filled', value: 0 });
    },
  },
  {
    name: '018-search-index-contentless',
    async up(knex, t, dialect) {
      // SQLite's index without its copy of the text, which doubled what a write of a document
      // stored: refilled from the rows by the next writer that maintains it.
      if (await makeSearchIndexContentless(knex, t, dialect)) {
        await knex(t.state).where({ name: 'search_filled' }).update({ value: 0 });
      }
    },
  },
  {
    name: '019-search-vectors-inline',
    async up(knex, t, dialect) {
      // PostgreSQL's index without its copy of the text, and its vectors in their rows.
      await keepSearchVectorsInline(knex, t, dialect);
    },
  },
  {
    name: '020-search-filters-in-index',
    async up(knex, t, dialect) {
      // PostgreSQL ranks from its index alone: visibility, locale and section in its rows.
      await copySearchFiltersIntoIndex(knex, t, dialect);
    },
  },
  {
    name: '021-search-merge-wider',
    async up(knex, t, dialect) {
      // SQLite's FTS5 merges its segments 16 at a time: less work per document written.
      await mergeSearchSegmentsWider(knex, t, dialect);
    },
  },
  {
    name: '022-document-dependencies',
    async up(knex, t) {
      // What each published document was made from beyond its own entry (related entries, media
      // files: writer/document-dependencies), so a change of one re-makes exactly the documents
      // that show it. The row keeps a digest of its list: an unchanged list writes nothing.
      await knex.schema.createTable(t.dependencies, (table) => {
        table.bigInteger('document_id').notNullable();
        /** The source's own id of what the document depends on (AgentDocument.dependsOn). */
        table.string('target', 191).notNullable();
        table.primary(['document_id', 'target']);
        table.index(['target']);
      });
      await knex.schema.alterTable(t.documents, (table) => {
        table.string('depends_digest', 64).nullable();
      });
    },
  },
  {
    name: '023-search-terms',
    async up(knex, t, dialect) {
      // The index's words, where a search looks for the one a typo meant.
      await createSearchTerms(knex, t, dialect);
    },
  },
  {
    name: '024-search-terms-mysql',
    async up(knex, t, dialect) {
      // The index's words on MySQL and MariaDB too, kept by the writers (InnoDB shows its own
      // only through a server-wide setting).
      if (dialect === 'mysql') await createMysqlSearchTerms(knex, t);
    },
  },
];
