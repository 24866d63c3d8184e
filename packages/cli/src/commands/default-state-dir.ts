import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where `agent-ready mcp <origin>` keeps a site's copy when `--state` is not given: a folder per
 * origin under the user's cache directory (the XDG base directory on Linux and the BSDs,
 * `~/Library/Caches` on macOS, `%LOCALAPPDATA%` on Windows), so that a client config needs only
 * the origin and a second start syncs only what changed.
 */
export function defaultStateDir(
  origin: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  return join(userCacheDir(env, platform, home), 'agent-ready', 'sites', folderOf(origin));
}

function userCacheDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home: string): string {
  // An XDG_CACHE_HOME that is not absolute is invalid and ignored (XDG Base Directory spec).
  if (env.XDG_CACHE_HOME?.startsWith('/')) return env.XDG_CACHE_HOME;
  if (platform === 'darwin') return join(home, 'Library', 'Caches');
  if (platform === 'win32') return env.LOCALAPPDATA || join(home, 'AppData', 'Local');
  return join(home, '.cache');
}

/** `https://Example.com:8443/` → `https-example.com-8443`: one folder name per origin. */
function folderOf(origin: string): string {
  let name: string;
  try {
    const url = new URL(origin);
    name = [url.protocol.replace(/:$/, ''), url.hostname, url.port].filter(Boolean).join('-');
  } catch {
    name = origin;
  }
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9.-]+/g, '_')
      .slice(0, 200) || 'site'
  );
}
