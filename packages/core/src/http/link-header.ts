import he from 'he';
import { ValidationError } from '../errors';

/** One web link (RFC 8288): a target and its parameters (`rel`, `type`, …). */
export interface WebLink {
  href: string;
  rel: string;
  type?: string;
  title?: string;
  /** Further target attributes, serialized as quoted strings. */
  params?: Readonly<Record<string, string>>;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function quote(value: string): string {
  return `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

function formatParam(name: string, value: string): string {
  // rel values are tokens or space-separated lists; RFC 8288 examples quote them, as do we.
  return `; ${name}=${quote(value)}`;
}

/** Characters that can never appear in a URI-reference and would break `<…>` framing. */
const NOT_IN_URI_REFERENCE = /[\s<>"\\^`{|}\x00-\x1F\x7F]/;

/** Serializes links into one `Link` field value. */
export function formatLinkHeader(links: readonly WebLink[]): string {
  return links
    .map((link) => {
      if (NOT_IN_URI_REFERENCE.test(link.href)) {
        throw new ValidationError('link.invalid-target', 'link target is not a URI-reference', {
          field: 'href',
          value: link.href,
          rule: 'RFC 8288 §3 / RFC 3986 §4.1',
        });
      }
      let out = `<${link.href}>${formatParam('rel', link.rel)}`;
      if (link.type !== undefined) out += formatParam('type', link.type);
      if (link.title !== undefined) out += formatParam('title', link.title);
      for (const [name, value] of Object.entries(link.params ?? {})) {
        if (TOKEN.test(name)) out += formatParam(name.toLowerCase(), value);
      }
      return out;
    })
    .join(', ');
}

export interface ParsedLink {
  href: string;
  /** Parameter names lower-cased; the first occurrence of a parameter wins (RFC 8288 §3). */
  params: Record<string, string>;
  /** `rel` split into its relation types, lower-cased. */
  rels: string[];
}

/**
 * Parses a `Link` field value (RFC 8288 §3). Tolerant as §3 asks of parsers: a malformed member
 * is skipped, the rest still parse; quoted strings may contain commas and semicolons.
 */
export function parseLinkHeader(value: string): ParsedLink[] {
  const links: ParsedLink[] = [];
  let i = 0;
  const n = value.length;
  const skipWs = () => {
    while (i < n && (value[i] === ' ' || value[i] === '\t')) i++;
  };
  const skipToNextLink = () => {
    let inQuotes = false;
    while (i < n) {
      const c = value[i];
      if (inQuotes) {
        if (c === '\\') i++;
        else if (c === '"') inQuotes = false;
      } else if (c === '"') inQuotes = true;
      else if (c === ',') {
        i++;
        return;
      }
      i++;
    }
  };
  while (i < n) {
    skipWs();
    if (value[i] === ',') {
      i++;
      continue;
    }
    if (value[i] !== '<') {
      skipToNextLink();
      continue;
    }
    const close = value.indexOf('>', i + 1);
    if (close === -1) break;
    const href = value.slice(i + 1, close).trim();
    i = close + 1;
    const params: Record<string, string> = {};
    let malformed = false;
    while (i < n) {
      skipWs();
      if (value[i] === ',') {
        i++;
        break;
      }
      if (value[i] !== ';') {
        malformed = true;
        skipToNextLink();
        break;
      }
      i++;
      skipWs();
      const nameStart = i;
      while (i < n && /[!#$%&'*+\-.^_`|~0-9A-Za-z]/.test(value[i]!)) i++;
      const name = value.slice(nameStart, i).toLowerCase();
      skipWs();
      let paramValue = '';
      if (value[i] === '=') {
        i++;
        skipWs();
        if (value[i] === '"') {
          i++;
          while (i < n && value[i] !== '"') {
            if (value[i] === '\\' && i + 1 < n) i++;
            paramValue += value[i];
            i++;
          }
          i++;
        } else {
          const start = i;
          while (i < n && value[i] !== ';' && value[i] !== ',') i++;
          paramValue = value.slice(start, i).trim();
        }
      }
      if (name !== '' && !(name in params)) params[name] = paramValue;
    }
    if (malformed) continue;
    const rels = (params.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    links.push({ href, params, rels });
  }
  return links;
}

/** An HTML `<link>` element for templates, every attribute escaped. */
export function htmlLinkTag(link: WebLink): string {
  const attrs = [`rel="${he.escape(link.rel)}"`];
  if (link.type !== undefined) attrs.push(`type="${he.escape(link.type)}"`);
  if (link.title !== undefined) attrs.push(`title="${he.escape(link.title)}"`);
  attrs.push(`href="${he.escape(link.href)}"`);
  return `<link ${attrs.join(' ')}>`;
}
