import { create } from 'xmlbuilder2';
import { normalizeScpUrl } from './check-scp-url';
import { ScpValidationError } from './scp-errors';
import { formatScpTimestamp } from './scp-timestamp';
import { SCP_SITEMAP_NAMESPACE, SCP_VERSION } from './scp-types';

export const SCP_URLSET_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XMLNS = 'http://www.w3.org/2000/xmlns/';

export type ScpUpdateFrequency = 'hourly' | 'daily' | 'weekly' | 'monthly';
export type ScpSitemapChangeFrequency =
  'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';

export interface ScpSitemapSectionInput {
  name: string;
  updateFreq: ScpUpdateFrequency;
  /** Approximate page count; a string may carry `~` (e.g. `~5000`). */
  pages: number | string;
}

/** `<scp:collection type="snapshot">` (the XSD allows only snapshots there). */
export interface ScpSitemapCollectionInput {
  section: string;
  url: string;
  generated: string | Date;
  expires: string | Date;
  pages: number;
  /** Compressed file size in bytes. */
  size: number;
}

export interface ScpSitemapDeltaInput extends ScpSitemapCollectionInput {
  period: string;
  since: string | Date;
}

export interface ScpSitemapUrlInput {
  loc: string;
  lastmod?: string | Date;
  changefreq?: ScpSitemapChangeFrequency;
  /** 0.0 to 1.0. */
  priority?: number;
}

export interface ScpSitemapInput {
  /** Default "0.1". */
  version?: string;
  /** Default `['zstd', 'gzip']`. */
  compression?: readonly string[];
  sections?: readonly ScpSitemapSectionInput[];
  collections?: readonly ScpSitemapCollectionInput[];
  deltas?: readonly ScpSitemapDeltaInput[];
  /** Ordinary sitemaps.org entries, so the document stays a valid sitemap (DECISIONS §2). */
  urls?: readonly ScpSitemapUrlInput[];
}

const RULE = 'SCP Appendix A (sitemap extension XSD)';
const UPDATE_FREQUENCIES = new Set(['hourly', 'daily', 'weekly', 'monthly']);
const CHANGE_FREQUENCIES = new Set([
  'always',
  'hourly',
  'daily',
  'weekly',
  'monthly',
  'yearly',
  'never',
]);

function invalid(field: string, message: string, value?: unknown): never {
  throw new ScpValidationError('scp.sitemap.invalid', message, { field, value, rule: RULE });
}

function nonEmptyString(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    invalid(field, `${field} must be a non-empty string`, value);
  return value;
}

function count(value: unknown, field: string): string {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    invalid(field, `${field} must be a non-negative integer`, value);
  }
  return String(value);
}

function dateTime(value: unknown, field: string): string {
  if (typeof value !== 'string' && !(value instanceof Date))
    invalid(field, `${field} must be a date-time`, value);
  try {
    return formatScpTimestamp(value, field);
  } catch (cause) {
    invalid(field, `${field} is not an RFC 3339 date-time`, value);
    throw cause;
  }
}

function collectionAttributes(
  entry: ScpSitemapCollectionInput,
  field: string,
): Record<string, string> {
  return {
    section: nonEmptyString(entry.section, `${field}.section`),
    url: normalizeScpUrl(entry.url, `${field}.url`),
    generated: dateTime(entry.generated, `${field}.generated`),
    expires: dateTime(entry.expires, `${field}.expires`),
    pages: count(entry.pages, `${field}.pages`),
    size: count(entry.size, `${field}.size`),
  };
}

/**
 * sitemap.xml with the SCP extension (spec "Discovery via Sitemap", Appendix A): `scp:version`,
 * `scp:compression`, `scp:section`, `scp:collection` and `scp:delta` directly under `<urlset>`
 * with every attribute the XSD requires, then ordinary `<url>` entries. Built with xmlbuilder2
 * (escaping by the library; characters XML cannot carry are rejected), every URL normalized.
 * Throws `ScpValidationError` naming the bad entry.
 */
export function buildScpSitemap(input: ScpSitemapInput): string {
  const version = input.version ?? SCP_VERSION;
  if (!/^\d+\.\d+$/.test(version)) invalid('version', 'version must be MAJOR.MINOR', version);
  const compression = input.compression ?? ['zstd', 'gzip'];
  const compressionList = compression.join(',');
  if (!/^[a-z]+(,[a-z]+)*$/.test(compressionList))
    invalid('compression', 'compression must be lowercase names', compression);

  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const urlset = doc
    .ele(SCP_URLSET_NAMESPACE, 'urlset')
    .att(XMLNS, 'xmlns:scp', SCP_SITEMAP_NAMESPACE);
  urlset.ele(SCP_SITEMAP_NAMESPACE, 'scp:version').txt(version);
  urlset.ele(SCP_SITEMAP_NAMESPACE, 'scp:compression').txt(compressionList);
  (input.sections ?? []).forEach((section, i) => {
    const field = `sections[${i}]`;
    if (!UPDATE_FREQUENCIES.has(section.updateFreq)) {
      invalid(
        `${field}.updateFreq`,
        'updateFreq must be hourly, daily, weekly or monthly',
        section.updateFreq,
      );
    }
    const pages =
      typeof section.pages === 'number'
        ? count(section.pages, `${field}.pages`)
        : nonEmptyString(section.pages, `${field}.pages`);
    urlset.ele(SCP_SITEMAP_NAMESPACE, 'scp:section', {
      name: nonEmptyString(section.name, `${field}.name`),
      updateFreq: section.updateFreq,
      pages,
    });
  });
  (input.collections ?? []).forEach((entry, i) => {
    const a = collectionAttributes(entry, `collections[${i}]`);
    urlset.ele(SCP_SITEMAP_NAMESPACE, 'scp:collection', {
      section: a.section,
      type: 'snapshot',
      url: a.url,
      generated: a.generated,
      expires: a.expires,
      pages: a.pages,
      size: a.size,
    });
  });
  (input.deltas ?? []).forEach((entry, i) => {
    const field = `deltas[${i}]`;
    const a = collectionAttributes(entry, field);
    urlset.ele(SCP_SITEMAP_NAMESPACE, 'scp:delta', {
      section: a.section,
      period: nonEmptyString(entry.period, `${field}.period`),
      url: a.url,
      generated: a.generated,
      expires: a.expires,
      pages: a.pages,
      size: a.size,
      since: dateTime(entry.since, `${field}.since`),
    });
  });
  appendUrlEntries(urlset, input.urls ?? []);
  return serialize(doc);
}

type XmlElement = ReturnType<ReturnType<typeof create>['ele']>;

/** `<url>` entries (loc, lastmod, changefreq, priority) under a `<urlset>`. */
function appendUrlEntries(urlset: XmlElement, urls: readonly ScpSitemapUrlInput[]): void {
  urls.forEach((entry, i) => {
    const field = `urls[${i}]`;
    const url = urlset.ele(SCP_URLSET_NAMESPACE, 'url');
    url.ele(SCP_URLSET_NAMESPACE, 'loc').txt(normalizeScpUrl(entry.loc, `${field}.loc`));
    if (entry.lastmod !== undefined)
      url.ele(SCP_URLSET_NAMESPACE, 'lastmod').txt(dateTime(entry.lastmod, `${field}.lastmod`));
    if (entry.changefreq !== undefined) {
      if (!CHANGE_FREQUENCIES.has(entry.changefreq))
        invalid(`${field}.changefreq`, 'not a sitemaps.org changefreq', entry.changefreq);
      url.ele(SCP_URLSET_NAMESPACE, 'changefreq').txt(entry.changefreq);
    }
    if (entry.priority !== undefined) {
      if (typeof entry.priority !== 'number' || !(entry.priority >= 0 && entry.priority <= 1)) {
        invalid(`${field}.priority`, 'priority must be between 0.0 and 1.0', entry.priority);
      }
      url
        .ele(SCP_URLSET_NAMESPACE, 'priority')
        .txt(entry.priority.toFixed(3).replace(/0+$/, '').replace(/\.$/, '.0'));
    }
  });
}

function serialize(doc: ReturnType<typeof create>): string {
  try {
    return doc.end({ prettyPrint: true, wellFormed: true });
  } catch (cause) {
    throw new ScpValidationError(
      'scp.sitemap.not_xml',
      `a value cannot be written as XML: ${(cause as Error).message}`,
      {
        rule: 'XML 1.0 §2.2 (Char)',
        cause,
      },
    );
  }
}

/**
 * A plain sitemaps.org `<urlset>` of pages: what a site too big for one sitemap.xml lists its
 * pages in, part by part, beside the SCP sitemap.xml (which then lists the collections).
 */
export function buildPageSitemap(urls: readonly ScpSitemapUrlInput[]): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  appendUrlEntries(doc.ele(SCP_URLSET_NAMESPACE, 'urlset'), urls);
  return serialize(doc);
}

/** A sitemaps.org `<sitemapindex>`: one `<sitemap>` (loc, lastmod) per listed sitemap. */
export function buildSitemapIndexXml(
  sitemaps: readonly { loc: string; lastmod?: string | Date }[],
): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const index = doc.ele(SCP_URLSET_NAMESPACE, 'sitemapindex');
  sitemaps.forEach((entry, i) => {
    const sitemap = index.ele(SCP_URLSET_NAMESPACE, 'sitemap');
    sitemap.ele(SCP_URLSET_NAMESPACE, 'loc').txt(normalizeScpUrl(entry.loc, `sitemaps[${i}].loc`));
    if (entry.lastmod !== undefined) {
      sitemap
        .ele(SCP_URLSET_NAMESPACE, 'lastmod')
        .txt(dateTime(entry.lastmod, `sitemaps[${i}].lastmod`));
    }
  });
  return serialize(doc);
}
