import {
  LLMINDEX_KEYS_PATH,
  LLMINDEX_MANIFEST_PATH,
  LLMINDEX_PROOF_PATH,
  LLMINDEX_VERSION,
  matchesLlmindexProofFile,
  readLlmindexResponse,
  validateLlmindexManifest,
  validateLlmindexProductFeed,
  verifyLlmindexManifestSignature,
  type LlmindexManifestView,
} from '@agent-ready/core/llmindex';
import { charsetOf, mediaTypeOf } from '../discovery/find-links';
import type { HttpExchange } from '../http/http-client';
import { evidenceOf } from './check-recorder';
import { sameUrl } from '../tct/same-url';
import { fetchIdentity, onOrigin, type ValidationContext } from './validation-context';

const IDS = [
  'llmindex.manifest',
  'llmindex.http',
  'llmindex.endpoints',
  'llmindex.feed',
  'llmindex.proof',
  'llmindex.signature',
];

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, '')) as unknown;
  } catch {
    return undefined;
  }
}

/** The endpoint's other spelling: `/llm/faq` ↔ `/llm/faq.md` (DECISIONS §3: both are served). */
function otherSpelling(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = parsed.pathname.endsWith('.md')
    ? parsed.pathname.slice(0, -3)
    : `${parsed.pathname}.md`;
  return parsed.href;
}

async function checkEndpoints(ctx: ValidationContext, view: LlmindexManifestView): Promise<void> {
  const { rec } = ctx;
  const endpoints = Object.entries(view.endpoints);
  if (endpoints.length === 0) {
    rec.violation('llmindex.endpoints', { detail: 'the manifest lists no usable endpoint URL' });
    return;
  }
  for (const [name, url] of endpoints) {
    if (!onOrigin(ctx, url)) {
      rec.notTested('llmindex.endpoints', `endpoint ${name} is on another origin (${url})`);
      continue;
    }
    await rec.probe('llmindex.endpoints', { method: 'GET', url }, async () => {
      const page = await fetchIdentity(ctx, url, { accept: 'text/markdown, text/plain;q=0.5' });
      if (page.status !== 200) {
        rec.violation(
          'llmindex.endpoints',
          evidenceOf(page, `endpoints.${name} answered ${page.status}`),
        );
        return;
      }
      const type = page.headers['content-type'];
      if (mediaTypeOf(type) !== 'text/markdown' || charsetOf(type) !== 'utf-8') {
        rec.warn(
          'llmindex.endpoints',
          evidenceOf(
            page,
            `endpoints.${name} served as ${String(type)}, not text/markdown; charset=utf-8`,
          ),
        );
        return;
      }
      const twinUrl = otherSpelling(url);
      const twin = await fetchIdentity(ctx, twinUrl, { accept: 'text/markdown' });
      if (twin.status !== 200 || !twin.body.equals(page.body))
        rec.warn(
          'llmindex.endpoints',
          evidenceOf(twin, `endpoints.${name} is not also served as ${twinUrl} (${twin.status})`),
        );
      else
        rec.pass(
          'llmindex.endpoints',
          evidenceOf(page, `endpoints.${name}: Markdown, both spellings`),
        );
    });
  }
}

async function checkFeed(ctx: ValidationContext, view: LlmindexManifestView): Promise<void> {
  const { rec } = ctx;
  const url = view.feeds.products_jsonl;
  if (url === undefined) {
    rec.notTested('llmindex.feed', 'the manifest lists no products_jsonl feed');
    return;
  }
  if (!onOrigin(ctx, url)) {
    rec.notTested('llmindex.feed', `the feed is on another origin (${url})`);
    return;
  }
  await rec.probe('llmindex.feed', { method: 'GET', url }, async () => {
    const feed = await fetchIdentity(ctx, url);
    if (feed.status !== 200) {
      rec.violation('llmindex.feed', evidenceOf(feed, `the feed answered ${feed.status}`));
      return;
    }
    const result = validateLlmindexProductFeed(feed.body.toString('utf8'), { maxProblems: 20 });
    if (result.problems.length > 0)
      rec.violation(
        'llmindex.feed',
        evidenceOf(
          feed,
          result.problems
            .slice(0, 5)
            .map((p) => `line ${p.line} ${p.field}: ${p.message}`)
            .join('; '),
        ),
      );
    else rec.pass('llmindex.feed', evidenceOf(feed, 'every line valid'));
  });
}

async function checkProof(ctx: ValidationContext, view: LlmindexManifestView): Promise<void> {
  const { rec } = ctx;
  if (view.verify === undefined) {
    rec.notTested('llmindex.proof', 'the manifest has no verify member');
    return;
  }
  if (view.verify.method === 'dns_txt') {
    rec.notTested('llmindex.proof', 'verify.method is dns_txt; DNS is not queried');
    return;
  }
  const url = `${ctx.origin}${LLMINDEX_PROOF_PATH}`;
  const value = view.verify.value;
  await rec.probe('llmindex.proof', { method: 'GET', url }, async () => {
    const proof = await fetchIdentity(ctx, url);
    if (proof.status !== 200)
      rec.violation('llmindex.proof', evidenceOf(proof, `the proof file answered ${proof.status}`));
    else if (!matchesLlmindexProofFile(proof.body.toString('utf8'), value))
      rec.violation(
        'llmindex.proof',
        evidenceOf(
          proof,
          `the body ${JSON.stringify(proof.body.toString('utf8').slice(0, 100))} is not verify.value ${JSON.stringify(value)}`,
        ),
      );
    else rec.pass('llmindex.proof', evidenceOf(proof, 'matches verify.value'));
  });
}

async function checkSignature(
  ctx: ValidationContext,
  manifest: unknown,
  view: LlmindexManifestView,
) {
  const { rec } = ctx;
  if (view.sig === undefined) {
    rec.notTested('llmindex.signature', 'the manifest is not signed (no sig)');
    return;
  }
  const url = `${ctx.origin}${LLMINDEX_KEYS_PATH}`;
  await rec.probe('llmindex.signature', { method: 'GET', url }, async () => {
    const keys = await fetchIdentity(ctx, url, { accept: 'application/json' });
    if (keys.status !== 200) {
      rec.violation('llmindex.signature', evidenceOf(keys, `the JWKS answered ${keys.status}`));
      return;
    }
    const check = await verifyLlmindexManifestSignature(manifest, parseJson(keys.body));
    if (check.valid)
      rec.pass('llmindex.signature', evidenceOf(keys, `EdDSA, kid ${check.kid}, ${check.form}`));
    else rec.violation('llmindex.signature', evidenceOf(keys, `${check.code}: ${check.message}`));
  });
}

function checkHttp(ctx: ValidationContext, res: HttpExchange): void {
  const problems: string[] = [];
  const type = res.headers['content-type'];
  if (mediaTypeOf(type) !== 'application/json' || charsetOf(type) !== 'utf-8')
    problems.push(`Content-Type ${String(type)}`);
  if (!res.headers.etag) problems.push('no ETag');
  if (!res.headers['last-modified']) problems.push('no Last-Modified');
  if (problems.length > 0) ctx.rec.violation('llmindex.http', evidenceOf(res, problems.join('; ')));
  else ctx.rec.pass('llmindex.http', evidenceOf(res, `${type}, ETag ${res.headers.etag}`));
}

/**
 * The llmindex manifest at its well-known location, and what it points to. Absent (404/410) is
 * "not tested" unless something the site serves links to the manifest (then it fails).
 */
export async function checkLlmindex(ctx: ValidationContext): Promise<void> {
  const { rec } = ctx;
  const url = `${ctx.origin}${LLMINDEX_MANIFEST_PATH}`;
  let res: HttpExchange | undefined;
  await rec.probe(IDS, { method: 'GET', url }, async () => {
    res = await fetchIdentity(ctx, url, { accept: 'application/json' });
  });
  if (!res) return;
  const linked = ctx.links.find((link) => sameUrl(link.href, url));
  const soft404 = res.status === 200 && mediaTypeOf(res.headers['content-type']) === 'text/html';
  if (res.status === 404 || res.status === 410 || soft404) {
    const answer = soft404 ? 'an HTML page (a catch-all, taken as absent)' : String(res.status);
    if (linked)
      rec.violation(
        'llmindex.manifest',
        evidenceOf(res, `linked from the site but answers ${answer}`),
      );
    rec.notTested(IDS, `no llmindex manifest (${url} answered ${answer})`);
    return;
  }
  const read = readLlmindexResponse({
    status: res.status,
    ...(res.headers['content-type'] ? { contentType: res.headers['content-type'] } : {}),
    body: res.body.toString('utf8'),
  });
  if (!read.supported) {
    rec.violation(
      'llmindex.manifest',
      evidenceOf(
        res,
        `unusable manifest (${read.reason}): ${read.warnings.map((w) => w.message).join('; ')}`,
      ),
    );
    rec.notTested(IDS, 'the manifest could not be read');
    return;
  }
  checkHttp(ctx, res);
  const manifest = parseJson(res.body);
  const view = read.manifest;
  if (view.version === LLMINDEX_VERSION) {
    const strict = validateLlmindexManifest(manifest);
    if (strict.valid)
      rec.pass('llmindex.manifest', evidenceOf(res, `valid v${LLMINDEX_VERSION} manifest`));
    else
      rec.violation(
        'llmindex.manifest',
        evidenceOf(
          res,
          strict.problems
            .slice(0, 5)
            .map((p) => `${p.field || '(document)'}: ${p.message}`)
            .join('; '),
        ),
      );
  } else {
    rec.warn(
      'llmindex.manifest',
      evidenceOf(res, `version ${JSON.stringify(view.version ?? null)}; read leniently (§9)`),
    );
  }
  await checkEndpoints(ctx, view);
  await checkFeed(ctx, view);
  await checkProof(ctx, view);
  await checkSignature(ctx, manifest, view);
}
