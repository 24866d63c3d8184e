import type { ServerResponse } from 'node:http';
import { type HttpResponse, type ResponseHeaders } from '@agent-ready/core/http';
import { mergeVary } from '@agent-ready/core/node-http';

/** Headers that belong to one response or one connection, never to a template. */
const PER_RESPONSE = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'set-cookie',
]);

function varyMembers(value: unknown): string[] {
  if (value === undefined) return [];
  return String(value)
    .split(',')
    .map((member) => member.trim())
    .filter((member) => member !== '');
}

/** What the host added to `ours` on its way out: every header we did not set, and Vary members. */
function addedByHost(sent: Record<string, unknown>, ours: HttpResponse): ResponseHeaders {
  const own = new Set(Object.keys(ours.headers).map((name) => name.toLowerCase()));
  const added: ResponseHeaders = {};
  for (const [name, value] of Object.entries(sent)) {
    if (value === undefined || PER_RESPONSE.has(name) || name === 'vary' || own.has(name)) continue;
    added[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  const ourVary = new Set(varyMembers(ours.headers.vary).map((m) => m.toLowerCase()));
  const vary = varyMembers(sent.vary).filter((member) => !ourVary.has(member.toLowerCase()));
  if (vary.length > 0) added.vary = mergeVary(vary);
  return added;
}

/**
 * The headers two observations agree on, with the same value; of Vary, the members both have
 * (the host may add one of its own only to some answers, as koa-compress adds Accept-Encoding
 * to those that do not name it already).
 */
function agreed(a: ResponseHeaders, b: ResponseHeaders): ResponseHeaders {
  const both: ResponseHeaders = {};
  for (const [name, value] of Object.entries(a))
    if (name !== 'vary' && b[name] === value) both[name] = value;
  const inB = new Set(varyMembers(b.vary).map((member) => member.toLowerCase()));
  const vary = varyMembers(a.vary).filter((member) => inB.has(member.toLowerCase()));
  if (vary.length > 0) both.vary = mergeVary(vary);
  return both;
}

/**
 * The headers Strapi's global middlewares (`strapi::security`, `strapi::cors`,
 * `strapi::poweredBy`, an app's own) add to agent-ready's answers, learned from answers that went
 * through Koa, so that an answer given ahead of Koa carries exactly the same ones: a cache or an
 * agent cannot tell which way a response went. Learned from requests without `Origin` only (a
 * CORS answer names its origin), kept once two observations agree, and only what they agree on:
 * a header with a per-request value (a request id) never becomes part of the template.
 */
export class LearnedStrapiHeaders {
  private first?: ResponseHeaders;
  private learned?: ResponseHeaders;

  /** The headers to add ahead of Koa; undefined until learned (answer through Koa meanwhile). */
  get headers(): ResponseHeaders | undefined {
    return this.learned;
  }

  /** Call when agent-ready's `response` went out through Koa for a request without `Origin`. */
  observe(res: ServerResponse, ours: HttpResponse): void {
    if (this.learned) return;
    res.once('finish', () => {
      if (this.learned) return;
      const added = addedByHost(res.getHeaders() as Record<string, unknown>, ours);
      if (!this.first) this.first = added;
      else this.learned = agreed(this.first, added);
    });
  }
}
