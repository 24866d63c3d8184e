import { validateAgentSiteOptions } from '@agent-ready/core/serve';
import { databaseConfig } from '@agent-ready/test-support';
import { SILENT_LOGGER } from './ground/store-logger';
import { openAgentSite } from './open-agent-site';
import { openSiteOnce } from './open-site-once';
import type { DatabaseOption } from './schema/open-database';

const site = validateAgentSiteOptions({ site: { origin: 'https://example.com', name: 'Example' } });

describe('openSiteOnce', () => {
  it('retries a start that failed on the next call, then opens the site once for every caller', async () => {
    const database = databaseConfig('sqlite') as DatabaseOption;
    let opens = 0;
    // A read-only process started before its writer: the table is not there yet.
    const sites = openSiteOnce(() => {
      opens++;
      return openAgentSite({ site, database, mode: 'read-only', logger: SILENT_LOGGER });
    });
    await expect(sites.site()).rejects.toThrow(/does not exist: start the writer/);
    expect(sites.opened).toBeUndefined();

    const writer = await openAgentSite({
      site,
      database,
      mode: 'standalone',
      rebuild: { automatic: false },
      logger: SILENT_LOGGER,
    });
    try {
      const [first, second] = await Promise.all([sites.site(), sites.site()]);
      expect(second).toBe(first);
      expect(sites.opened).toBe(first);
      expect(await sites.site()).toBe(first);
      expect(opens).toBe(2);
      await sites.close();
    } finally {
      await writer.close();
    }
  });

  it('closes a site still opening once it is open, and nothing when none ever opened', async () => {
    const database = databaseConfig('sqlite') as DatabaseOption;
    const sites = openSiteOnce(() =>
      openAgentSite({
        site,
        database,
        mode: 'standalone',
        rebuild: { automatic: false },
        logger: SILENT_LOGGER,
      }),
    );
    const opening = sites.site();
    await sites.close();
    // Closed: its engine no longer writes.
    const opened = await opening;
    await expect(opened.engine!.readRevision()).rejects.toThrow();
    await expect(
      openSiteOnce(() => Promise.reject(new Error('down'))).close(),
    ).resolves.toBeUndefined();
  });
});
