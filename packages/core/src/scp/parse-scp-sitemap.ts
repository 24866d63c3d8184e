import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { SCP_URLSET_NAMESPACE, type ScpUpdateFrequency } from './build-scp-sitemap';
import { isScpHttpUrl } from './check-scp-url';
import { ScpSitemapError } from './scp-errors';
import { isScpTimestamp } from './scp-timestamp';
import { SCP_SITEMAP_NAMESPACE } from './scp-types';

export interface ScpSitemapSection {
  name: string;
  updateFreq: ScpUpdateFrequency;
  pages: string;
}

export interface ScpSitemapCollection {
  section: string;
  type: 'snapshot';
  url: string;
  generated: string;
  expires: string;
  pages: number;
  size: number;
}

export interface ScpSitemapDelta {
  section: string;
  period: string;
  url: string;
  generated: string;
  expires: string;
  pages: number;
  size: number;
  since: string;
}

export interface ScpSitemapUrl {
  loc: string;
  lastmod?: string;
  changefreq?: string;
  priority?: string;
}

export interface ScpSitemap {
  version?: string;
  compression: string[];
  sections: ScpSitemapSection[];
  collections: ScpSitemapCollection[];
  deltas: ScpSitemapDelta[];
  urls: ScpSitemapUrl[];
  /** Entries left out because they break the XSD, one message each. */
  warnings: string[];
}

export interface ScpSitemapParseOptions {
  /** Largest document accepted, in bytes (default 50 MiB, the sitemaps.org limit). */
  maxBytes?: number;
}

type XmlNode = Record<string, unknown>;

const RULE = 'SCP Appendix A (sitemap extension XSD)';
const UPDATE_FREQUENCIES = new Set(['hourly', 'daily', 'weekly', 'monthly']);
const INTEGER = /^[+]?\d{1,15}$/;

function fail(code: string, message: string, cause?: unknown): never {
  throw new ScpSitemapError(code, message, { rule: RULE, cause });
}

function splitName(name: string): [prefix: string, local: string] {
  const colon = name.indexOf(':');
  return colon === -1 ? ['', name] : [name.slice(0, colon), name.slice(colon + 1)];
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return text(value[0]);
  if (value && typeof value === 'object' && '#text' in value)
    return text((value as XmlNode)['#text']);
  return undefined;
}

/**
 * Reads the SCP extension of a sitemap.xml (fast-xml-parser; entity expansion bounded by its
 * defaults). Tolerant as a crawler must be: elements it does not know (other namespaces, other
 * sitemap extensions) are ignored, the `scp` namespace may be bound to any prefix, and an
 * SCP element missing a required attribute or holding a malformed one is left out with a
 * warning. Throws `ScpSitemapError` only when the document is not well-formed XML with a
 * `urlset` root, or is larger than `maxBytes`.
 */
export function parseScpSitemap(
  xml: string | Uint8Array,
  options: ScpSitemapParseOptions = {},
): ScpSitemap {
  const maxBytes = options.maxBytes ?? 50 * 2 ** 20;
  const size = typeof xml === 'string' ? Buffer.byteLength(xml) : xml.byteLength;
  if (size > maxBytes)
    fail('scp.sitemap.too_large', `the sitemap is larger than ${maxBytes} bytes`);
  const source = typeof xml === 'string' ? xml : new TextDecoder('utf-8').decode(xml);
  const validation = XMLValidator.validate(source);
  if (validation !== true)
    fail(
      'scp.sitemap.not_xml',
      `not well-formed XML: ${validation.err.msg} (line ${validation.err.line})`,
    );
  let document: XmlNode;
  try {
    document = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
      parseAttributeValue: false,
      trimValues: true,
      ignoreDeclaration: true,
      ignorePiTags: true,
      isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
    }).parse(source) as XmlNode;
  } catch (cause) {
    fail('scp.sitemap.not_xml', `the sitemap cannot be parsed: ${(cause as Error).message}`, cause);
  }
  const rootName = Object.keys(document).find(
    (name) => !name.startsWith('?') && splitName(name)[1] === 'urlset',
  );
  if (rootName === undefined) fail('scp.sitemap.no_urlset', 'the document root is not <urlset>');
  const root = ((document[rootName] as XmlNode[])[0] ?? {}) as XmlNode;

  const namespaces = new Map<string, string>();
  for (const [name, value] of Object.entries(root)) {
    if (name === '@_xmlns') namespaces.set('', String(value));
    else if (name.startsWith('@_xmlns:'))
      namespaces.set(name.slice('@_xmlns:'.length), String(value));
  }
  const result: ScpSitemap = {
    compression: [],
    sections: [],
    collections: [],
    deltas: [],
    urls: [],
    warnings: [],
  };
  for (const [name, value] of Object.entries(root)) {
    if (name.startsWith('@_') || name === '#text' || !Array.isArray(value)) continue;
    const [prefix, local] = splitName(name);
    const namespace = namespaces.get(prefix);
    const nodes = value as unknown[];
    if (namespace === SCP_SITEMAP_NAMESPACE) readScpElements(local, nodes, result);
    else if (local === 'url' && (namespace === SCP_URLSET_NAMESPACE || namespace === undefined)) {
      for (const node of nodes) readUrl(node, result);
    }
  }
  return result;
}

function attributes(node: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (node && typeof node === 'object') {
    for (const [name, value] of Object.entries(node as XmlNode)) {
      if (name.startsWith('@_') && typeof value === 'string') out[name.slice(2)] = value;
    }
  }
  return out;
}

function readScpElements(local: string, nodes: unknown[], result: ScpSitemap): void {
  for (const node of nodes) {
    const a = attributes(node);
    const problems: string[] = [];
    const required = (
      name: string,
      check: (v: string) => boolean = (v) => v.trim() !== '',
    ): string => {
      const v = a[name];
      if (v === undefined) problems.push(`missing ${name}`);
      else if (!check(v)) problems.push(`invalid ${name}="${v.slice(0, 100)}"`);
      return v ?? '';
    };
    const integer = (name: string): number => Number(required(name, (v) => INTEGER.test(v.trim())));
    const url = (name: string): string => required(name, (v) => isScpHttpUrl(v.trim())).trim();
    const time = (name: string): string => required(name, (v) => isScpTimestamp(v.trim())).trim();
    switch (local) {
      case 'version': {
        const v = text(node)?.trim();
        if (v !== undefined && /^\d+\.\d+$/.test(v)) result.version = v;
        else problems.push('scp:version must be MAJOR.MINOR');
        break;
      }
      case 'compression': {
        const v = text(node)?.trim();
        if (v !== undefined && /^[a-z]+(,[a-z]+)*$/.test(v)) result.compression = v.split(',');
        else problems.push('scp:compression must be a comma-separated list of lowercase names');
        break;
      }
      case 'section': {
        const section = {
          name: required('name'),
          updateFreq: required('updateFreq', (v) => UPDATE_FREQUENCIES.has(v)),
          pages: required('pages'),
        };
        if (problems.length === 0) result.sections.push(section as ScpSitemapSection);
        break;
      }
      case 'collection': {
        const entry = {
          section: required('section'),
          type: required('type', (v) => v === 'snapshot') as 'snapshot',
          url: url('url'),
          generated: time('generated'),
          expires: time('expires'),
          pages: integer('pages'),
          size: integer('size'),
        };
        if (problems.length === 0) result.collections.push(entry);
        break;
      }
      case 'delta': {
        const entry = {
          section: required('section'),
          period: required('period'),
          url: url('url'),
          generated: time('generated'),
          expires: time('expires'),
          pages: integer('pages'),
          size: integer('size'),
          since: time('since'),
        };
        if (problems.length === 0) result.deltas.push(entry);
        break;
      }
      default:
        continue; // an element a later version may define: ignored
    }
    if (problems.length > 0) result.warnings.push(`scp:${local} left out: ${problems.join(', ')}`);
  }
}

function readUrl(node: unknown, result: ScpSitemap): void {
  if (!node || typeof node !== 'object') return;
  const fields: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(node as XmlNode)) {
    const local = splitName(name)[1];
    if (['loc', 'lastmod', 'changefreq', 'priority'].includes(local))
      fields[local] = text(value)?.trim();
  }
  if (fields.loc === undefined || !isScpHttpUrl(fields.loc)) {
    result.warnings.push(`url left out: invalid loc ${String(fields.loc).slice(0, 100)}`);
    return;
  }
  const entry: ScpSitemapUrl = { loc: fields.loc };
  if (fields.lastmod !== undefined) entry.lastmod = fields.lastmod;
  if (fields.changefreq !== undefined) entry.changefreq = fields.changefreq;
  if (fields.priority !== undefined) entry.priority = fields.priority;
  result.urls.push(entry);
}
