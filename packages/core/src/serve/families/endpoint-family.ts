import type { WebLink } from '../../http/link-header';
import type { EndpointKind } from '../../metrics/metrics-recorder';
import type { StoredArtifactView, StoredDocumentView } from '../agent-content-source';
import type { AgentOutcome, AgentRequest } from '../agent-outcome';
import type { AgentSiteOptions } from '../agent-site-options';
import type { EndpointContext } from '../endpoint-context';
import type { HeaderPolicy } from './header-policy';
import type { StoredArtifactFamily } from './stored-artifact-family';

export type { ArtifactDescriptorBase, StoredArtifactFamily } from './stored-artifact-family';

/**
 * An endpoint family: one kind of thing agent-ready serves (M-URLs, llms.txt, the change feed…),
 * declared as one unit in `serve/families/<name>/index.ts` and listed in `registry.ts`. The
 * router, `isAgentPath`, the artifact descriptors, robots.txt, page decoration, the metrics, the
 * Strapi admin's endpoint list and docs/endpoint-families.md all read the family from there.
 */
export interface EndpointFamily<Endpoint extends FamilyEndpoint = FamilyEndpoint> {
  /** The folder under `serve/families/`; a row of the docs table. */
  readonly name: string;
  /** What the docs table and the admin call it. */
  readonly title: string;
  /**
   * `stored`: the store builds its bytes into artifact rows (each with a typed descriptor) and
   * the family serves them as stored; `live`: the family answers from the rows or the site's
   * settings at request time (see docs/ARCHITECTURE.md: when a family is stored, when live).
   */
  readonly serving: 'stored' | 'live';
  /** The paths it answers, as the docs table shows them. */
  readonly paths: readonly string[];
  /** Its Content-Type(s), as the docs table shows them. */
  readonly contentType: string;
  /**
   * Whether a request path (in normal form, no query) is this family's, for `isAgentPath`: also
   * when the site leaves the family off (the CMS then answers 404, as a front-end would).
   */
  claims(path: string, options: AgentPathOptions): boolean;
  /** Which requests it gets from the router, tried in this order: suffix, path, artifact, fallback. */
  readonly route: FamilyRoute;
  /** What the serving metrics count its responses as. */
  readonly metricsKind: EndpointKind;
  /** Whether a site serves it: always, or by a site option and its default. */
  readonly enabledBy: FamilySwitch;
  /**
   * When robots.txt must keep its paths open (`robotsPaths`): while it is served, or (a stored
   * family) once its artifacts are built.
   */
  readonly robotsListing: 'when-served' | 'when-built';
  /** Cache-Control, Vary, Content-Usage and what shared caches are told, by response form. */
  readonly headers: HeaderPolicy;
  /** A stored family's artifacts: the descriptor it reads and the Content-Type it serves. */
  readonly artifacts?: StoredArtifactFamily;
  /**
   * Where an editor opens it from an admin page (the Strapi plugin's overview lists every family
   * that has one, in registry order); absent: not listed.
   */
  readonly listing?: FamilyListing;
  /** Its endpoint on one site; `undefined` when the site does not serve it. */
  create(context: FamilyContext): Endpoint | undefined;
}

/** How an admin page lists a family: its name in English, and where agents start reading it. */
export interface FamilyListing {
  /** The admin pages translate it (a message per family name, held by their test). */
  readonly label: string;
  start(site: ListingSite): Promise<FamilyStart>;
}

/** What a family's start is found from: the site's options and what its table holds. */
export interface ListingSite {
  readonly options: AgentPathOptions;
  /** The M-URL path of a published document (the first of the table), if any. */
  exampleMPath(): Promise<string | undefined>;
  /** The names of the stored artifacts of a family. */
  listArtifacts(family: string): Promise<readonly { name: string }[]>;
}

/**
 * Where agents start reading a family on a site (a path on the public origin), or why there is
 * none yet: nothing published (`no-document`), or not built yet (`not-built`, with the path it
 * will have).
 */
export type FamilyStart =
  | { path: string; reason?: 'not-built'; note?: string }
  | { reason: 'no-document' | 'not-built'; note: string };

/** What the docs table says of a family whose Content-Type is the TCT profile's. */
export const TCT_PROFILE_CONTENT_TYPE =
  "the TCT profile's (`application/json; charset=utf-8`; -03 without charset)";

/** The site options that change where agent endpoints are (see `isAgentPath`). */
export type AgentPathOptions = Pick<AgentSiteOptions, 'mUrl' | 'scp' | 'robotsTxt'>;

/**
 * How the router finds a family's requests: by the M-URL suffix (first: the hot path), at a
 * path of its own, as a stored artifact of its family (looked up by name), or as what no other
 * family claimed (Markdown twins).
 */
export type FamilyRoute =
  { by: 'suffix' } | { by: 'path' } | { by: 'artifact' } | { by: 'fallback' };

/** Always served (`option`: the site option that shapes it, if any), or by a site option. */
export type FamilySwitch =
  { always: true; option?: string } | { always?: false; option: string; default: 'on' | 'off' };

/** A page agent-ready decorates: its path, and the document whose page it is, if any. */
export interface PageView {
  path: string;
  isRoot: boolean;
  /** The M-URL path the page would have; undefined when it cannot have one (no document links). */
  mPath: string | undefined;
  row: StoredDocumentView | undefined;
}

/** A robots.txt pattern of an agent endpoint, and a path that stands for it. */
export interface AgentPathPattern {
  pattern: string;
  example: string;
}

/** A family's endpoint on one site. */
export interface FamilyEndpoint {
  /** Where it answers, for a family routed `by: 'path'`. */
  readonly path?: string;
  /** For a family routed `by: 'suffix'`: whether a path (in normal form) is its. */
  owns?(path: string): boolean;
  /**
   * The answer to a request the router sent here: at `path` (in normal form), with the stored
   * `artifact` for a family routed `by: 'artifact'`. A pass leaves it to the app.
   */
  answer(
    request: AgentRequest,
    at: { path: string; artifact?: StoredArtifactView },
  ): Promise<AgentOutcome> | AgentOutcome;
  /** Its paths as robots.txt patterns (see `robotsListing`). */
  readonly robotsPaths: readonly AgentPathPattern[];
  /** The links an HTML page gets from this family. */
  pageLinks?(page: PageView): Promise<WebLink[]>;
  /** sitemaps.org XML sitemaps that robots.txt's `Sitemap:` lines may name. */
  xmlSitemapUrls?(): Promise<string[]>;
}

/** A family and its endpoint on one site. */
export interface ServedFamily {
  family: EndpointFamily;
  endpoint: FamilyEndpoint;
}

/** What a family's endpoint is made with: the site's context and its sibling families. */
export interface FamilyContext extends EndpointContext {
  /** Every family this site serves, in registry order (robots.txt reads them all). */
  served(): readonly ServedFamily[];
}
