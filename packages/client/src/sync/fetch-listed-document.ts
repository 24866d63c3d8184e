import { headerLinks, selectLinks } from '../discovery/find-links';
import type { HttpClient } from '../http/http-client';
import type { TctProfile } from '@agent-ready/core/tct';
import type { ListedDocument } from '../tct/read-tct-sitemap';
import { sameUrl } from '../tct/same-url';
import { verifyMUrlRepresentation } from '../tct/verify-m-url';
import type { SyncState } from './sync-state';

/**
 * What asking for one listed document gave:
 * - `stored`: the bytes the listing announced (or, without a hash, the current ones), verified;
 * - `unchanged`: a 304 to the copy held, and the listing announced no other hash;
 * - `not-yet`: the M-URL does not serve what the listing announced yet (a 304 to the old copy,
 *   a 200 with another hash, a 404 for a document the change feed lists as published): another
 *   instance behind the one that answered the listing. Nothing is stored or dropped; ask again;
 * - `gone`: 404/410, the copy (if any) dropped; `problem`: anything else, said in `detail`.
 */
export type ListedDocumentOutcome =
  | { kind: 'stored' | 'unchanged' }
  | { kind: 'not-yet'; detail: string }
  | { kind: 'gone'; status: 404 | 410; deleted: boolean }
  | { kind: 'problem'; detail: string };

/**
 * One conditional GET of a listed M-URL, verified against its hash, ETag and canonical link
 * before it is stored. `fromFeed`: the item comes from the change feed, which lists what is
 * published now, so a 404 there means "not there yet" rather than gone. The feed's hashes and
 * a tct-1 sitemap's are the M-URL's ETag; a -03 sitemap's are hints (a stale one is no lag).
 */
export async function fetchListedDocument(
  client: HttpClient,
  state: SyncState,
  item: ListedDocument,
  options: { profile: TctProfile | undefined; fromFeed: boolean; markdown?: boolean },
): Promise<ListedDocumentOutcome> {
  const cached = state.document(item.mUrl);
  const res = await client.request(item.mUrl, {
    headers: {
      accept: 'application/json',
      'accept-encoding': 'identity',
      ...(cached ? { 'if-none-match': cached.etag } : {}),
    },
  });
  const announced = options.fromFeed || options.profile?.name !== 'tct-03' ? item.etag : undefined;
  if (res.status === 304 && cached) {
    // Our copy is current for this server, yet the listing named another hash: not served yet.
    if (announced !== undefined && announced !== cached.hash)
      return {
        kind: 'not-yet',
        detail: `listed with ${announced}; the M-URL answers 304 to the copy held (${cached.hash})`,
      };
    return { kind: 'unchanged' };
  }
  if (res.status === 404 && options.fromFeed)
    return { kind: 'not-yet', detail: `listed in the change feed as published; answers 404` };
  if (res.status === 410 || res.status === 404)
    return { kind: 'gone', status: res.status, deleted: state.deleteDocument(item.mUrl) };
  if (res.status !== 200) return { kind: 'problem', detail: `answered ${res.status}` };
  const verification = verifyMUrlRepresentation(res.body, res.headers.etag, options.profile);
  const canonical = selectLinks(headerLinks(res), 'canonical');
  if (!canonical.some((link) => sameUrl(link.href, item.cUrl)))
    verification.problems.push(`no Link rel="canonical" to ${item.cUrl}`);
  if (verification.problems.length > 0 || verification.hash === undefined)
    return { kind: 'problem', detail: `not stored: ${verification.problems.join('; ')}` };
  // Another version than announced, older or newer: kept as it was; the next pass settles it.
  if (announced !== undefined && verification.hash !== announced)
    return {
      kind: 'not-yet',
      detail: `listed with ${announced}; the M-URL serves ${verification.hash}`,
    };
  state.putDocument({
    mUrl: item.mUrl,
    cUrl: item.cUrl,
    hash: verification.hash,
    etag: res.headers.etag!,
    lastModified: res.headers['last-modified'] ?? null,
    body: res.body,
  });
  // The details of this version replace those of the last (none kept unless asked for).
  if (options.markdown)
    state.putDocumentDetails(item.mUrl, {
      usage: res.headers['content-usage'] ?? null,
      markdown: await fetchMarkdownTwin(client, item.cUrl),
    });
  return { kind: 'stored' };
}

/**
 * The Markdown twin of a page, where llms.txt's convention puts it (`<page>/index.html.md`,
 * `<page>.md`), or null when the site serves none there.
 */
async function fetchMarkdownTwin(client: HttpClient, cUrl: string): Promise<Buffer | null> {
  let twin: URL;
  try {
    twin = new URL(cUrl);
  } catch {
    return null;
  }
  if (twin.search !== '') return null;
  twin.hash = '';
  twin.pathname = twin.pathname.endsWith('/')
    ? `${twin.pathname}index.html.md`
    : `${twin.pathname}.md`;
  const res = await client.request(twin.href, {
    headers: { accept: 'text/markdown, text/plain;q=0.5' },
    decode: true,
  });
  const type = res.headers['content-type'] ?? '';
  return res.status === 200 && /^text\/(markdown|plain)\b/i.test(type) ? res.body : null;
}
