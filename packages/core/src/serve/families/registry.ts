import { ValidationError } from '../../errors';
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

/**
 * The registry's families and an extension's stored ones after them (`createAgentEndpoints`'
 * `extension.storedFamilies`): each extra family is stored (`serving: 'stored'`, routed by artifact,
 * with its `artifacts`), its name and its artifacts' family new to the registry.
 */
export function endpointFamiliesWith(
  extra: readonly EndpointFamily[] = [],
): readonly EndpointFamily[] {
  if (extra.length === 0) return ENDPOINT_FAMILIES;
  const families = [...ENDPOINT_FAMILIES];
  for (const family of extra) {
    const refuse = (message: string) => {
      throw new ValidationError('serve.stored-family', `stored family ${family.name}: ${message}`, {
        field: 'storedFamilies',
        value: family.name,
      });
    };
    if (family.serving !== 'stored' || family.route.by !== 'artifact' || !family.artifacts)
      refuse("an extension's family is stored: serving 'stored', route by artifact, artifacts");
    if (families.some((other) => other.name === family.name)) refuse('the name is taken');
    if (families.some((other) => other.artifacts?.name === family.artifacts!.name))
      refuse(`artifacts of family ${family.artifacts!.name} have a family already`);
    families.push(family);
  }
  return families;
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
