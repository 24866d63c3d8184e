import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENDPOINT_FAMILIES } from '@agent-ready/core/serve';
import { PURGER_KINDS } from '@agent-ready/store';
import {
  NUMBER_TYPES,
  TITLE_NAMES,
} from '../../strapi-plugin/server/src/extraction/name-conventions';
import { findWrittenLists } from './find-written-lists';
import { productFiles, productSourceRoots, REPO_ROOT } from './product-sources';

// Every list of endpoint families and purger kinds has one owner (core's family registry, the
// store's PURGER_KINDS): the admin's endpoint list, option unions, error messages and docs read
// it. So do the Strapi plugin's name conventions (extraction/name-conventions: the number types,
// the title-like attribute names), which every guess made from a schema reads. A run of their names written out anywhere else in product code fails here, naming the file
// and line, before it goes stale (docs/ARCHITECTURE.md: the checklists for a new family, a new
// purger).

const VOCABULARIES = [
  {
    what: 'endpoint family names',
    names: ENDPOINT_FAMILIES.map((family) => family.name),
    // Each family's folder names its own; the registry lists them. The metrics' kinds
    // (ENDPOINT_KINDS) are a vocabulary of their own that shares some names (no family is `page`,
    // the feed counts as `sitemap`); registry.test holds every family's metricsKind to them.
    owner: /^packages\/core\/src\/(serve\/families\/|metrics\/metrics-recorder\.ts$)/,
  },
  {
    what: 'purger kinds',
    names: PURGER_KINDS.map((kind) => kind.type),
    owner: /^packages\/store\/src\/edge\/(purger-kinds|[a-z]+-purger)\.ts$/,
  },
  {
    what: 'Strapi number types',
    names: [...NUMBER_TYPES],
    owner: /^packages\/strapi-plugin\/server\/src\/extraction\/name-conventions\.ts$/,
  },
  {
    what: 'title-like attribute names',
    names: [...TITLE_NAMES],
    owner: /^packages\/strapi-plugin\/server\/src\/extraction\/name-conventions\.ts$/,
  },
];

describe('lists with one owner', () => {
  const files = productSourceRoots().flatMap(productFiles);

  it('reads every product file', () => {
    expect(files).toContain('packages/strapi-plugin/admin/src/components/EndpointList.tsx');
    expect(files.length).toBeGreaterThan(300);
  });

  it.each(VOCABULARIES.map((vocabulary) => [vocabulary.what, vocabulary] as const))(
    'no product file outside their owner writes out a list of %s',
    (_what, vocabulary) => {
      expect(vocabulary.names.length).toBeGreaterThanOrEqual(4);
      const written = files
        .filter((file) => !vocabulary.owner.test(file))
        .flatMap((file) =>
          findWrittenLists(readFileSync(join(REPO_ROOT, file), 'utf8'), vocabulary.names).map(
            (list) => `${file}:${list.line} ${list.names.join(', ')}`,
          ),
        );
      expect(written).toEqual([]);
    },
  );
});
