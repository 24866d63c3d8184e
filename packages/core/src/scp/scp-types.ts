/**
 * The SCP v0.1 data model (spec "Page Schema", "Content Block Types", "Collection Metadata").
 * Optional members are optional properties; member order on the wire is fixed by the
 * serializers (see `serialize-scp-line.ts`), not by these declarations.
 */

/** The protocol version this implementation writes and fully understands. */
export const SCP_VERSION = '0.1';
export const SCP_MEDIA_TYPE = 'application/scp';
/** XML namespace of the sitemap extension (spec Appendix A). */
export const SCP_SITEMAP_NAMESPACE = 'https://scp-protocol.org/schemas/sitemap/1.0';

export type ScpCompression = 'none' | 'gzip' | 'zstd';
export type ScpCollectionType = 'snapshot' | 'delta';

export interface ScpTextBlock {
  type: 'text';
  text: string;
}

export interface ScpHeadingBlock {
  type: 'heading';
  level: 1 | 2 | 3 | 4 | 5 | 6;
  text: string;
}

export interface ScpLinkBlock {
  type: 'link';
  url: string;
  text: string;
  rel?: string[];
}

export interface ScpImageBlock {
  type: 'image';
  url: string;
  alt: string;
}

export interface ScpListBlock {
  type: 'list';
  ordered: boolean;
  items: string[];
}

export interface ScpCodeBlock {
  type: 'code';
  language?: string;
  code: string;
}

export interface ScpTableBlock {
  type: 'table';
  rows: string[][];
}

export interface ScpQuoteBlock {
  type: 'quote';
  text: string;
  citation?: string;
}

/** One encoding of a media file (ActivityStreams `Link`). */
export interface ScpMediaLink {
  href: string;
  mediaType: string;
  /** Only video links carry `rel` in the spec's schema. */
  rel?: string;
}

/** The spec's schema makes both members optional, `type` fixed to "Image" when present. */
export interface ScpMediaIcon {
  type?: 'Image';
  url?: string;
}

export interface ScpCaption {
  language: string;
  url: string;
  label: string;
}

export interface ScpChapter {
  /** Seconds from the start, a non-negative integer. */
  time: number;
  title: string;
}

export interface ScpVideoBlock {
  type: 'video';
  name: string;
  url: string | ScpMediaLink[];
  /** ISO 8601 duration, `PT…` with at least one of H, M, S. */
  duration?: string;
  width?: number;
  height?: number;
  icon?: ScpMediaIcon;
  summary?: string;
  captions?: ScpCaption[];
  chapters?: ScpChapter[];
  transcript?: string;
}

export interface ScpAudioBlock {
  type: 'audio';
  name: string;
  url: string | Omit<ScpMediaLink, 'rel'>[];
  duration?: string;
  icon?: ScpMediaIcon;
  summary?: string;
  attributedTo?: string;
  partOf?: string;
  chapters?: ScpChapter[];
  transcript?: string;
}

export type ScpBlock =
  | ScpTextBlock
  | ScpHeadingBlock
  | ScpLinkBlock
  | ScpImageBlock
  | ScpListBlock
  | ScpCodeBlock
  | ScpTableBlock
  | ScpQuoteBlock
  | ScpVideoBlock
  | ScpAudioBlock;

export type ScpBlockType = ScpBlock['type'];

export const SCP_BLOCK_TYPES: readonly ScpBlockType[] = [
  'text',
  'heading',
  'link',
  'image',
  'list',
  'code',
  'table',
  'quote',
  'video',
  'audio',
];

/** A JSON object (Schema.org JSON-LD for the page's `schema` member). */
export type ScpJsonObject = { [key: string]: unknown };

export interface ScpPage {
  url: string;
  title: string;
  description: string;
  author?: string;
  published?: string;
  modified: string;
  language: string;
  canonical?: string;
  schema?: ScpJsonObject;
  content: ScpBlock[];
}

/** The `collection` object of line 1. */
export interface ScpCollectionMetadata {
  id: string;
  section: string;
  type: ScpCollectionType;
  generated: string;
  version: string;
  /** Required for deltas, absent from snapshots. */
  since?: string;
  /** `sha256:` + 64 hex digits (lowercase when we write it). */
  checksum?: string;
}

/** Limits of spec "Resource Exhaustion Attacks" / DECISIONS §2, in bytes (decimal units). */
export interface ScpLimits {
  /** Compressed bytes read from the source. Default 50 GB. */
  maxCompressedBytes: number;
  /** Decompressed bytes. Default 500 GB. */
  maxDecompressedBytes: number;
  /** Bytes of one line (a page object, or the metadata). Default 100 MB. */
  maxPageBytes: number;
  /** Content blocks of one page. Default 1000. */
  maxBlocksPerPage: number;
  /** Decompressed : compressed. Default 100. */
  maxRatio: number;
  /** The ratio is checked once this many bytes have been decompressed. Default 1 MiB. */
  ratioCheckAfterBytes: number;
}

export const SCP_DEFAULT_LIMITS: Readonly<ScpLimits> = Object.freeze({
  maxCompressedBytes: 50e9,
  maxDecompressedBytes: 500e9,
  maxPageBytes: 100e6,
  maxBlocksPerPage: 1000,
  maxRatio: 100,
  ratioCheckAfterBytes: 2 ** 20,
});
