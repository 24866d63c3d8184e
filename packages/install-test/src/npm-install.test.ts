import { isTextFileBusy, withTarballs } from './npm-install';

describe('isTextFileBusy', () => {
  it('knows npm failing on an install script that ran a binary still open for writing', () => {
    const failure = new Error(
      'npm install --no-audit --no-fund exited 1 in /tmp/app:\nnpm error <ref *1> Error: ' +
        'spawnSync /tmp/app/node_modules/esbuild/bin/esbuild ETXTBSY',
    );
    expect(isTextFileBusy(failure)).toBe(true);
  });

  it('leaves every other failure to fail', () => {
    expect(isTextFileBusy(new Error('npm error code ERESOLVE'))).toBe(false);
    expect(isTextFileBusy(new Error('npm error ETXTBSYX'))).toBe(false);
    expect(isTextFileBusy('ETXTBSY')).toBe(false);
  });
});

describe('withTarballs', () => {
  it("replaces the README's package names with their tarballs, keeping the other words", () => {
    const tarballsFor = (names: string[]) =>
      names.map((name) => `/packs/${name.slice('@agent-ready/'.length)}.tgz`);
    expect(withTarballs(['install', '@agent-ready/express', 'express@5'], tarballsFor)).toEqual([
      'install',
      'express@5',
      '/packs/express.tgz',
    ]);
    expect(withTarballs(['install', 'express@5'], tarballsFor)).toEqual(['install', 'express@5']);
  });
});
