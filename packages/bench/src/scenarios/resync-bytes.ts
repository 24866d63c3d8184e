import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type HttpResponse } from '@agent-ready/core/http';
import {
  createAgentEndpoints,
  type AgentEndpoints,
  type AgentRequest,
} from '@agent-ready/core/serve';
import { RegenerationEngine } from '@agent-ready/store';
import { DEFAULT_SITEMAP_SHARD_ITEMS } from '@agent-ready/store/internal';
import { figure, type BenchFigure, type BenchScenario } from '../measurement';
import { BENCH_ORIGIN, benchDocument, bulkLoad } from './bench-documents';

/** What a response costs on the wire: its body and a status line with headers. */
function bytesOf(response: HttpResponse): number {
  const body = Buffer.isBuffer(response.body) ? response.body.length : 0;
  const headers = Object.entries(response.headers).reduce(
    (sum, [name, value]) => sum + name.length + String(value).length + 4,
    'HTTP/1.1 200 OK\r\n\r\n'.length,
  );
  return body + headers;
}

async function get(
  endpoints: AgentEndpoints,
  url: string,
  headers: Record<string, string> = {},
): Promise<HttpResponse> {
  const target = url.startsWith(BENCH_ORIGIN) ? url.slice(BENCH_ORIGIN.length) : url;
  const request: AgentRequest = {
    method: 'GET',
    target,
    headers: { 'accept-encoding': 'identity', ...headers },
  };
  const outcome = await endpoints.handle(request);
  if (outcome.kind !== 'respond') throw new Error(`${target}: not answered (${outcome.kind})`);
  return outcome.response;
}

const json = (response: HttpResponse) => JSON.parse(String(response.body)) as unknown;

interface Agent {
  /** The shard hashes it holds, from its last read of the index. */
  shards: Map<string, string>;
  /** Where it stands in the change feed. */
  cursor: string;
}

/**
 * Issue 18: what an agent that already holds the site re-reads after one edit and after 1% of
 * the documents changed, through the change feed and through the sitemap index, against
 * downloading the whole sitemap again (what a TCT agent without either does). Every byte is
 * counted, the changed M-URLs included.
 */
const SHARD = DEFAULT_SITEMAP_SHARD_ITEMS.toLocaleString('en-US');

export const resyncBytesScenario: BenchScenario = {
  id: 'sync.resync-bytes',
  title: 'Agent re-sync bytes after edits: change feed and sitemap index vs the whole sitemap',
  async run({ quick }) {
    const size = quick ? 20_000 : 100_000;
    const dir = mkdtempSync(join(tmpdir(), 'agent-ready-bench-resync-'));
    const engine = await RegenerationEngine.open({
      database: { client: 'sqlite', filename: join(dir, 'site.sqlite') },
      sitemap: { origin: BENCH_ORIGIN },
      rebuild: { automatic: false },
    });
    const figures: BenchFigure[] = [];
    try {
      await bulkLoad(engine, size);
      const endpoints = createAgentEndpoints(engine.reader, { origin: BENCH_ORIGIN });
      const readIndex = async () => {
        const index = json(await get(endpoints, '/llm-sitemap-index.json')) as {
          sitemaps: { url: string; etag: string }[];
        };
        return new Map(index.sitemaps.map((s) => [s.url, s.etag]));
      };
      const whole = async () => {
        let bytes = 0;
        for (const url of (await readIndex()).keys()) bytes += bytesOf(await get(endpoints, url));
        return bytes;
      };
      const agent = async (): Promise<Agent> => ({
        shards: await readIndex(),
        cursor: String(
          (json(await get(endpoints, '/llm-changes.json?since=now')) as { next: string }).next,
        ),
      });

      let edit = 0;
      const editDocuments = async (count: number) => {
        edit++;
        for (let i = 0; i < count; i++) {
          // Spread over the site, as edits are.
          await engine.upsert(benchDocument((i * 7919 + edit * 104729) % size, 1_000_000 + edit));
        }
      };

      for (const [label, count] of [
        ['1 edit', 1],
        ['1% edited', size / 100],
      ] as const) {
        const before = await agent();
        await editDocuments(count);
        const full = await whole();

        // The change feed: its pages, then each changed M-URL.
        let viaFeed = 0;
        const changed = new Set<string>();
        let cursor = before.cursor;
        for (;;) {
          const page = await get(endpoints, `/llm-changes.json?since=${cursor}`);
          viaFeed += bytesOf(page);
          const body = json(page) as {
            changes: { mUrl: string }[];
            next: string;
            more: boolean;
          };
          for (const change of body.changes) changed.add(change.mUrl);
          cursor = body.next;
          if (!body.more) break;
        }
        for (const mUrl of changed) viaFeed += bytesOf(await get(endpoints, mUrl));

        // The index: then each shard whose hash moved, then the M-URLs whose item changed.
        let viaIndex = 0;
        const indexResponse = await get(endpoints, '/llm-sitemap-index.json');
        viaIndex += bytesOf(indexResponse);
        const after = await readIndex();
        for (const [url, etag] of after) {
          if (before.shards.get(url) !== etag) viaIndex += bytesOf(await get(endpoints, url));
        }
        for (const mUrl of changed) viaIndex += bytesOf(await get(endpoints, mUrl));
        if (changed.size !== count) throw new Error(`the feed named ${changed.size} of ${count}`);

        const goal = count === 1 ? { goalRatio: 0.01 } : {};
        const baseline = {
          title: `the whole sitemap (${after.size} shards of ${SHARD}) again`,
          samples: [full],
        };
        figures.push(
          figure({
            id: `sync.resync-bytes.feed.${count === 1 ? 'one' : 'percent'}`,
            title: `${label} of ${size.toLocaleString('en-US')}: through the change feed`,
            unit: 'B',
            betterIs: 'lower',
            samples: [viaFeed],
            baseline,
            ...goal,
            notes: 'feed pages plus the changed M-URLs',
          }),
          figure({
            id: `sync.resync-bytes.index.${count === 1 ? 'one' : 'percent'}`,
            title: `${label} of ${size.toLocaleString('en-US')}: through the sitemap index`,
            unit: 'B',
            betterIs: 'lower',
            samples: [viaIndex],
            baseline,
            ...goal,
            notes: `the index, the shards whose hash moved, the changed M-URLs: one edit costs one shard of ${SHARD} items (the default, docs/protocols.md), 1/N of the sitemap; spread edits touch every shard (the feed is the way to stay near zero)`,
          }),
        );
      }
    } finally {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    }
    return figures;
  },
};
