import { inspectLlmsTxt } from '@agent-ready/core/llmstxt';
import {
  charsetOf,
  headerLinks,
  htmlLinks,
  mediaTypeOf,
  selectLinks,
} from '../discovery/find-links';
import type { HttpExchange } from '../http/http-client';
import { evidenceOf } from './check-recorder';
import { sameUrl } from '../tct/same-url';
import {
  fetchIdentity,
  onOrigin,
  sampleEvenly,
  type ValidationContext,
} from './validation-context';

const IDS = [
  'llmstxt.format',
  'llmstxt.content-type',
  'llmstxt.links',
  'llmstxt.describedby',
  'llmstxt.markdown-twin',
];

function checkContentType(ctx: ValidationContext, res: HttpExchange): void {
  const type = res.headers['content-type'];
  const media = mediaTypeOf(type);
  const utf8 = charsetOf(type) === 'utf-8';
  if (media === 'text/plain' && utf8)
    ctx.rec.pass('llmstxt.content-type', evidenceOf(res, `Content-Type: ${type}`));
  else if (
    (media === 'text/plain' || media === 'text/markdown') &&
    (utf8 || media === 'text/plain')
  )
    ctx.rec.warn(
      'llmstxt.content-type',
      evidenceOf(
        res,
        `Content-Type ${String(type)}; docs/protocols.md#llmstxt-format says text/plain; charset=utf-8`,
      ),
    );
  else
    ctx.rec.violation('llmstxt.content-type', evidenceOf(res, `Content-Type is ${String(type)}`));
}

async function checkListedLinks(ctx: ValidationContext, llmsTxt: HttpExchange): Promise<void> {
  const { rec } = ctx;
  const { document } = inspectLlmsTxt(llmsTxt.body.toString('utf8'));
  const urls = document.sections.flatMap((section) =>
    section.links.flatMap((link) => {
      try {
        return [new URL(link.url, llmsTxt.url).href];
      } catch {
        return [];
      }
    }),
  );
  const local = [...new Set(urls)].filter((url) => onOrigin(ctx, url));
  if (local.length === 0) {
    rec.notTested('llmstxt.links', 'llms.txt lists no link on this origin');
    return;
  }
  for (const url of sampleEvenly(local, ctx.sample)) {
    await rec.probe('llmstxt.links', { method: 'GET', url }, async () => {
      const res = await fetchIdentity(ctx, url, {}, { maxBodyBytes: 4 * 1024 * 1024 });
      if (res.status === 200) rec.pass('llmstxt.links', evidenceOf(res, '200'));
      else
        rec.violation(
          'llmstxt.links',
          evidenceOf(res, `listed in llms.txt but answered ${res.status}`),
        );
    });
  }
}

/** Per page: rel="describedby" to an llms.txt, rel="alternate" type="text/markdown" to a twin. */
async function checkPageRelations(
  ctx: ValidationContext,
  llmsTxtUrl: string,
  llmsTxtExists: boolean,
): Promise<void> {
  const { rec } = ctx;
  const seen = new Map<string, number>([[llmsTxtUrl, llmsTxtExists ? 200 : 404]]);
  const statusOf = async (url: string, accept: string): Promise<HttpExchange | number> => {
    const known = seen.get(url);
    if (known !== undefined) return known;
    const res = await fetchIdentity(ctx, url, { accept });
    seen.set(url, res.status);
    return res;
  };
  for (const page of ctx.pages) {
    const links = [...headerLinks(page), ...htmlLinks(page)];
    const describedBy = selectLinks(links, 'describedby').filter(
      (link) => mediaTypeOf(link.type) !== 'application/json',
    );
    if (describedBy.length === 0) {
      if (llmsTxtExists)
        rec.violation(
          'llmstxt.describedby',
          evidenceOf(page, `no Link rel="describedby" to the llms.txt that covers ${page.url}`),
        );
    } else {
      const target = describedBy[0]!.href;
      if (!onOrigin(ctx, target))
        rec.notTested('llmstxt.describedby', `llms.txt on another origin (${target})`);
      else
        await rec.probe('llmstxt.describedby', { method: 'GET', url: target }, async () => {
          const res = await statusOf(target, 'text/plain');
          const status = typeof res === 'number' ? res : res.status;
          if (status === 200)
            rec.pass('llmstxt.describedby', evidenceOf(page, `rel="describedby" <${target}>`));
          else
            rec.fail(
              'llmstxt.describedby',
              evidenceOf(page, `rel="describedby" <${target}> answers ${status}`),
            );
        });
    }
    const twins = selectLinks(links, 'alternate', 'text/markdown');
    if (twins.length === 0) {
      if (llmsTxtExists)
        rec.violation(
          'llmstxt.markdown-twin',
          evidenceOf(page, 'no Link rel="alternate" type="text/markdown" to a Markdown twin'),
        );
      continue;
    }
    const twin = twins[0]!.href;
    if (!onOrigin(ctx, twin)) {
      rec.notTested('llmstxt.markdown-twin', `Markdown twin on another origin (${twin})`);
      continue;
    }
    await rec.probe('llmstxt.markdown-twin', { method: 'GET', url: twin }, async () => {
      const res = await fetchIdentity(ctx, twin, { accept: 'text/markdown' });
      if (res.status !== 200)
        rec.fail('llmstxt.markdown-twin', evidenceOf(res, `the twin answered ${res.status}`));
      else if (mediaTypeOf(res.headers['content-type']) !== 'text/markdown')
        rec.warn(
          'llmstxt.markdown-twin',
          evidenceOf(res, `the twin is ${String(res.headers['content-type'])}`),
        );
      else rec.pass('llmstxt.markdown-twin', evidenceOf(res, 'text/markdown'));
    });
  }
}

/**
 * `/llms.txt` (its spec location) and the v2 link relations of the pages already seen. Absent is
 * "not tested" unless a page says it should exist (rel="describedby" to it).
 */
export async function checkLlmsTxt(ctx: ValidationContext): Promise<void> {
  const { rec } = ctx;
  const url = `${ctx.origin}/llms.txt`;
  let res: HttpExchange | undefined;
  await rec.probe(IDS, { method: 'GET', url }, async () => {
    res = await fetchIdentity(ctx, url, { accept: 'text/plain, text/markdown;q=0.9' });
  });
  if (!res) return;
  const linked = ctx.links.some(
    (link) => link.rels.includes('describedby') && sameUrl(link.href, url),
  );
  const twinsLinked = ctx.links.some(
    (link) => link.rels.includes('alternate') && mediaTypeOf(link.type) === 'text/markdown',
  );
  const soft404 = res.status === 200 && mediaTypeOf(res.headers['content-type']) === 'text/html';
  if (res.status !== 200 || soft404) {
    const answer = soft404 ? 'an HTML page (a catch-all, taken as absent)' : String(res.status);
    if (linked || (!soft404 && res.status !== 404 && res.status !== 410))
      rec.violation(
        'llmstxt.format',
        evidenceOf(
          res,
          `${linked ? 'pages link it with rel="describedby" but it ' : ''}answered ${answer}`,
        ),
      );
    rec.notTested(
      ['llmstxt.format', 'llmstxt.content-type', 'llmstxt.links'],
      `no llms.txt (${url} answered ${answer})`,
    );
    if (!linked && !twinsLinked) {
      rec.notTested(IDS, `no llms.txt (${url} answered ${answer})`);
      return;
    }
    await checkPageRelations(ctx, url, false);
    return;
  }
  const { document, problems } = inspectLlmsTxt(res.body.toString('utf8'));
  if (problems.length > 0)
    rec.violation(
      'llmstxt.format',
      evidenceOf(
        res,
        problems
          .slice(0, 5)
          .map((p) => `line ${p.line}: ${p.message}`)
          .join('; '),
      ),
    );
  else
    rec.pass(
      'llmstxt.format',
      evidenceOf(res, `"${document.title}", ${document.sections.length} section(s)`),
    );
  checkContentType(ctx, res);
  await checkListedLinks(ctx, res);
  await checkPageRelations(ctx, url, true);
}
