import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScpError } from './scp-errors';
import { createScpCompressor, hasNodeZstd, hasZstd, requireZstdNapi } from './scp-compression';

/**
 * A require that looks only in an empty app's node_modules: what a publisher without the
 * optional zstd-napi has (jest's resolver, like pnpm's NODE_PATH, would find the workspace's
 * copy). The install test runs the same case in an app installed from the packed tarballs.
 */
function requireFromAppWithout(): NodeJS.Require {
  const app = mkdtempSync(join(tmpdir(), 'no-zstd-'));
  const requireInApp = createRequire(join(app, 'index.js'));
  return ((id: string) => requireInApp(join(app, 'node_modules', id))) as NodeJS.Require;
}

describe('zstd, optional', () => {
  it('is there with Node’s own zstd or the zstd-napi package installed', async () => {
    expect(hasZstd()).toBe(true);
    const compressor = await createScpCompressor('zstd');
    expect(compressor).toBeDefined();
    compressor!.destroy();
  });

  it('is not, on Node before 22.15 without zstd-napi: hasZstd says so, loading it says what to install', () => {
    const requireFrom = requireFromAppWithout();
    expect(hasZstd(requireFrom)).toBe(hasNodeZstd());
    let thrown: unknown;
    try {
      requireZstdNapi('zstd-napi', requireFrom);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ScpError);
    expect(thrown).toMatchObject({ code: 'scp.zstd_unavailable' });
    expect((thrown as Error).message).toContain('npm install zstd-napi');
  });
});
