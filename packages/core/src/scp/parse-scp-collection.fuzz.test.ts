import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { gzipSync } from 'node:zlib';
import { compress as zstdCompress } from 'zstd-napi';
import { AgentReadyError } from '../errors';
import { buildScpPage } from './build-scp-page';
import { inspectScpCollection } from './inspect-scp-collection';
import { parseScpCollection } from './parse-scp-collection';
import { ScpError } from './scp-errors';
import { chunked, referenceCollection } from '../../test/support/scp-fixtures';

const VALID = Buffer.from(referenceCollection(true));
const META =
  '{"collection":{"id":"c","section":"s","type":"snapshot","generated":"2025-01-15T00:00:00Z","version":"0.1"}}';
const SMALL_LIMITS = { maxPageBytes: 64 * 1024, maxDecompressedBytes: 1024 * 1024 };

/** Reads everything; returns whether it was valid. Any non-SCP error fails the property. */
async function outcome(bytes: Uint8Array, chunkSize = 16): Promise<boolean> {
  const parser = parseScpCollection(chunked(bytes, chunkSize), { limits: SMALL_LIMITS });
  try {
    for await (const item of parser) {
      if (item.kind === 'page') JSON.stringify(item.page); // what we yield can always be written back
    }
    return true;
  } catch (error) {
    if (!(error instanceof ScpError)) throw error;
    expect(error.code).toMatch(/^scp\./);
    return false;
  }
}

const bytesArb = fc.uint8Array({ maxLength: 2048 });
const chunkArb = fc.integer({ min: 1, max: 512 });

describe('parser fuzzing: every input ends in a typed error or a valid result', () => {
  it('random bytes, raw or behind a gzip/zstd magic', async () => {
    await fc.assert(
      fc.asyncProperty(
        bytesArb,
        fc.constantFrom([], [0x1f, 0x8b], [0x28, 0xb5, 0x2f, 0xfd]),
        chunkArb,
        async (body, magic, size) => {
          await outcome(Buffer.concat([Buffer.from(magic), body]), size);
        },
      ),
      propertyRuns(300),
    );
  });

  it('truncated gzip, zstd and plain collections are never accepted', async () => {
    const variants = [VALID, gzipSync(VALID), zstdCompress(VALID)];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(0, 1, 2),
        fc.double({ min: 0, max: 1, noNaN: true }),
        chunkArb,
        async (which, at, size) => {
          const whole = variants[which]!;
          const cut = Math.min(whole.length - 1, Math.floor(at * whole.length));
          expect(await outcome(whole.subarray(0, cut), size)).toBe(false);
        },
      ),
      propertyRuns(200),
    );
  });

  it('flipped and inserted bytes (broken JSON, broken UTF-8, broken compression)', async () => {
    const variants = [VALID, gzipSync(VALID), zstdCompress(VALID)];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(0, 1, 2),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 8,
        }),
        chunkArb,
        async (which, edits, size) => {
          const bytes = Buffer.from(variants[which]!);
          for (const [position, value] of edits) bytes[position % bytes.length] = value;
          await outcome(bytes, size);
        },
      ),
      propertyRuns(300),
    );
  });

  it('arbitrary JSON on page lines', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.jsonValue({ maxDepth: 6 }), { maxLength: 5 }),
        async (values) => {
          const text = [META, ...values.map((v) => JSON.stringify(v))].join('\n');
          await outcome(Buffer.from(text));
        },
      ),
      propertyRuns(300),
    );
  });

  it('page-shaped objects with arbitrary members and blocks', async () => {
    const block = fc.record(
      {
        type: fc.constantFrom(
          'text',
          'heading',
          'link',
          'image',
          'list',
          'code',
          'table',
          'quote',
          'video',
          'audio',
          'x',
        ),
        text: fc.oneof(fc.string(), fc.integer()),
        level: fc.integer({ min: -3, max: 10 }),
        url: fc.oneof(fc.webUrl(), fc.string(), fc.constant('javascript:alert(1)')),
        alt: fc.string(),
        ordered: fc.boolean(),
        items: fc.array(fc.oneof(fc.string(), fc.integer())),
        code: fc.string(),
        rows: fc.array(fc.array(fc.string())),
        name: fc.string(),
        chapters: fc.array(
          fc.record({ time: fc.integer({ min: -1, max: 5 }), title: fc.string() }),
        ),
      },
      { requiredKeys: ['type'] },
    );
    const page = fc.record(
      {
        url: fc.oneof(fc.webUrl(), fc.string()),
        title: fc.string(),
        description: fc.string(),
        modified: fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          fc.string(),
        ),
        language: fc.constantFrom('en', 'en-US', 'zh-Hans', 'xx_YY'),
        content: fc.array(block, { maxLength: 6 }),
        schema: fc.jsonValue({ maxDepth: 4 }),
      },
      { requiredKeys: ['url', 'title', 'description', 'modified', 'language', 'content'] },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(page, { maxLength: 4 }), async (pages) => {
        const text = [META, ...pages.map((p) => JSON.stringify(p))].join('\n');
        expect(await outcome(Buffer.from(text))).toBe(true); // only warnings: every required member is there
      }),
      propertyRuns(200),
    );
  });

  it('huge lines stop at the cap, deep nesting never overflows the stack', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 64 * 1024 + 1, max: 200_000 }),
        fc.integer({ min: 1, max: 50_000 }),
        async (length, depth) => {
          const huge = `${META}\n"${'a'.repeat(length)}"`;
          expect(await outcome(Buffer.from(huge), 8192)).toBe(false);
          const nested = `${META}\n{"url":"https://example.com/","title":"t","description":"d","modified":"2025-01-01T00:00:00Z","language":"en","content":[${'['.repeat(depth)}${']'.repeat(depth)}],"schema":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
          await outcome(Buffer.from(nested), 8192);
        },
      ),
      propertyRuns(30, { costly: true }),
    );
  });

  it('inspection never throws on random input', async () => {
    await fc.assert(
      fc.asyncProperty(bytesArb, async (bytes) => {
        const inspection = await inspectScpCollection([bytes]);
        expect(typeof inspection.valid).toBe('boolean');
      }),
      propertyRuns(100),
    );
  });
});

describe('builder fuzzing: arbitrary input is a page or a typed error', () => {
  it('buildScpPage', () => {
    fc.assert(
      fc.property(fc.anything({ maxDepth: 4 }), fc.anything({ maxDepth: 3 }), (input, block) => {
        for (const candidate of [
          input,
          {
            url: 'https://example.com/',
            title: 't',
            description: 'd',
            modified: '2025-01-01T00:00:00Z',
            language: 'en',
            content: [block],
          },
        ]) {
          try {
            JSON.stringify(buildScpPage(candidate as never));
          } catch (error) {
            expect(error).toBeInstanceOf(AgentReadyError);
          }
        }
      }),
      propertyRuns(300),
    );
  });
});
