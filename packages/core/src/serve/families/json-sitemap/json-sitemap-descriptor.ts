import type { TctProfileName } from '../../../tct/tct-profile';
import type { TctProfile } from '../../../tct/tct-profile';
import type { StoredArtifactFamily } from '../stored-artifact-family';
import type { FieldReader, Json } from '../descriptor-fields';

/** The `family` of the JSON sitemap's documents (composed from the rows, served as artifacts). */
export const SITEMAP_FAMILY = 'tct-sitemap';

/** A JSON sitemap document: a shard (a fixed range of row ids) or the index of the shards. */
export type JsonSitemapDescriptor = {
  family: typeof SITEMAP_FAMILY;
  /** Where it is served (absolute). */
  url: string;
  /** The policy descriptor it links (`rel="describedby"`), from the table's sitemap settings. */
  policyUrl?: string;
  /** The TCT profile it was composed in (the writer's); absent: the site's. */
  profile?: TctProfileName;
} & ({ kind: 'shard'; shard: number; items: number } | { kind: 'index' });

export function readJsonSitemapDescriptor(r: FieldReader): JsonSitemapDescriptor {
  const common = {
    family: SITEMAP_FAMILY,
    url: r.string('url'),
    ...(r.has('policyUrl') ? { policyUrl: r.string('policyUrl') } : {}),
    ...(r.has('profile') ? { profile: r.profileName('profile') } : {}),
  } as const;
  return r.kind(['shard', 'index']) === 'index'
    ? { ...common, kind: 'index' }
    : { ...common, kind: 'shard', shard: r.number('shard'), items: r.number('items') };
}

/** The JSON sitemap's documents as artifacts: read, upgraded from old rows, typed by the profile. */
export const jsonSitemapArtifacts: StoredArtifactFamily<JsonSitemapDescriptor> = {
  name: SITEMAP_FAMILY,
  read: readJsonSitemapDescriptor,
  upgradeLegacy: (_name: string, meta: Json): Json => ({
    ...meta,
    kind: meta.index === true ? 'index' : 'shard',
  }),
  // The site's TCT profile frames the sitemap, as it does the M-URLs it lists.
  contentType: (_descriptor: JsonSitemapDescriptor, profile: TctProfile) => profile.mUrlContentType,
};
