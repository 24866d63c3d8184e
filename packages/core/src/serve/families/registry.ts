import { changeFeedFamily } from './change-feed';
import type { EndpointFamily, FamilySwitch, StoredArtifactFamily } from './endpoint-family';
import { jsonSitemapFamily } from './json-sitemap';
import { llmindexFamily } from './llmindex';
import { llmsTxtFamily } from './llms-txt';
import { markdownTwinFamily } from './markdown-twin';
import { mUrlFamily } from './m-url';
import { policyFamily } from './policy';
import { robotsTxtFamily } from './robots-txt';
import { scpFamily } from './scp';
import { statsFamily } from './stats';

/**
 * Every endpoint family, in the order pages link them and robots.txt lists them: the sitemap
 * first (where agents start), then what it lists, then the files beside it. To add a family,
 * see docs/ARCHITECTURE.md ("Extending: a stored family, a live path").
 */
export const ENDPOINT_FAMILIES: readonly EndpointFamily[] = [
  jsonSitemapFamily,
  mUrlFamily,
  markdownTwinFamily,
  llmsTxtFamily,
  scpFamily,
  llmindexFamily,
  policyFamily,
  changeFeedFamily,
  robotsTxtFamily,
  statsFamily,
];

/** The family of that name. */
export function endpointFamily(name: string): EndpointFamily | undefined {
  return ENDPOINT_FAMILIES.find((family) => family.name === name);
}

/** The stored families' artifacts, by the `family` of their rows. */
export const STORED_ARTIFACT_FAMILIES: ReadonlyMap<string, StoredArtifactFamily> = new Map(
  ENDPOINT_FAMILIES.flatMap((family) =>
    family.artifacts ? [[family.artifacts.name, family.artifacts] as const] : [],
  ),
);

/**
 * Whether options turn a family on: its option set to anything but `false`, or unset and on by
 * default. `options` is the site's (or an adapter's config holding the same keys); an option
 * under another (`metrics.stats`) is read by its dotted path.
 */
export function isFamilyOn(family: { enabledBy: FamilySwitch }, options: object): boolean {
  const { enabledBy } = family;
  if (enabledBy.always) return true;
  let value: unknown = options;
  for (const key of enabledBy.option.split('.')) {
    value =
      typeof value === 'object' && value !== null
        ? (value as Record<string, unknown>)[key]
        : undefined;
  }
  return value === undefined ? enabledBy.default === 'on' : value !== false;
}
