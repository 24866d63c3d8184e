import {
  buildPageSitemap,
  buildSitemapIndexXml,
  normalizeUri,
  SCP_FAMILY,
  type ScpSitemapUrlInput,
} from '@agent-ready/core';
import type { ArtifactBuildContext } from './artifact-builder';
import { textArtifact, type ArtifactInput } from '../artifacts/artifact-input';
import { partIdRange, partsToBuild } from './id-range-parts';
import type { ScpSettings } from './resolve-scp-settings';

/** A page sitemap the index lists, by its part number. */
interface ListedPart {
  number: number;
  name: string;
  lastmodMs: number;
}

/**
 * The `<url>` entries of sitemap.xml, and the page sitemaps that list the rest. A site that fits
 * one part lists its pages there (at most that many rows); a bigger one in page sitemaps, and
 * there only its home page, so that sitemap.xml stays a valid urlset.
 */
export async function listScpSitemapUrls(
  context: ArtifactBuildContext,
  scp: ScpSettings,
  pageParts: { incremental: boolean } | undefined,
): Promise<{ urls: ScpSitemapUrlInput[]; artifacts: ArtifactInput[]; keep: string[] }> {
  const urls: ScpSitemapUrlInput[] = [];
  if (pageParts) {
    const pages = await buildPageSitemaps(context, scp, pageParts.incremental);
    urls.push({ loc: `${scp.origin}/`, lastmod: new Date(await context.lastChangeMs()) });
    return { urls, ...pages };
  }
  for await (const row of context.rows(['c_url', 'modified'])) {
    urls.push({
      loc: String(row.c_url),
      lastmod: new Date(Date.parse(String(row.modified))),
    });
  }
  return { urls, artifacts: [], keep: [] };
}

/**
 * The pages of a site bigger than one part, in page sitemaps by row id under a sitemapindex:
 * a burst reads and rewrites only the parts holding what it changed, and the index.
 */
async function buildPageSitemaps(
  context: ArtifactBuildContext,
  scp: ScpSettings,
  incremental: boolean,
): Promise<{ artifacts: ArtifactInput[]; keep: string[] }> {
  const touched = await partsToBuild(context, scp.itemsPerPart, incremental);
  const { keep, listed }: { keep: string[]; listed: ListedPart[] } = incremental
    ? await keepUntouchedParts(context, new Set(touched))
    : { keep: [], listed: [] };
  const artifacts: ArtifactInput[] = [];
  for (const number of touched) {
    const built = await buildPartSitemap(context, scp, number);
    if (!built) continue;
    artifacts.push(built.artifact);
    listed.push(built.part);
  }
  listed.sort((a, b) => a.number - b.number);
  artifacts.push(pageSitemapIndexArtifact(scp, listed));
  return { artifacts, keep };
}

/** The installed page sitemaps of the parts this burst did not touch: kept as they are. */
async function keepUntouchedParts(
  context: ArtifactBuildContext,
  touched: ReadonlySet<number>,
): Promise<{ keep: string[]; listed: ListedPart[] }> {
  const keep: string[] = [];
  const listed: ListedPart[] = [];
  for (const { name, descriptor } of await context.installedArtifacts(SCP_FAMILY)) {
    if (descriptor.family !== SCP_FAMILY || descriptor.kind !== 'page-sitemap') continue;
    const { part } = descriptor;
    if (touched.has(part.number)) continue;
    keep.push(name);
    listed.push({ number: part.number, name, lastmodMs: part.lastmodMs });
  }
  return { keep, listed };
}

/** The page sitemap of part `number`, from its rows; undefined when the part has none left. */
async function buildPartSitemap(
  context: ArtifactBuildContext,
  scp: ScpSettings,
  number: number,
): Promise<{ artifact: ArtifactInput; part: ListedPart } | undefined> {
  const urls: ScpSitemapUrlInput[] = [];
  let lastmodMs = 0;
  const range = partIdRange(number, scp.itemsPerPart);
  for await (const row of context.rows(['c_url', 'modified_ms'], range)) {
    const modifiedMs = Number(row.modified_ms);
    lastmodMs = Math.max(lastmodMs, modifiedMs);
    urls.push({ loc: String(row.c_url), lastmod: new Date(modifiedMs) });
  }
  if (urls.length === 0) return undefined;
  const name = `${scp.basePath}/sitemap-pages-${number}.xml`;
  const artifact = textArtifact({
    name,
    descriptor: {
      family: SCP_FAMILY,
      kind: 'page-sitemap',
      url: urlOfName(scp, name),
      part: { number, lastmodMs },
    },
    lastModified: new Date(lastmodMs),
    body: buildPageSitemap(urls),
  });
  return { artifact, part: { number, name, lastmodMs } };
}

/** The sitemapindex listing every page sitemap, in part order. */
function pageSitemapIndexArtifact(scp: ScpSettings, listed: readonly ListedPart[]): ArtifactInput {
  const name = `${scp.basePath}/sitemap-pages.xml`;
  return textArtifact({
    name,
    // robots.txt names it beside sitemap.xml: both are sitemaps.org XML.
    descriptor: { family: SCP_FAMILY, kind: 'page-sitemap-index', url: urlOfName(scp, name) },
    lastModified: new Date(Math.max(0, ...listed.map((part) => part.lastmodMs))),
    body: buildSitemapIndexXml(
      listed.map((part) => ({ loc: urlOfName(scp, part.name), lastmod: new Date(part.lastmodMs) })),
    ),
  });
}

/** The public URL of an artifact served at the origin. */
function urlOfName(scp: ScpSettings, name: string): string {
  return normalizeUri(`${scp.origin}${name}`);
}
