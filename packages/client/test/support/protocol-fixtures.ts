import { Writable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';
import {
  buildJsonResource,
  buildLlmindexJwks,
  buildLlmindexManifest,
  buildScpSitemap,
  cacheControlOf,
  endpointFamily,
  generateLlmindexKeyPair,
  generateLlmsTxt,
  markdownTwinUrl,
  respondWithResource,
  SCP_MEDIA_TYPE,
  scpEtag,
  sha256Hex,
  TCT_1,
  signLlmindexManifest,
  writeScpCollection,
  type HttpResponse,
  type ScpCollectionMetadata,
  type ScpMetadataInput,
  type ScpPageInput,
  type ServedResource,
} from '@agent-ready/core';
import { writeHttpResponse } from '@agent-ready/express';

/** A collection's caching, as agent-ready's SCP family serves it. */
const SCP_FILE = endpointFamily('scp')!.headers.forms.response!;

export interface FixturePage {
  path: string;
  title: string;
  text: string;
  modified: string;
}

interface Collection {
  url: string;
  path: string;
  bytes: Buffer;
  metadata: ScpCollectionMetadata;
  pages: number;
}

export interface FixtureVariants {
  /** One hex digit of the snapshot's checksum changed (line 1), served with a matching ETag. */
  badChecksum?: boolean;
  /** The snapshot replaced by a gzip bomb (32 MiB of zeros). */
  bomb?: boolean;
  /** The manifest changed after signing. */
  badSignature?: boolean;
  /** A paragraph inside an llms.txt section. */
  badLlmsTxt?: boolean;
  /** Rules served before the Sitemap line of robots.txt (default: allow everything). */
  robotsRules?: string;
  /** Where sitemap.xml advertises the collections (object storage), instead of the site. */
  collectionsBase?: string;
}

const PROOF = 'llmindex-verify=0123456789abcdef0123456789abcdef';
const GENERATED = '2025-10-02T00:00:00Z';

async function collectionBytes(metadata: ScpMetadataInput, pages: ScpPageInput[]) {
  const chunks: Buffer[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const result = await writeScpCollection({ metadata, pages }, { compression: 'gzip', output });
  return { bytes: Buffer.concat(chunks), metadata: result.metadata, pages: result.pages };
}

function scpPage(origin: string, page: FixturePage): ScpPageInput {
  return {
    url: `${origin}${page.path}`,
    title: page.title,
    description: `About ${page.title}`,
    modified: page.modified,
    language: 'en',
    content: [{ type: 'text', text: page.text }],
  };
}

function markdownOf(page: FixturePage): string {
  return `# ${page.title}\n\n${page.text}\n`;
}

/**
 * SCP, llmindex and llms.txt served the way DECISIONS §2-§4 say, built with core's builders,
 * for the checks whose endpoints the Express adapter does not serve yet. Mutable: tests add
 * deltas and switch variants that break exactly one thing.
 */
export class ProtocolFixtures {
  variants: FixtureVariants = {};
  private snapshot: Collection | undefined;
  private readonly deltas: Collection[] = [];
  private manifest: Buffer | undefined;
  private jwks: Buffer | undefined;
  private signedManifest: Record<string, unknown> | undefined;

  constructor(
    readonly origin: string,
    readonly pages: FixturePage[],
  ) {}

  async prepare(): Promise<this> {
    await this.writeSnapshot(GENERATED);
    const keys = await generateLlmindexKeyPair({ kid: 'test-key' });
    const manifest = buildLlmindexManifest({
      entity: { name: 'Example', canonicalUrl: 'https://example.com' },
      language: 'en',
      topics: ['blog'],
      updatedAt: GENERATED,
      endpoints: Object.fromEntries(
        ['products', 'policies', 'faq', 'about'].map((name) => [
          name,
          `${this.origin}/llm/${name}`,
        ]),
      ),
      feeds: { productsJsonl: `${this.origin}/llm/feed/products.jsonl` },
      verify: { method: 'http_file', value: PROOF },
    });
    this.signedManifest = (await signLlmindexManifest(
      manifest,
      keys.privateJwk,
    )) as unknown as Record<string, unknown>;
    this.manifest = buildJsonResource(this.signedManifest).body;
    this.jwks = Buffer.from(JSON.stringify(buildLlmindexJwks([keys.publicJwk])));
    return this;
  }

  /** A new snapshot of the current pages (the previous one is replaced). */
  async writeSnapshot(generated: string): Promise<void> {
    const written = await collectionBytes(
      { id: 'blog', section: 'blog', type: 'snapshot', generated },
      this.pages.map((page) => scpPage(this.origin, page)),
    );
    const path = `/scp/blog-snapshot-${generated.replace(/[^0-9]/g, '')}.scp.gz`;
    this.snapshot = { url: `${this.origin}${path}`, path, ...written };
  }

  /** A delta of `changed` pages since the newest collection. */
  async addDelta(changed: FixturePage[], generated: string): Promise<void> {
    const since = (this.deltas.at(-1) ?? this.snapshot!).metadata.generated;
    const written = await collectionBytes(
      { id: 'blog', section: 'blog', type: 'delta', generated, since },
      changed.map((page) => scpPage(this.origin, page)),
    );
    const path = `/scp/blog-delta-${generated.replace(/[^0-9]/g, '')}.scp.gz`;
    this.deltas.push({ url: `${this.origin}${path}`, path, ...written });
  }

  /** Link header values for an HTML page (llms.txt v2 relations). */
  pageLinks(path: string): string[] {
    if (!this.pages.some((page) => page.path === path)) return [];
    return [
      '</llms.txt>; rel="describedby"',
      `<${markdownTwinUrl(`${this.origin}${path}`)}>; rel="alternate"; type="text/markdown"`,
    ];
  }

  private sitemapXml(): Buffer {
    const entry = (c: Collection) => ({
      section: 'blog',
      url: this.variants.collectionsBase ? `${this.variants.collectionsBase}${c.path}` : c.url,
      generated: c.metadata.generated,
      expires: '2099-01-01T00:00:00Z',
      pages: c.pages,
      size: c.bytes.length,
    });
    return Buffer.from(
      buildScpSitemap({
        compression: ['gzip'],
        sections: [{ name: 'blog', updateFreq: 'daily', pages: this.pages.length }],
        collections: [entry(this.snapshot!)],
        deltas: this.deltas.map((d) => ({
          ...entry(d),
          period: d.metadata.generated.slice(0, 10),
          since: d.metadata.since!,
        })),
        urls: this.pages.map((page) => ({ loc: `${this.origin}${page.path}` })),
      }),
    );
  }

  private served(collection: Collection): ServedResource {
    let bytes = collection.bytes;
    let metadata = collection.metadata;
    if (collection === this.snapshot && this.variants.badChecksum) {
      const text = gunzipSync(bytes).toString('utf8');
      const checksum = metadata.checksum!;
      const flipped = `${checksum.slice(0, -1)}${checksum.endsWith('0') ? '1' : '0'}`;
      bytes = gzipSync(text.replace(checksum, flipped));
      metadata = { ...metadata, checksum: flipped };
    }
    if (collection === this.snapshot && this.variants.bomb)
      bytes = gzipSync(Buffer.alloc(32 * 2 ** 20));
    return {
      body: bytes,
      etag: scpEtag(metadata.checksum!, 'gzip'),
      lastModified: new Date(Date.parse(metadata.generated)),
      contentType: SCP_MEDIA_TYPE,
      contentEncoding: 'gzip',
      headers: {
        'cache-control': cacheControlOf(SCP_FILE.cacheControl, TCT_1),
        vary: SCP_FILE.vary!,
      },
    };
  }

  private text(
    body: string | Buffer,
    contentType: string,
    lastModified = GENERATED,
  ): ServedResource {
    const bytes = Buffer.from(body);
    return {
      body: bytes,
      etag: `"${sha256Hex(bytes)}"`,
      lastModified: new Date(Date.parse(lastModified)),
      contentType,
      headers: { 'cache-control': 'public, max-age=300' },
    };
  }

  private resourceFor(path: string): ServedResource | undefined {
    if (path === '/robots.txt')
      return this.text(
        `${this.variants.robotsRules ?? 'User-agent: *\nAllow: /\n'}Sitemap: ${this.origin}/sitemap.xml\n`,
        'text/plain; charset=utf-8',
      );
    if (path === '/sitemap.xml')
      return this.text(this.sitemapXml(), 'application/xml; charset=utf-8');
    for (const collection of [this.snapshot!, ...this.deltas])
      if (path === collection.path) return this.served(collection);
    if (path === '/llms.txt') {
      const { text } = generateLlmsTxt({
        site: { name: 'Example', summary: 'A test site.', baseUrl: `${this.origin}/` },
        pages: this.pages.map((page) => ({
          title: page.title,
          url: `${this.origin}${page.path}`,
          markdownUrl: markdownTwinUrl(`${this.origin}${page.path}`),
          description: `About ${page.title}`,
        })),
      });
      const body = this.variants.badLlmsTxt
        ? text.replace(/\n- /, '\nSome prose in a section.\n- ')
        : text;
      return this.text(body, 'text/plain; charset=utf-8');
    }
    for (const page of this.pages)
      if (path === new URL(markdownTwinUrl(`${this.origin}${page.path}`)).pathname)
        return this.text(markdownOf(page), 'text/markdown; charset=utf-8', page.modified);
    if (path === '/.well-known/llmindex.json') {
      const body = this.variants.badSignature
        ? buildJsonResource({ ...this.signedManifest!, topics: ['blog', 'added later'] }).body
        : this.manifest!;
      return this.text(body, 'application/json; charset=utf-8');
    }
    if (path === '/.well-known/llmindex-keys.json')
      return this.text(this.jwks!, 'application/json');
    if (path === '/.well-known/llmindex-proof.txt')
      return this.text(`${PROOF}\n`, 'text/plain; charset=utf-8');
    const endpoint = /^\/llm\/(products|policies|faq|about)(\.md)?$/.exec(path);
    if (endpoint)
      return this.text(
        `# ${endpoint[1]}\n\nAbout ${endpoint[1]}.\n`,
        'text/markdown; charset=utf-8',
      );
    if (path === '/llm/feed/products.jsonl')
      return this.text(
        `${JSON.stringify({ id: 'p1', title: 'A thing', url: 'https://example.com/p1', availability: 'in_stock', price: 10, currency: 'EUR', updated_at: GENERATED })}\n`,
        'application/jsonl; charset=utf-8',
      );
    return undefined;
  }

  /** Express middleware serving every fixture with full conditional-request handling. */
  router(): RequestHandler {
    return (req, res, next) => {
      const resource = this.resourceFor(req.path);
      if (!resource) {
        next();
        return;
      }
      const response: HttpResponse = respondWithResource(
        { method: req.method, headers: req.headers },
        resource,
      );
      writeHttpResponse(res, response).catch(next);
    };
  }
}
