import {
  compareScpTimestamps,
  inspectScpCollection,
  parseScpSitemap,
  scpTimestampToHttpDate,
  scpEtag,
  SCP_MEDIA_TYPE,
  SCP_SITEMAP_NAMESPACE,
  ScpSitemapError,
  type ScpInspection,
  type ScpLimits,
  type ScpSitemap,
} from '@agent-ready/core/scp';
import { mediaTypeOf } from '../discovery/find-links';
import { findSitemapXmlUrls } from '../discovery/find-sitemap-xml';
import type { HttpExchange, HttpExchangeHead } from '../http/http-client';
import { evidenceOf, type CheckEvidence } from './check-recorder';
import {
  fetchIdentity,
  onOrigin,
  sampleEvenly,
  type ValidationContext,
} from './validation-context';

/** One collection the sitemap lists, snapshot or delta. */
interface ListedCollection {
  kind: 'snapshot' | 'delta';
  section: string;
  url: string;
  generated: string;
  pages: number;
  size: number;
  since?: string;
}

export interface ScpCheckOptions {
  /** Caps for reading a collection (defaults: 256 MiB compressed, 1 GiB decompressed). */
  limits?: Partial<ScpLimits>;
}

function listed(sitemap: ScpSitemap): ListedCollection[] {
  return [
    ...sitemap.collections.map((c) => ({ kind: 'snapshot' as const, ...c })),
    ...sitemap.deltas.map((d) => ({ kind: 'delta' as const, ...d })),
  ];
}

function checkStructure(ctx: ValidationContext, res: HttpExchange): ScpSitemap | undefined {
  const { rec } = ctx;
  let sitemap: ScpSitemap;
  try {
    sitemap = parseScpSitemap(res.body);
  } catch (error) {
    if (!(error instanceof ScpSitemapError)) throw error;
    rec.violation('scp.sitemap.structure', evidenceOf(res, error.message));
    return undefined;
  }
  const problems = [...sitemap.warnings];
  if (sitemap.version === undefined) problems.push('no <scp:version>');
  else if (Number(sitemap.version.split('.')[0]) > 0)
    problems.push(`scp:version ${sitemap.version} has a major version this client cannot read`);
  const collections = listed(sitemap);
  if (collections.length === 0) problems.push('no <scp:collection> or <scp:delta>');
  const sections = new Set(sitemap.sections.map((s) => s.name));
  for (const c of collections)
    if (!sections.has(c.section)) problems.push(`${c.url} names undeclared section "${c.section}"`);
  if (problems.length > 0)
    rec.violation('scp.sitemap.structure', evidenceOf(res, problems.slice(0, 5).join('; ')));
  else if (sitemap.urls.length === 0)
    rec.warn(
      'scp.sitemap.structure',
      evidenceOf(res, 'no ordinary <url> entries (docs/protocols.md#scp-sitemap)'),
    );
  else
    rec.pass(
      'scp.sitemap.structure',
      evidenceOf(
        res,
        `${sitemap.collections.length} snapshot(s), ${sitemap.deltas.length} delta(s)`,
      ),
    );
  return sitemap;
}

async function checkSitemapConditional(ctx: ValidationContext, res: HttpExchange): Promise<void> {
  const { rec } = ctx;
  const headers: Record<string, string> = {};
  if (res.headers.etag) headers['if-none-match'] = res.headers.etag;
  else if (res.headers['last-modified'])
    headers['if-modified-since'] = res.headers['last-modified'];
  else {
    rec.violation('scp.sitemap.conditional', evidenceOf(res, 'no ETag or Last-Modified'));
    return;
  }
  await rec.probe('scp.sitemap.conditional', { method: 'GET', url: res.url }, async () => {
    const again = await fetchIdentity(ctx, res.url, headers);
    if (again.status === 304) rec.pass('scp.sitemap.conditional', evidenceOf(again, '304'));
    else
      rec.violation(
        'scp.sitemap.conditional',
        evidenceOf(again, `expected 304, got ${again.status}`),
      );
  });
}

function scpCheckFor(code: string): string {
  if (code.startsWith('scp.checksum.')) return 'scp.collection.checksum';
  if (code.startsWith('scp.limit.')) return 'scp.collection.limits';
  if (code.startsWith('scp.source.')) return 'scp.collection.http';
  return 'scp.collection.schema';
}

function judgeInspection(
  ctx: ValidationContext,
  entry: ListedCollection,
  head: HttpExchangeHead,
  inspection: ScpInspection,
  wireBytes: number,
): void {
  const { rec } = ctx;
  const { report } = inspection;
  const evidence = (detail: string): CheckEvidence => evidenceOf(head, detail);
  const failedAt = inspection.error ? scpCheckFor(String(inspection.error.code)) : undefined;
  const message = inspection.error
    ? `${String(inspection.error.code)}: ${String(inspection.error.message)}`
    : '';
  if (failedAt) rec.violation(failedAt, evidence(message));

  if (failedAt !== 'scp.collection.limits')
    rec.pass('scp.collection.limits', evidence('within limits'));
  if (failedAt !== 'scp.collection.checksum') {
    if (report.checksum === 'verified')
      rec.pass('scp.collection.checksum', evidence(String(report.metadata?.checksum)));
    else if (report.checksum === 'absent')
      rec.warn('scp.collection.checksum', evidence('the collection carries no checksum'));
    else rec.notTested('scp.collection.checksum', `not read to the end (${message})`);
  }
  if (failedAt === undefined) {
    if (report.warningCount > 0)
      rec.warn(
        'scp.collection.schema',
        evidence(
          `${report.warningCount} warning(s): ${Object.entries(report.warningsByCode)
            .map(([code, n]) => `${code} ×${n}`)
            .join(', ')}`,
        ),
      );
    else rec.pass('scp.collection.schema', evidence(`${report.pages} page(s), every line valid`));
  }

  const encoding = head.headers['content-encoding']?.trim().toLowerCase() ?? 'none';
  const detected = report.compression;
  if (detected !== undefined && detected !== (encoding === 'identity' ? 'none' : encoding))
    rec.violation(
      'scp.collection.http',
      evidence(`Content-Encoding ${encoding}, but the bytes are ${detected}`),
    );
  else if (failedAt !== 'scp.collection.http')
    rec.pass('scp.collection.http', evidence(`200 ${head.headers['content-type']}, ${encoding}`));

  const metadata = report.metadata;
  if (!metadata || inspection.error) {
    rec.notTested(
      ['scp.collection.sitemap-parity', 'scp.collection.validators'],
      'the collection did not read completely',
    );
    return;
  }
  const hard: string[] = [];
  if (metadata.section !== entry.section)
    hard.push(`section ${metadata.section}, listed ${entry.section}`);
  if (metadata.type !== entry.kind) hard.push(`type ${metadata.type}, listed as a ${entry.kind}`);
  if (entry.since && metadata.since && compareScpTimestamps(metadata.since, entry.since) !== 0)
    hard.push(`since ${metadata.since}, listed ${entry.since}`);
  const soft: string[] = [];
  if (report.pages !== entry.pages) soft.push(`${report.pages} pages, listed ${entry.pages}`);
  if (wireBytes !== entry.size) soft.push(`${wireBytes} bytes, listed size ${entry.size}`);
  if (compareScpTimestamps(metadata.generated, entry.generated) !== 0)
    soft.push(`generated ${metadata.generated}, listed ${entry.generated}`);
  if (hard.length > 0)
    rec.violation('scp.collection.sitemap-parity', evidence([...hard, ...soft].join('; ')));
  else if (soft.length > 0) rec.warn('scp.collection.sitemap-parity', evidence(soft.join('; ')));
  else rec.pass('scp.collection.sitemap-parity', evidence('matches its sitemap entry'));

  const problems: string[] = [];
  if (metadata.checksum) {
    const coding = encoding === 'zstd' || encoding === 'gzip' ? encoding : 'identity';
    const expected = scpEtag(metadata.checksum, coding);
    if (head.headers.etag !== expected)
      problems.push(`ETag ${String(head.headers.etag)}, expected ${expected}`);
  } else if (!head.headers.etag) problems.push('no ETag');
  const lastModified = scpTimestampToHttpDate(metadata.generated);
  if (head.headers['last-modified'] !== lastModified)
    problems.push(
      `Last-Modified ${String(head.headers['last-modified'])}, generated is ${lastModified}`,
    );
  if (!head.headers['cache-control']) problems.push('no Cache-Control');
  if (problems.length > 0)
    rec.violation('scp.collection.validators', evidence(problems.join('; ')));
  else rec.pass('scp.collection.validators', evidence(`ETag ${head.headers.etag}`));
}

async function checkCollection(
  ctx: ValidationContext,
  entry: ListedCollection,
  options: ScpCheckOptions,
): Promise<void> {
  const { rec } = ctx;
  const ids = [
    'scp.collection.http',
    'scp.collection.checksum',
    'scp.collection.limits',
    'scp.collection.schema',
    'scp.collection.sitemap-parity',
    'scp.collection.validators',
    'scp.collection.304',
  ];
  if (!onOrigin(ctx, entry.url)) {
    rec.notTested(ids, `collections on another origin are not fetched (${entry.url})`);
    return;
  }
  const limits: Partial<ScpLimits> = {
    maxCompressedBytes: 256 * 2 ** 20,
    maxDecompressedBytes: 2 ** 30,
    ...options.limits,
  };
  let head: HttpExchangeHead | undefined;
  await rec.probe(ids, { method: 'GET', url: entry.url }, async () => {
    const { result, wireBodyBytes } = await ctx.client.stream(
      entry.url,
      { headers: { 'accept-encoding': 'gzip' }, maxBodyBytes: limits.maxCompressedBytes! + 1 },
      async (response, body) => {
        head = response;
        if (response.status !== 200) return undefined;
        return inspectScpCollection(body, { limits, maxStoredWarnings: 20 });
      },
    );
    if (!head) return;
    if (head.status !== 200 || result === undefined) {
      rec.violation(
        'scp.collection.http',
        evidenceOf(head, `listed in sitemap.xml but answered ${head.status}`),
      );
      rec.notTested(ids, 'the collection was not served');
      return;
    }
    if (mediaTypeOf(head.headers['content-type']) !== SCP_MEDIA_TYPE)
      rec.violation(
        'scp.collection.http',
        evidenceOf(
          head,
          `Content-Type ${String(head.headers['content-type'])}, expected ${SCP_MEDIA_TYPE}`,
        ),
      );
    judgeInspection(ctx, entry, head, result, wireBodyBytes);
  });
  if (!head || head.status !== 200) return;
  const validator: Record<string, string> | undefined = head.headers.etag
    ? { 'if-none-match': head.headers.etag }
    : head.headers['last-modified']
      ? { 'if-modified-since': head.headers['last-modified'] }
      : undefined;
  if (!validator) {
    rec.violation(
      'scp.collection.304',
      evidenceOf(head, 'no ETag or Last-Modified to revalidate with'),
    );
    return;
  }
  await rec.probe('scp.collection.304', { method: 'GET', url: entry.url }, async () => {
    const again = await ctx.client.request(entry.url, {
      headers: { 'accept-encoding': 'gzip', ...validator },
      maxBodyBytes: limits.maxCompressedBytes! + 1,
    });
    if (again.status === 304) rec.pass('scp.collection.304', evidenceOf(again, '304'));
    else
      rec.violation('scp.collection.304', evidenceOf(again, `expected 304, got ${again.status}`));
  });
}

/**
 * SCP as a crawler finds it: the sitemaps robots.txt names (or /sitemap.xml, the conventional
 * location, when it names none), their SCP extension, and every collection listed (a sample
 * unless `--all`). No SCP extension anywhere is "not tested".
 */
export async function checkScp(
  ctx: ValidationContext,
  options: ScpCheckOptions = {},
): Promise<void> {
  const { rec } = ctx;
  let found: { res: HttpExchange; sitemap: ScpSitemap | undefined } | undefined;
  await rec.probe(
    'scp.sitemap.structure',
    { method: 'GET', url: `${ctx.origin}/robots.txt` },
    async () => {
      const { urls } = await findSitemapXmlUrls(ctx.client, ctx.origin);
      for (const url of urls.filter((u) => onOrigin(ctx, u)).slice(0, 5)) {
        const res = await fetchIdentity(ctx, url, { accept: 'application/xml, text/xml;q=0.9' });
        if (res.status !== 200 || !res.body.includes(SCP_SITEMAP_NAMESPACE)) continue;
        found = { res, sitemap: checkStructure(ctx, res) };
        return;
      }
    },
  );
  if (!found) {
    rec.notTestedPrefix(
      'scp.',
      'no sitemap.xml with the SCP extension (robots.txt Sitemap: or /sitemap.xml)',
    );
    return;
  }
  await checkSitemapConditional(ctx, found.res);
  if (!found.sitemap) {
    rec.notTestedPrefix('scp.collection.', 'sitemap.xml could not be read');
    return;
  }
  const entries = listed(found.sitemap);
  if (entries.length === 0)
    rec.notTestedPrefix('scp.collection.', 'sitemap.xml lists no collection');
  for (const entry of sampleEvenly(entries, ctx.sample)) await checkCollection(ctx, entry, options);
}
