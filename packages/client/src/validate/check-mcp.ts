import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResultSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { ClientOptionError, HttpBudgetError, HttpTransportError } from '../errors/client-errors';
import { headerLinks, mediaTypeOf, selectLinks } from '../discovery/find-links';
import type { HttpExchange } from '../http/http-client';
import { sameUrl } from '../tct/same-url';
import { SHARED_CHECKS } from './check-catalog';
import { evidenceOf, type CheckEvidence } from './check-recorder';
import { fetchIdentity, onOrigin, type ValidationContext } from './validation-context';

/** Where the MCP endpoint is, and whether the user asked for it (then its absence fails). */
export interface McpTarget {
  url: string;
  asked: boolean;
}

/** Where agent-ready mounts the endpoint unless told otherwise (`mcp.path`). */
const DEFAULT_PATH = '/mcp';

/** The MCP checks, as the catalog defines them: all of them are left not tested together. */
const IDS = SHARED_CHECKS.filter((check) => check.protocol === 'mcp').map((check) => check.id);

/** Answers that mean "no MCP endpoint here", not "a broken one". */
const ABSENT_STATUSES = new Set([404, 405, 410]);

/** Responses that carry no body, which `Response` refuses one for. */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * The endpoint the `mcp` option names (`ValidateSiteOptions.mcp`): `<origin>/mcp` tried when
 * unset, asked for when `true` or a URL (absolute on the origin, or a path); none for `false`.
 * A URL on another origin is a usage error: the validator requests nothing outside the origin.
 */
export function mcpTarget(
  option: boolean | string | undefined,
  origin: string,
): McpTarget | undefined {
  if (option === false) return undefined;
  if (option === undefined || option === true)
    return { url: `${origin}${DEFAULT_PATH}`, asked: option === true };
  let url: URL;
  try {
    url = new URL(option, `${origin}/`);
  } catch {
    throw new ClientOptionError('client.mcp', `not a URL: ${option}`, {
      field: 'mcp',
      value: option,
    });
  }
  if (url.origin !== origin)
    throw new ClientOptionError('client.mcp', `the MCP endpoint ${url.href} is not on ${origin}`, {
      field: 'mcp',
      value: option,
    });
  return { url: url.href, asked: true };
}

/** What the endpoint answered last: the evidence of the step that read it. */
interface Seen {
  last?: HttpExchange;
}

/**
 * The SDK transport's `fetch`, sent through the validator's client: the same budgets, timeouts,
 * `connectTo` routing and request count as every other probe. The GET that opens the
 * notification stream is answered 405 here without asking (the SDK then goes on without one):
 * the validator reads answers and listens to nothing, and an open stream would only wait for
 * the timeout.
 */
function fetchThroughClient(ctx: ValidationContext, seen: Seen): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'GET') return new Response(null, { status: 405 });
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const res = await fetchIdentity(ctx, url, headers, {
      method,
      ...(typeof init?.body === 'string' ? { body: init.body } : {}),
      // The SDK follows redirects itself, within the endpoint's origin.
      followRedirects: false,
    });
    seen.last = res;
    return new Response(NULL_BODY_STATUSES.has(res.status) ? null : new Uint8Array(res.body), {
      status: res.status,
      headers: res.headers,
    });
  };
}

/** A text item's JSON object (what ChatGPT connectors read), or why there is none. */
function toolJson(result: unknown): Record<string, unknown> | string {
  const { content, isError } = result as { content?: unknown; isError?: unknown };
  const items = Array.isArray(content) ? (content as { type?: unknown; text?: unknown }[]) : [];
  const text = items.find((item) => item.type === 'text' && typeof item.text === 'string')?.text;
  if (isError === true) return `the tool answered an error: ${String(text ?? '(no text)')}`;
  if (typeof text !== 'string') return 'no text content item';
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // Said below.
  }
  return `the text item is not a JSON object: ${JSON.stringify(text.slice(0, 80))}`;
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** An error's message for evidence, cut short: the SDK quotes whole answers (an HTML page). */
const messageOf = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 300 ? `${message.slice(0, 299)}…` : message;
};

/** What keeps `tools` from being a ChatGPT connector's: search(query) and fetch(id), strings. */
function toolProblems(tools: readonly Tool[]): string[] {
  const problems: string[] = [];
  for (const [name, argument] of [
    ['search', 'query'],
    ['fetch', 'id'],
  ] as const) {
    const tool = tools.find((t) => t.name === name);
    if (!tool) {
      problems.push(`no ${name} tool`);
      continue;
    }
    const property = tool.inputSchema.properties?.[argument] as { type?: unknown } | undefined;
    if (property?.type !== 'string')
      problems.push(`${name}'s input schema has no string property "${argument}"`);
    if (!tool.inputSchema.required?.includes(argument))
      problems.push(`${name}'s input schema does not require "${argument}"`);
  }
  return problems;
}

/** A word to search for: the longest of a listed document's title (a search must find it). */
function queryFrom(titles: readonly string[]): { query: string; title: string } | undefined {
  for (const title of titles) {
    const words = title.match(/[\p{L}\p{N}]{3,}/gu) ?? [];
    const query = [...words].sort((a, b) => b.length - a.length)[0];
    if (query) return { query, title };
  }
  return undefined;
}

/** The canonical URL an M-URL names: its body's `canonical_url`, else its `rel="canonical"`. */
function canonicalOf(res: HttpExchange): string | undefined {
  try {
    const body = JSON.parse(res.body.toString('utf8')) as { canonical_url?: unknown };
    if (isString(body.canonical_url)) return body.canonical_url;
  } catch {
    // Not JSON: the Link header may still say it.
  }
  return selectLinks(headerLinks(res), 'canonical')[0]?.href;
}

/** The M-URL's answer against the fetched document's `url` and `metadata` (hash, etag). */
function judgeParity(
  ctx: ValidationContext,
  res: HttpExchange,
  document: { url: string; metadata: Record<string, unknown> },
): void {
  const { rec } = ctx;
  if (res.status !== 200) {
    rec.violation('mcp.fetch-parity', evidenceOf(res, `the M-URL answered ${res.status}`));
    return;
  }
  // A weak M-URL ETag is the M-URL's own failure (tct.m-url.etag-strong): the MCP side is held
  // to its opaque tag.
  const etag = res.headers.etag?.replace(/^W\//, '');
  if (etag === undefined) {
    rec.violation('mcp.fetch-parity', evidenceOf(res, 'the M-URL has no ETag'));
    return;
  }
  const { hash, etag: listed } = document.metadata;
  const problems: string[] = [];
  if (listed !== etag)
    problems.push(`metadata.etag ${JSON.stringify(listed)} is not the M-URL's ETag ${etag}`);
  if (hash !== undefined && hash !== etag.slice(1, -1))
    problems.push(`metadata.hash ${JSON.stringify(hash)} is not the M-URL's ETag ${etag} unquoted`);
  const canonical = canonicalOf(res);
  if (canonical === undefined) problems.push('the M-URL names no canonical URL');
  else if (!sameUrl(document.url, canonical))
    problems.push(`url ${document.url} is not the canonical URL ${canonical}`);
  if (problems.length > 0) rec.violation('mcp.fetch-parity', evidenceOf(res, problems.join('; ')));
  else
    rec.pass(
      'mcp.fetch-parity',
      evidenceOf(res, `metadata ETag ${etag} and url ${document.url} match the M-URL`),
    );
}

/**
 * The MCP endpoint, as an agent's client meets it (the official SDK's, over Streamable HTTP):
 * initialize, the tools ChatGPT connectors need, the resources, one search and one fetch of its
 * first result, that document's hash and URL against its M-URL, and `server/discover` (revision
 * 2026-07-28, which SDK 1.32 does not speak) only when the server answers it. An endpoint that
 * is not there (404, 405, 410, an HTML page) leaves the checks not tested, unless it was asked
 * for (`target.asked`).
 */
export async function checkMcp(
  ctx: ValidationContext,
  target: McpTarget | undefined,
): Promise<void> {
  const { rec } = ctx;
  if (!target) {
    rec.notTested(IDS, 'not checked (mcp: false)');
    return;
  }
  const { url } = target;
  const seen: Seen = {};
  const evidence = (detail: string): CheckEvidence =>
    seen.last ? evidenceOf(seen.last, detail) : { request: { method: 'POST', url }, detail };
  /**
   * One step of the conversation: a spent budget or a transport failure goes to `probe`; any
   * other error (a JSON-RPC error, an answer the SDK cannot read) is the server's, a violation
   * of `id`.
   */
  const step = async (id: string, run: () => Promise<void>): Promise<boolean> => {
    let ok = false;
    await rec.probe(id, { method: 'POST', url }, async () => {
      try {
        await run();
        ok = true;
      } catch (error) {
        if (error instanceof HttpBudgetError || error instanceof HttpTransportError) throw error;
        rec.violation(id, evidence(messageOf(error)));
      }
    });
    return ok;
  };

  const client = new Client({ name: 'agent-ready-validate', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: fetchThroughClient(ctx, seen),
  });
  try {
    let connected = false;
    await rec.probe('mcp.endpoint', { method: 'POST', url }, async () => {
      try {
        await client.connect(transport);
        connected = true;
      } catch (error) {
        if (error instanceof HttpBudgetError || error instanceof HttpTransportError) throw error;
        const last = seen.last;
        const absent =
          last !== undefined &&
          (ABSENT_STATUSES.has(last.status) ||
            (last.status === 200 && mediaTypeOf(last.headers['content-type']) === 'text/html'));
        if (absent && !target.asked) return;
        rec.violation(
          'mcp.endpoint',
          evidence(
            absent
              ? `asked for, but ${url} serves no MCP endpoint (answered ${last!.status})`
              : `initialize failed: ${messageOf(error)}`,
          ),
        );
      }
    });
    if (!connected) {
      rec.notTested(
        IDS,
        rec.has('mcp.endpoint')
          ? 'the MCP endpoint did not initialize'
          : `not served: POST ${url} answered ${String(seen.last?.status)}`,
      );
      return;
    }
    const server = client.getServerVersion();
    rec.pass(
      'mcp.endpoint',
      evidence(
        `${server?.name ?? 'a server'} ${server?.version ?? ''}, protocol ${String(transport.protocolVersion)}`,
      ),
    );

    await step('mcp.tools', async () => {
      const { tools } = await client.listTools();
      const problems = toolProblems(tools);
      if (problems.length > 0) rec.violation('mcp.tools', evidence(problems.join('; ')));
      else rec.pass('mcp.tools', evidence(`tools: ${tools.map((t) => t.name).join(', ')}`));
    });

    const titles: string[] = [];
    if (!client.getServerCapabilities()?.resources)
      rec.violation('mcp.resources', evidence('the server offers no resources capability'));
    else
      await step('mcp.resources', async () => {
        const { resources } = await client.listResources();
        // Documents first (their `_meta` names their M-URL): a search finds them by their title,
        // which the site's llms.txt, also a resource, is not.
        const isDocument = (r: (typeof resources)[number]) => isString(r._meta?.mUrl);
        const documentsFirst = [
          ...resources.filter(isDocument),
          ...resources.filter((r) => !isDocument(r)),
        ];
        for (const resource of documentsFirst) if (resource.title) titles.push(resource.title);
        if (resources.length === 0) rec.violation('mcp.resources', evidence('no resource listed'));
        else
          rec.pass('mcp.resources', evidence(`${resources.length} resource(s) on the first page`));
      });

    await checkSearchAndFetch(ctx, client, titles, step, evidence);

    await rec.probe('mcp.discover', { method: 'POST', url }, async () => {
      try {
        const result = await client.request(
          {
            method: 'server/discover',
            params: {
              _meta: {
                'io.modelcontextprotocol/protocolVersion': '2026-07-28',
                'io.modelcontextprotocol/clientCapabilities': {},
              },
            },
          },
          ResultSchema,
        );
        const { supportedVersions, capabilities } = result as Record<string, unknown>;
        const versions = Array.isArray(supportedVersions) ? supportedVersions : [];
        if (versions.length === 0 || !versions.every(isString))
          rec.violation('mcp.discover', evidence('supportedVersions is not a list of versions'));
        else if (typeof capabilities !== 'object' || capabilities === null)
          rec.violation('mcp.discover', evidence('no capabilities object'));
        else rec.pass('mcp.discover', evidence(`supported versions: ${versions.join(', ')}`));
      } catch (error) {
        if (error instanceof HttpBudgetError || error instanceof HttpTransportError) throw error;
        // A server of the revisions before 2026-07-28 does not know the method: nothing to check.
        rec.notTested(
          'mcp.discover',
          `the server does not answer server/discover (MCP 2026-07-28): ${messageOf(error)}`,
        );
      }
    });
  } finally {
    await client.close();
  }
}

/** One search (for a word of a listed title), one fetch of its first result, and its M-URL. */
async function checkSearchAndFetch(
  ctx: ValidationContext,
  client: Client,
  titles: readonly string[],
  step: (id: string, run: () => Promise<void>) => Promise<boolean>,
  evidence: (detail: string) => CheckEvidence,
): Promise<void> {
  const { rec } = ctx;
  const asked = queryFrom(titles);
  if (!asked) {
    rec.notTested(
      ['mcp.search', 'mcp.fetch', 'mcp.fetch-parity'],
      'no listed resource has a title to search for',
    );
    return;
  }
  const { query, title } = asked;
  let first: { id: string; url: string } | undefined;
  await step('mcp.search', async () => {
    const answer = toolJson(await client.callTool({ name: 'search', arguments: { query } }));
    if (typeof answer === 'string') {
      rec.violation('mcp.search', evidence(`search for "${query}": ${answer}`));
      return;
    }
    const results = Array.isArray(answer.results) ? (answer.results as unknown[]) : undefined;
    const malformed = results?.find((result) => {
      const r = result as Record<string, unknown>;
      return !isString(r.id) || !isString(r.title) || !isString(r.url);
    });
    if (!results || malformed !== undefined)
      rec.violation(
        'mcp.search',
        evidence(
          results
            ? `a result lacks a string id, title or url: ${JSON.stringify(malformed).slice(0, 120)}`
            : 'no results array',
        ),
      );
    else if (results.length === 0)
      rec.violation(
        'mcp.search',
        evidence(`search for "${query}" (a word of the listed title "${title}") found nothing`),
      );
    else {
      first = results[0] as { id: string; url: string };
      rec.pass('mcp.search', evidence(`search for "${query}": ${results.length} result(s)`));
    }
  });
  if (!first) {
    rec.notTested(['mcp.fetch', 'mcp.fetch-parity'], 'no search result to fetch');
    return;
  }
  const { id } = first;
  let document: { url: string; metadata: Record<string, unknown> } | undefined;
  await step('mcp.fetch', async () => {
    const answer = toolJson(await client.callTool({ name: 'fetch', arguments: { id } }));
    if (typeof answer === 'string') {
      rec.violation('mcp.fetch', evidence(`fetch of ${id}: ${answer}`));
      return;
    }
    const { title: name, text, url, metadata } = answer;
    const missing = [
      ...(['id', 'title', 'text', 'url'] as const).filter((key) => !isString(answer[key])),
      ...(typeof metadata === 'object' && metadata !== null ? [] : ['metadata']),
    ];
    if (missing.length > 0)
      rec.violation('mcp.fetch', evidence(`fetch of ${id} lacks ${missing.join(', ')}`));
    else {
      document = { url: url as string, metadata: metadata as Record<string, unknown> };
      rec.pass(
        'mcp.fetch',
        evidence(`"${String(name)}", ${String(text).length} characters of text`),
      );
    }
  });
  if (!document) {
    rec.notTested('mcp.fetch-parity', 'no fetched document to compare');
    return;
  }
  const fetched = document;
  const mUrl = fetched.metadata.mUrl;
  if (!isString(mUrl) || !onOrigin(ctx, mUrl)) {
    rec.violation(
      'mcp.fetch-parity',
      evidence(
        isString(mUrl)
          ? `metadata.mUrl ${mUrl} is not on ${ctx.origin}`
          : `fetch of ${id}: metadata names no mUrl to compare the hash with`,
      ),
    );
    return;
  }
  await rec.probe('mcp.fetch-parity', { method: 'GET', url: mUrl }, async () => {
    const res = await fetchIdentity(ctx, mUrl, { accept: 'application/json' });
    judgeParity(ctx, res, fetched);
  });
}
