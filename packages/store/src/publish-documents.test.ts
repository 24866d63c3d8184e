import { validateAgentSiteOptions } from '@agent-ready/core/serve';
import { databaseConfig } from '@agent-ready/test-support';
import { SILENT_LOGGER } from './ground/store-logger';
import { openAgentSite, type AgentSite, type AgentSiteRequest } from './open-agent-site';
import { documentPublishing } from './publish-documents';
import type { DatabaseOption } from './schema/open-database';

const options = validateAgentSiteOptions({
  site: { origin: 'https://example.com', name: 'Example' },
});
const get = (target: string): AgentSiteRequest => ({
  method: 'GET',
  target,
  headers: { host: 'example.com' },
  url: `https://example.com${target}`,
});

describe('documentPublishing', () => {
  let database: DatabaseOption;
  let site: AgentSite;
  const status = async (target: string) => {
    const outcome = await site.handle(get(target));
    return outcome.kind === 'respond' ? outcome.response.status : outcome.kind;
  };

  beforeAll(async () => {
    database = databaseConfig('sqlite') as DatabaseOption;
    site = await openAgentSite({
      site: options,
      database,
      mode: 'standalone',
      rebuild: { automatic: false },
      logger: SILENT_LOGGER,
    });
  });
  afterAll(() => site.close());

  it('publishes, unpublishes and deletes documents prepared under the site’s options', async () => {
    const publishing = documentPublishing(async () => site, options);
    const outcome = await publishing.publish({
      id: 'a',
      url: '/a/',
      title: 'A',
      body: { format: 'markdown', value: 'Alpha.' },
    });
    expect(outcome.status).toBe('created');
    const served = await site.handle(get('/a/llm.json'));
    expect(served.kind === 'respond' && JSON.parse(served.response.body!.toString())).toMatchObject(
      {
        canonical_url: 'https://example.com/a/',
        title: 'A',
      },
    );
    await publishing.publish({ id: 'b', url: '/b/', title: 'B' });
    await publishing.unpublish('a');
    await publishing.remove('b');
    expect([await status('/a/llm.json'), await status('/b/llm.json')]).toEqual([404, 410]);
  });

  it('rebuilds the table from a list, resumable, or from any iterable', async () => {
    const publishing = documentPublishing(async () => site, options);
    const list = [
      { id: 'c', url: '/c/', title: 'C' },
      { id: 'd', url: '/d/', title: 'D' },
    ];
    const progress: number[] = [];
    const outcome = await publishing.rebuild(list, {
      resume: true,
      onProgress: ({ total }) => progress.push(total!),
      progressEvery: 1,
    });
    expect(outcome).toMatchObject({ seen: 2, changed: 2 });
    expect(progress.at(-1)).toBe(2);
    async function* onlyD() {
      yield list[1]!;
    }
    await publishing.rebuild(onlyD());
    expect([await status('/c/llm.json'), await status('/d/llm.json')]).toEqual([404, 200]);
  });

  it('refuses to publish through a read-only site', async () => {
    const reader = await openAgentSite({
      site: options,
      database,
      mode: 'read-only',
      logger: SILENT_LOGGER,
    });
    try {
      const publishing = documentPublishing(async () => reader, options);
      await expect(publishing.publish({ id: 'e', url: '/e/', title: 'E' })).rejects.toThrow(
        /read-only/,
      );
      await expect(publishing.remove('c')).rejects.toThrow(/read-only/);
    } finally {
      await reader.close();
    }
  });
});
