import { SCP_MEDIA_TYPE } from '../../../scp/scp-types';
import type { StoredArtifactFamily } from '../stored-artifact-family';
import type { FieldReader, Json } from '../descriptor-fields';

/** The `family` of SCP files: collections and the XML sitemaps that list them. */
export const SCP_FAMILY = 'scp';

/** What the builder records about the uncompressed bytes of a gzip collection. */
export interface IdentityRepresentation {
  size: number;
  /** RFC 9530 digest of the uncompressed bytes. */
  contentDigest: string;
}

/** An SCP section's snapshot as the last build left it. */
export interface ScpSnapshotBuild {
  path: string;
  generated: string;
  /** The section's last commit when it was built: changes after this are not in it. */
  commitMs: number;
  builtAtMs: number;
  pages: number;
  size: number;
}

/** One SCP delta part as built: the commit range it holds, where it is, what the sitemap says. */
export interface ScpDeltaBuild {
  /** The sitemap's `period`: the period's name, `-<part>` appended from the second part on. */
  period: string;
  periodStartMs: number;
  /** 1 for the first part of its period. */
  part: number;
  /** The part holds the changes that committed in (afterMs, upToMs]. */
  afterMs: number;
  upToMs: number;
  path: string;
  since: string;
  generated: string;
  pages: number;
  size: number;
}

export interface ScpSectionBuild {
  snapshot: ScpSnapshotBuild;
  deltas: ScpDeltaBuild[];
  /** The section's last commit the deltas were built up to. */
  commitMs: number;
}

/** What the SCP collections are, kept with the sitemap.xml between builds. */
export interface ScpSitemapBuild {
  settingsKey: string;
  sections: Record<string, ScpSectionBuild>;
  /** Whether the pages are listed in page sitemaps (by part) rather than in sitemap.xml. */
  pageParts?: boolean;
}

/**
 * An SCP file. `collection`: a snapshot or delta, its gzip bytes (with `variants` and `identity`)
 * or its zstd bytes (`variantOf`); `sitemap`: the sitemap.xml; `page-sitemap`: one part of a big
 * site's page sitemaps; `page-sitemap-index`: their index.
 */
export type ScpDescriptor = { family: typeof SCP_FAMILY; url: string } & (
  | {
      kind: 'collection';
      /** `sha256:<hex>` of the collection's content, the same for every coding. */
      checksum: string;
      pages: number;
      /** On the gzip bytes: the name the zstd bytes are stored under. */
      variants?: { zstd: string };
      /** On the gzip bytes: the uncompressed bytes, for clients that accept no coding. */
      identity?: IdentityRepresentation;
      /** On the zstd bytes: the name of the gzip bytes they are a coding of. */
      variantOf?: string;
    }
  | { kind: 'sitemap'; build?: ScpSitemapBuild }
  | { kind: 'page-sitemap'; part: { number: number; lastmodMs: number } }
  | { kind: 'page-sitemap-index' }
);

const readIdentity = (r: FieldReader): IdentityRepresentation => ({
  size: r.number('size'),
  contentDigest: r.string('contentDigest'),
});

const readSnapshotBuild = (r: FieldReader): ScpSnapshotBuild => ({
  path: r.string('path'),
  generated: r.string('generated'),
  commitMs: r.number('commitMs'),
  builtAtMs: r.number('builtAtMs'),
  pages: r.number('pages'),
  size: r.number('size'),
});

const readDeltaBuild = (r: FieldReader): ScpDeltaBuild => ({
  period: r.string('period'),
  periodStartMs: r.number('periodStartMs'),
  part: r.number('part'),
  afterMs: r.number('afterMs'),
  upToMs: r.number('upToMs'),
  path: r.string('path'),
  since: r.string('since'),
  generated: r.string('generated'),
  pages: r.number('pages'),
  size: r.number('size'),
});

const readScpSitemapBuild = (r: FieldReader): ScpSitemapBuild => ({
  settingsKey: r.string('settingsKey'),
  sections: r.entries('sections', (section) => ({
    snapshot: readSnapshotBuild(section.object('snapshot')),
    deltas: section.list('deltas', readDeltaBuild),
    commitMs: section.number('commitMs'),
  })),
  ...(r.has('pageParts') ? { pageParts: r.boolean('pageParts') } : {}),
});

export function readScpDescriptor(r: FieldReader): ScpDescriptor {
  const common = { family: SCP_FAMILY, url: r.string('url') } as const;
  switch (r.kind(['collection', 'sitemap', 'page-sitemap', 'page-sitemap-index'])) {
    case 'collection':
      return {
        ...common,
        kind: 'collection',
        checksum: r.string('checksum'),
        pages: r.number('pages'),
        ...(r.has('variants') ? { variants: { zstd: r.object('variants').string('zstd') } } : {}),
        ...(r.has('identity') ? { identity: readIdentity(r.object('identity')) } : {}),
        ...(r.has('variantOf') ? { variantOf: r.string('variantOf') } : {}),
      };
    case 'sitemap':
      return {
        ...common,
        kind: 'sitemap',
        ...(r.has('build') ? { build: readScpSitemapBuild(r.object('build')) } : {}),
      };
    case 'page-sitemap': {
      const part = r.object('part');
      return {
        ...common,
        kind: 'page-sitemap',
        part: { number: part.number('number'), lastmodMs: part.number('lastmodMs') },
      };
    }
    case 'page-sitemap-index':
      return { ...common, kind: 'page-sitemap-index' };
  }
}

/** SCP files as artifacts. */
export const scpArtifacts: StoredArtifactFamily<ScpDescriptor> = {
  name: SCP_FAMILY,
  read: readScpDescriptor,
  upgradeLegacy(_name: string, meta: Json): Json {
    const base = { url: meta.url };
    if (meta.scpSitemap === true)
      return { ...base, kind: 'sitemap', ...(meta.scpState ? { build: meta.scpState } : {}) };
    if (meta.xmlSitemap === true) return { ...base, kind: 'page-sitemap-index' };
    if (meta.pageSitemap !== undefined)
      return { ...base, kind: 'page-sitemap', part: meta.pageSitemap };
    const { ranges: _ranges, ...collection } = meta;
    return { ...collection, kind: 'collection' };
  },
  contentType: (descriptor: ScpDescriptor) =>
    descriptor.kind === 'collection' ? SCP_MEDIA_TYPE : 'application/xml; charset=utf-8',
};
