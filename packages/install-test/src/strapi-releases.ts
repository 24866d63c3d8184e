import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface PluginManifest {
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/**
 * The Strapi releases the install test covers, read from the plugin's package.json (nowhere else
 * names them): `oldest`, the lowest release its `@strapi/strapi` peer range claims (a full app
 * runs on it), and `newest`, the release the workspace pins (the plugin's own suites run on it;
 * the install test resolves a fresh app of it with the plugin).
 */
export function strapiReleases(repo: string): { oldest: string; newest: string } {
  const file = join(repo, 'packages', 'strapi-plugin', 'package.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as PluginManifest;
  const range = manifest.peerDependencies?.['@strapi/strapi'] ?? '';
  const pinned = manifest.devDependencies?.['@strapi/strapi'] ?? '';
  // A caret range: its lowest release is the one written. Another form would need another rule.
  const oldest = /^\^(\d+\.\d+\.\d+)$/.exec(range)?.[1];
  if (!oldest)
    throw new Error(
      `${file}: the @strapi/strapi peer range is not ^X.Y.Z (${JSON.stringify(range)})`,
    );
  if (!/^\d+\.\d+\.\d+$/.test(pinned))
    throw new Error(
      `${file}: @strapi/strapi is not pinned to one release (${JSON.stringify(pinned)})`,
    );
  return { oldest, newest: pinned };
}
