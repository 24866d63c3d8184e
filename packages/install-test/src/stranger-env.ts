/**
 * The environment of a stranger's shell: this process's, less what pnpm sets for the scripts it
 * runs (`NODE_PATH` into the workspace's store, which would let an app resolve packages it never
 * installed, the workspace's `node_modules/.bin` folders on `PATH`, and the `npm_*` config and
 * lifecycle variables), plus `extra`.
 */
export function strangerEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key === 'NODE_PATH' || /^npm_/i.test(key) || key === 'PNPM_SCRIPT_SRC_DIR') continue;
    env[key] = value;
  }
  env.PATH = (env.PATH ?? '')
    .split(':')
    .filter((dir) => !dir.includes('/node_modules/.bin') && !dir.includes('/node-gyp-bin'))
    .join(':');
  return { ...env, ...extra };
}
