import type { Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import request from 'supertest';
import type { Core } from '@strapi/strapi';
import { normalizeText } from '@agent-ready/core/text';
import { scpCollections } from './agent-http';
import { relationKeys, type SeedDocument } from './seed-documents';

/**
 * What a reader of a site calls its text, from the data a seed wrote and the app's schemas: the
 * strings of `string`, `text`, rich-text and blocks fields, whatever their words look like
 * (`iPhone`, `e-commerce`, `3.5`, `10:30`), and the alt texts and captions of its media and of
 * blocks fields' images. Not text: `uid`, enumerations, e-mails, JSON, numbers, booleans and
 * dates; the attributes a test names as technical (an icon's name, a button's URL); private
 * attributes (which must never be read); the SEO component (meta tags for search engines, used
 * as the title and description where a page has none). Relations are not the entry's text:
 * their targets are entries of their own. A text field's value that is a URL, a path, an e-mail
 * address or a colour is counted too: it is left out of what agents get, and the coverage counts
 * it as text left out.
 */
export interface TextRules {
  /** Attribute names holding settings or identifiers, not words (the fixture's schema knows). */
  technical: ReadonlySet<string>;
  /** Components that are not the page's text (the SEO component). */
  skipComponents: ReadonlySet<string>;
  /** Alt text and caption of the seed's files, by file key. */
  files: ReadonlyMap<string, { alternativeText?: string; caption?: string }>;
}

interface Attribute {
  type: string;
  private?: boolean;
  component?: string;
}

function markdownLines(markdown: string): string[] {
  return markdown
    .split(/\n+/)
    .map((line) =>
      line
        .replace(/^\s*(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s*)/, '')
        .replace(/\*\*|__|[*_`]/g, '')
        .trim(),
    )
    .filter((line) => line !== '');
}

function blockTexts(nodes: unknown): string[] {
  const textOf = (node: unknown): string => {
    if (node === null || typeof node !== 'object') return '';
    const record = node as { text?: unknown; children?: unknown };
    if (typeof record.text === 'string') return record.text;
    return Array.isArray(record.children) ? record.children.map(textOf).join('') : '';
  };
  const out: string[] = [];
  for (const node of Array.isArray(nodes) ? nodes : []) {
    const record = node as {
      type?: string;
      children?: unknown[];
      image?: { alternativeText?: string | null; caption?: string | null };
    };
    if (record.type === 'list') out.push(...(record.children ?? []).map(textOf));
    else if (record.type === 'image') {
      const { alternativeText, caption } = record.image ?? {};
      if (alternativeText) out.push(alternativeText);
      if (caption && caption !== alternativeText) out.push(caption);
    } else out.push(textOf(record));
  }
  return out.map((text) => text.trim()).filter((text) => text !== '');
}

/** The human-readable strings of one entry's data (one locale), by the rules above. */
export function humanStrings(
  strapi: Core.Strapi,
  attributes: Record<string, Attribute>,
  data: Record<string, unknown>,
  rules: TextRules,
): string[] {
  const hidden = strapi.config.get('api.responses.privateAttributes', []) as string[];
  const out: string[] = [];
  for (const [name, value] of Object.entries(data)) {
    const attribute = attributes[name];
    if (!attribute || value === null || value === undefined) continue;
    if (attribute.private || hidden.includes(name) || rules.technical.has(name)) continue;
    switch (attribute.type) {
      case 'string':
      case 'text':
        if (typeof value === 'string')
          out.push(...value.split(/\n+/).filter((line) => line.trim() !== ''));
        break;
      case 'richtext':
        out.push(...markdownLines(String(value)));
        break;
      case 'blocks':
        out.push(...blockTexts(value));
        break;
      case 'media': {
        const keys = (value as { __seedFile?: string; __seedFiles?: string[] }).__seedFiles ?? [
          (value as { __seedFile?: string }).__seedFile,
        ];
        for (const key of keys) {
          const file = key === undefined ? undefined : rules.files.get(key);
          if (file?.alternativeText) out.push(file.alternativeText);
          if (file?.caption && file.caption !== file.alternativeText) out.push(file.caption);
        }
        break;
      }
      case 'component': {
        if (!attribute.component || rules.skipComponents.has(attribute.component)) break;
        const schema = strapi.components[attribute.component as never] as unknown as {
          attributes: Record<string, Attribute>;
        };
        for (const item of Array.isArray(value) ? value : [value])
          out.push(
            ...humanStrings(strapi, schema.attributes, item as Record<string, unknown>, rules),
          );
        break;
      }
      case 'dynamiczone':
        for (const item of value as { __component: string }[]) {
          const schema = strapi.components[item.__component as never] as unknown as {
            attributes: Record<string, Attribute>;
          };
          out.push(
            ...humanStrings(strapi, schema.attributes, item as Record<string, unknown>, rules),
          );
        }
        break;
    }
  }
  return out;
}

/** A front end's route for an entry (its data, in one locale), by content type UID. */
export type Routes = Record<string, (data: Record<string, unknown>, locale: string) => string>;

/** One published entry (a locale of a document): its strings and the pages that show them. */
export interface EntryExpectation {
  document: SeedDocument;
  locale: string;
  strings: string[];
  /** Its own page; for a type without pages, the published pages (same locale) that refer to it. */
  paths: string[];
}

/**
 * For each published entry of the exposed types, its human-readable strings (from the seed and
 * the schema) and the C-URL paths where agents must find them: its own route, or, for a type
 * without pages (FAQs, plans), the routes of the published pages referring to it, or that it
 * refers to (a plan names its product; the product shows its plans).
 */
export function entryExpectations(
  strapi: Core.Strapi,
  published: readonly SeedDocument[],
  routes: Routes,
  rules: TextRules,
): EntryExpectation[] {
  return published.flatMap((document) =>
    Object.entries(document.locales).map(([locale, data]) => {
      const schema = strapi.contentTypes[document.uid as never] as unknown as {
        attributes: Record<string, Attribute>;
      };
      const strings = humanStrings(strapi, schema.attributes, data, rules);
      const route = routes[document.uid];
      const paths = route
        ? [route(data, locale)]
        : published.flatMap((page) => {
            const pageRoute = routes[page.uid];
            const pageData = page.locales[locale];
            if (!pageRoute || !pageData) return [];
            const linked =
              relationKeys(pageData).includes(document.key) ||
              relationKeys(data).includes(page.key);
            return linked ? [pageRoute(pageData, locale)] : [];
          });
      return { document, locale, strings, paths };
    }),
  );
}

/** Whether every string, normalized as TCT normalizes text, is found in one of `texts`. */
export function foundIn(texts: readonly string[]): (text: string) => boolean {
  const haystacks = texts.map((text) => normalizeText(text));
  return (text) => haystacks.some((haystack) => haystack.includes(normalizeText(text)));
}

/** The Markdown twin's path of a C-URL path. */
export const twinPath = (path: string) =>
  path.endsWith('/') ? `${path}index.html.md` : `${path}.md`;

/**
 * The text of every agent endpoint the site serves: the sitemap and every M-URL and Markdown
 * twin it lists, llms.txt and llms-full.txt (per locale too), the change feed, the SCP sitemap
 * and the collections it lists, snapshots and deltas (decompressed). For greps of what must
 * never be there.
 */
export async function everyAgentEndpoint(
  http: Server,
  locales: readonly string[],
): Promise<{ path: string; text: string }[]> {
  const out: { path: string; text: string }[] = [];
  const get = async (path: string) => {
    const res = await request(http)
      .get(path)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const body = res.body as Buffer;
    const bytes = body.length > 1 && body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body) : body;
    out.push({ path, text: bytes.toString('utf8') });
    return { status: res.status, text: bytes.toString('utf8') };
  };
  const sitemap = JSON.parse((await get('/llm-sitemap.json')).text) as {
    items: { cUrl: string; mUrl: string }[];
  };
  for (const item of sitemap.items) {
    await get(new URL(item.mUrl).pathname);
    await get(twinPath(new URL(item.cUrl).pathname));
  }
  for (const prefix of ['', ...locales.map((locale) => `/${locale}`)]) {
    await get(`${prefix}/llms.txt`);
    await get(`${prefix}/llms-full.txt`);
  }
  await get('/llm-changes.json');
  await get('/scp/sitemap.xml');
  const { snapshots, deltas } = await scpCollections(http);
  for (const path of [...snapshots.values(), ...deltas.map((delta) => delta.path)]) await get(path);
  return out;
}
