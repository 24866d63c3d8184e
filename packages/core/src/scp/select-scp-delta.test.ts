import { ScpValidationError } from './scp-errors';
import { scpDeltaWindow, selectScpDeltaPages } from './select-scp-delta';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('delta selection', () => {
  const pages = [
    { url: 'a', modified: '2025-01-14T00:00:00Z' }, // == since: excluded
    { url: 'b', modified: '2025-01-14T00:00:00.001Z' },
    { url: 'c', modified: '2025-01-15T01:00:00+02:00' }, // 2025-01-14T23:00Z
    { url: 'd', modified: '2025-01-15T00:00:00Z' }, // == generated: included
    { url: 'e', modified: new Date('2025-01-15T00:00:01Z') },
    { url: 'f', modified: '2025-01-13T12:00:00Z' },
  ];

  it('selects the pages modified in (since, generated], comparing instants', async () => {
    const selected = await collect(
      selectScpDeltaPages(pages, {
        since: '2025-01-14T00:00:00Z',
        generated: '2025-01-15T00:00:00Z',
      }),
    );
    expect(selected.map((p) => p.url)).toEqual(['b', 'c', 'd']);
  });

  it('streams: pages come out while the input is still being produced', async () => {
    const produced: string[] = [];
    async function* source() {
      for (const page of pages) {
        produced.push(page.url);
        yield page;
      }
    }
    const iterator = selectScpDeltaPages(source(), {
      since: '2025-01-14T00:00:00Z',
      generated: '2025-01-15T00:00:00Z',
    });
    expect((await iterator.next()).value).toMatchObject({ url: 'b' });
    expect(produced).toEqual(['a', 'b']);
  });

  it('rejects a page whose modified is not a date-time, naming it', async () => {
    await expect(
      collect(
        selectScpDeltaPages([{ modified: 'soon' }], {
          since: '2025-01-14T00:00:00Z',
          generated: '2025-01-15T00:00:00Z',
        }),
      ),
    ).rejects.toMatchObject({ constructor: ScpValidationError, field: 'pages[0].modified' });
  });

  it('names daily and hourly windows (last complete period), configurable', () => {
    expect(scpDeltaWindow('2025-01-15T10:37:12Z', 'daily')).toEqual({
      since: '2025-01-14T00:00:00Z',
      generated: '2025-01-15T00:00:00Z',
      period: '2025-01-14',
    });
    expect(scpDeltaWindow(new Date('2025-01-15T10:37:12Z'), 'hourly')).toEqual({
      since: '2025-01-15T09:00:00Z',
      generated: '2025-01-15T10:00:00Z',
      period: '2025-01-15T09',
    });
    expect(
      scpDeltaWindow('2025-01-15T00:00:00Z', 'daily', {
        formatPeriod: (d) => `day${d.getUTCDate()}`,
      }).period,
    ).toBe('day14');
    expect(() => scpDeltaWindow('2025-01-15T00:00:00Z', 'weekly' as never)).toThrow(
      ScpValidationError,
    );
  });
});
