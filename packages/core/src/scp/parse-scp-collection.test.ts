import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { inspectScpCollection, readScpCollection } from './inspect-scp-collection';
import { parseScpCollection, type ScpParseItem, type ScpWarning } from './parse-scp-collection';
import { computeScpChecksum } from './scp-checksum';
import { ScpChecksumError, ScpError, ScpFormatError, ScpLimitError } from './scp-errors';
import {
  REFERENCE_LINE_1,
  REFERENCE_PAGES,
  chunked,
  referenceCollection,
  withChecksum,
} from '../../test/support/scp-fixtures';

const META =
  '{"collection":{"id":"c","section":"blog","type":"snapshot","generated":"2025-01-15T00:00:00Z","version":"0.1"}}';
const page = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    url: 'https://example.com/a',
    title: 'A',
    description: 'D',
    modified: '2025-01-10T00:00:00Z',
    language: 'en',
    content: [{ type: 'text', text: 'x' }],
    ...extra,
  });

async function parse(text: string | Buffer, options = {}) {
  return readScpCollection([typeof text === 'string' ? Buffer.from(text) : text], options);
}

async function fatal(text: string | Buffer, options = {}): Promise<ScpError> {
  try {
    await parse(text, options);
  } catch (error) {
    expect(error).toBeInstanceOf(ScpError);
    return error as ScpError;
  }
  throw new Error('expected a fatal error');
}

describe('parseScpCollection', () => {
  it("reads the spec's Appendix B example and verifies the reference generator's checksum", async () => {
    for (const finalNewline of [false, true]) {
      const { metadata, pages, report } = await parse(referenceCollection(finalNewline));
      expect(metadata).toMatchObject({
        id: 'example-minimal',
        section: 'all',
        type: 'snapshot',
        version: '0.1',
      });
      expect(pages.map((p) => p.url)).toEqual([
        'https://example.com/',
        'https://example.com/about',
      ]);
      expect(pages[1]).toEqual(JSON.parse(REFERENCE_PAGES[1]!));
      expect(report).toMatchObject({
        complete: true,
        checksum: 'verified',
        pages: 2,
        lines: 3,
        blocksByType: { heading: 2, text: 2 },
        warningCount: 0,
        compression: 'none',
      });
    }
  });

  it('yields the metadata and each page before the input has ended (streaming)', async () => {
    const input = new PassThrough();
    const iterator = parseScpCollection(input)[Symbol.asyncIterator]();
    input.write(`${META}\n${page()}\n{"url":"https://example.com/b","ti`);
    const first = await iterator.next();
    const second = await iterator.next();
    expect((first.value as ScpParseItem).kind).toBe('metadata');
    expect(second.value).toMatchObject({
      kind: 'page',
      line: 2,
      page: { url: 'https://example.com/a' },
    });
    input.end(
      'tle":"B","description":"","modified":"2025-01-11T00:00:00Z","language":"en","content":[]}\n',
    );
    const third = await iterator.next();
    expect(third.value).toMatchObject({ kind: 'page', line: 3, page: { title: 'B' } });
    expect((await iterator.next()).done).toBe(true);
  });

  it('reads the same pages whatever the chunking, compressed or not', async () => {
    const text = referenceCollection(true);
    const gz = gzipSync(text);
    for (const size of [1, 3, 7, 64]) {
      expect((await readScpCollection(chunked(Buffer.from(text), size))).pages).toHaveLength(2);
      expect((await readScpCollection(chunked(gz, size))).report).toMatchObject({
        compression: 'gzip',
        checksum: 'verified',
      });
    }
  });

  it('warns, never silently, for what the spec says to skip, clamp or ignore', async () => {
    const seen: ScpWarning[] = [];
    const text = [
      META,
      page({
        content: [
          { type: 'structured', data: {} },
          { type: 'heading', level: 9, text: 'H' },
          { type: 'image', url: 'javascript:x', alt: '' },
        ],
      }),
      page({ url: 'javascript:alert(1)' }),
      page({ url: 'https://example.com/c', modified: 'yesterday' }),
      '',
      page({
        url: 'https://example.com/d',
        unknownMember: { deep: true },
        author: 7,
        language: 'english',
        content: [],
      }),
    ].join('\n');
    const { pages, report } = await parse(text, { onWarning: (w: ScpWarning) => seen.push(w) });
    expect(pages.map((p) => p.url)).toEqual(['https://example.com/a', 'https://example.com/d']);
    expect(pages[0]!.content).toEqual([{ type: 'heading', level: 6, text: 'H' }]);
    expect(pages[1]).not.toHaveProperty('unknownMember');
    expect(pages[1]).not.toHaveProperty('author');
    expect(report.warningsByCode).toEqual({
      'block.unknown_type': 1,
      'heading.level_clamped': 1,
      'block.invalid': 1,
      'page.invalid_url': 1,
      'page.invalid_modified': 1,
      'line.blank': 1,
      'page.invalid_language': 1,
      'member.dropped': 1,
      'page.content_empty': 1,
    });
    expect(report).toMatchObject({ warningCount: 9, skippedPages: 2, pages: 2 });
    expect(seen).toEqual(report.warnings);
    expect(report.warnings[0]).toMatchObject({ line: 2, field: 'content[0].type' });
  });

  it('yields pages in the fixed member order, without members the schema does not define', async () => {
    const line =
      '{"content":[{"text":"T","extra":1,"level":2,"type":"heading"}],"language":"en","modified":"2025-01-10T00:00:00Z",' +
      '"x":1,"canonical":"https://example.com/a","description":"D","title":"A","author":"Me","url":"https://example.com/a"}';
    const { pages } = await parse(`${META}\n${line}`);
    expect(JSON.stringify(pages[0])).toBe(
      '{"url":"https://example.com/a","title":"A","description":"D","author":"Me","modified":"2025-01-10T00:00:00Z",' +
        '"language":"en","canonical":"https://example.com/a","content":[{"type":"heading","level":2,"text":"T"}]}',
    );
  });

  it('caps the warnings it stores but counts them all', async () => {
    const lines = [
      META,
      ...Array.from({ length: 30 }, () => page({ content: [{ type: 'x' }, { type: 'y' }] })),
    ];
    const { report } = await parse(lines.join('\n'), { maxStoredWarnings: 5 });
    expect(report.warnings).toHaveLength(5);
    expect(report.warningCount).toBe(60);
  });

  it('ignores unknown members and accepts a newer minor version with a warning', async () => {
    const meta =
      '{"collection":{"id":"c","section":"s","type":"snapshot","generated":"2025-01-15T00:00:00Z","version":"0.9","future":1},"other":{}}';
    const { metadata, report } = await parse(`${meta}\n${page()}\n`);
    expect(metadata).toEqual({
      id: 'c',
      section: 's',
      type: 'snapshot',
      generated: '2025-01-15T00:00:00Z',
      version: '0.9',
    });
    expect(report.warningsByCode).toEqual({ 'metadata.newer_minor_version': 1 });
  });

  it.each([
    ['a higher major version', META.replace('"0.1"', '"1.0"'), 'scp.version.unsupported'],
    ['a malformed version', META.replace('"0.1"', '"v0.1"'), 'scp.metadata.invalid'],
    ['a non-object first line', '[1]', 'scp.metadata.invalid'],
    ['a first line without collection', '{"meta":{}}', 'scp.metadata.invalid'],
    ['a bad id', META.replace('"id":"c"', '"id":"c d"'), 'scp.metadata.invalid'],
    ['a bad type', META.replace('"snapshot"', '"full"'), 'scp.metadata.invalid'],
    ['a bad generated', META.replace('2025-01-15T00:00:00Z', '2025-01-15'), 'scp.metadata.invalid'],
    ['a delta without since', META.replace('"snapshot"', '"delta"'), 'scp.metadata.invalid'],
    [
      'a malformed checksum',
      META.replace('"0.1"', '"0.1","checksum":"md5:abc"'),
      'scp.metadata.invalid',
    ],
    ['an empty file', '', 'scp.metadata.missing'],
    ['an empty first line', `\n${page()}`, 'scp.json.invalid'],
    ['invalid JSON on a page line', `${META}\n${page()}\n{"url":`, 'scp.json.invalid'],
    ['a page that is not an object', `${META}\n[]`, 'scp.page.not_object'],
    ['a page without title', `${META}\n${page({ title: undefined })}`, 'scp.page.missing_field'],
    ['a page with a numeric url', `${META}\n${page({ url: 5 })}`, 'scp.page.missing_field'],
    [
      'a page whose content is not an array',
      `${META}\n${page({ content: {} })}`,
      'scp.page.missing_field',
    ],
  ])('fails on %s', async (_name, text, code) => {
    const error = await fatal(text);
    expect(error).toBeInstanceOf(ScpFormatError);
    expect(error.code).toBe(code);
  });

  it('fails on invalid UTF-8 and names the line', async () => {
    const bytes = Buffer.concat([
      Buffer.from(`${META}\n${page().slice(0, 40)}`),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}\n'),
    ]);
    expect(await fatal(bytes)).toMatchObject({ code: 'scp.utf8.invalid', line: 2 });
  });

  it('tolerates a UTF-8 BOM and CRLF line ends (hashed as they are)', async () => {
    const body = `\ufeff${META}\r\n${page()}\r\n`;
    const checksum = computeScpChecksum(body);
    const text = body.replace('"0.1"}}', `"0.1","checksum":"${checksum}"}}`);
    const { report } = await parse(text);
    expect(report).toMatchObject({ checksum: 'verified', pages: 1 });
  });

  it('reports a checksum mismatch as fatal, after the pages, and records it', async () => {
    const tampered = referenceCollection(false).replace('We are a company.', 'We are a company!');
    const parser = parseScpCollection([Buffer.from(tampered)]);
    const pages: string[] = [];
    await expect(
      (async () => {
        for await (const item of parser) if (item.kind === 'page') pages.push(item.page.url);
      })(),
    ).rejects.toBeInstanceOf(ScpChecksumError);
    expect(pages).toHaveLength(2);
    expect(parser.report).toMatchObject({ complete: false, checksum: 'mismatch' });
    const unverifiable = [
      withChecksum(REFERENCE_LINE_1, 'sha256:' + 'A'.repeat(64)).replace(
        '"checksum"',
        '"check\\u0073um"',
      ),
      ...REFERENCE_PAGES,
    ].join('\n');
    expect(await fatal(unverifiable)).toMatchObject({ code: 'scp.checksum.unverifiable' });
  });

  it('can skip verification, and says so', async () => {
    const tampered = referenceCollection(false).replace('We are a company.', 'We are a company!');
    expect((await parse(tampered, { verifyChecksum: false })).report.checksum).toBe('skipped');
    expect((await parse(`${META}\n${page()}`)).report.checksum).toBe('absent');
  });

  it('enforces the line cap while buffering, before the line ends', async () => {
    const input = new PassThrough();
    const parser = parseScpCollection(input, { limits: { maxPageBytes: 1000 } });
    const done = (async () => {
      for await (const item of parser) void item;
    })();
    input.write(`${META}\n{"url":"`);
    for (let i = 0; i < 5; i++) input.write('x'.repeat(400));
    await expect(done).rejects.toMatchObject({
      constructor: ScpLimitError,
      code: 'scp.limit.page_bytes',
      line: 2,
    });
    expect(parser.report.decompressedBytes).toBeLessThan(3000);
    input.destroy();
  });

  it('enforces the blocks-per-page cap (1000 by default)', async () => {
    const blocks = (n: number) => Array.from({ length: n }, () => ({ type: 'text', text: 'x' }));
    expect(
      (await parse(`${META}\n${page({ content: blocks(1000) })}`)).pages[0]!.content,
    ).toHaveLength(1000);
    expect(await fatal(`${META}\n${page({ content: blocks(1001) })}`)).toMatchObject({
      code: 'scp.limit.blocks_per_page',
      line: 2,
    });
    expect(
      await fatal(`${META}\n${page({ content: blocks(11) })}`, {
        limits: { maxBlocksPerPage: 10 },
      }),
    ).toBeInstanceOf(ScpLimitError);
  });

  it('drops a schema nested deeper than the cap instead of keeping a value JSON.stringify cannot write', async () => {
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const line = page().replace('"content"', `"schema":${deep},"content"`);
    const { pages, report } = await parse(`${META}\n${line}`);
    expect(pages[0]).not.toHaveProperty('schema');
    expect(report.warnings[0]).toMatchObject({ code: 'member.dropped', field: 'schema' });
    const shallow = page({ schema: { '@type': 'Product', offers: { price: '1' } } });
    expect((await parse(`${META}\n${shallow}`)).pages[0]!.schema).toEqual({
      '@type': 'Product',
      offers: { price: '1' },
    });
  });

  it('cannot be iterated twice', async () => {
    const parser = parseScpCollection([Buffer.from(META)]);
    for await (const item of parser) void item;
    expect(() => parser[Symbol.asyncIterator]()).toThrow(ScpError);
  });

  it('turns a failing source into a typed error', async () => {
    async function* failing() {
      yield Buffer.from(`${META}\n`);
      throw new Error('connection reset');
    }
    const inspection = await inspectScpCollection(failing());
    expect(inspection).toMatchObject({ valid: false, error: { code: 'scp.source.failed' } });
  });
});
