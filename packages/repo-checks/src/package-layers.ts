/**
 * The layers of each package's product code, bottom first: a folder imports only folders of
 * layers below its own (never one beside it, never one above), and `(root)`, the files directly
 * under the source folder (the facade), sits on top. docs/ARCHITECTURE.md shows these lines as
 * `renderLayers` writes them; `cruise-imports.test.ts` holds the code to them with
 * dependency-cruiser and the document to them word for word.
 */
export const PACKAGE_LAYERS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  'packages/core/src': [
    ['crypto', 'errors', 'metrics'],
    ['json', 'text', 'time'],
    ['content', 'http'],
    ['node-http', 'uri'],
    ['llmstxt', 'options', 'scp'],
    ['llmindex', 'tct', 'usage'],
    ['document'],
    ['serve'],
    ['bot-identity'],
  ],
  'packages/store/src': [
    ['ground'],
    ['schema'],
    ['artifacts', 'edge', 'notify', 'state'],
    ['sitemap'],
    ['catalog'],
    ['search'],
    ['migrate', 'writer'],
    ['reader', 'rebuild'],
  ],
  'packages/strapi-plugin/server/src': [
    ['schema'],
    ['extraction'],
    ['config'],
    ['mapping'],
    ['sync'],
    ['http', 'settings', 'text-coverage'],
    ['runtime'],
    ['admin-api'],
    ['controllers', 'routes', 'services'],
  ],
  'packages/strapi-plugin/admin/src': [
    ['plugin'],
    ['api', 'translations'],
    ['components'],
    ['pages'],
  ],
  'packages/client/src': [['errors', 'tct'], ['http'], ['discovery'], ['validate'], ['sync']],
  'packages/mcp/src': [],
};

/** One package's layers as ARCHITECTURE prints them: `` `dir`: a, b → c → (root) ``. */
export function renderLayers(dir: string): string {
  const layers = PACKAGE_LAYERS[dir] ?? [];
  return `\`${dir}\`: ${[...layers.map((layer) => layer.join(', ')), '(root)'].join(' → ')}`;
}

/** A dependency-cruiser rule set forbidding every import that is not downward, for one package. */
export function layerRules(dir: string, prefix: string) {
  const layers = PACKAGE_LAYERS[dir] ?? [];
  const escape = (folder: string) => folder.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  // The folders of `layer` and above but `folder`, each as a path segment.
  const others = (folders: readonly string[], folder: string) =>
    folders.filter((other) => other !== folder).map((other) => `${escape(other)}/`);
  return layers.flatMap((layer, index) => {
    const notBelow = layers.slice(index).flat();
    return layer.map((folder) => ({
      name: `${folder}-imports-down`,
      comment: `${dir}/${folder} imports only folders of the layers below it`,
      severity: 'error' as const,
      from: { path: `^${prefix}${escape(folder)}/` },
      to: { path: `^${prefix}(${[...others(notBelow, folder), '[^/]+$'].join('|')})` },
    }));
  });
}
