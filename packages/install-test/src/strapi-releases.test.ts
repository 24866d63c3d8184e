import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { strapiReleases } from './strapi-releases';

const repo = resolve(__dirname, '..', '..', '..');

function repoWithPlugin(manifest: unknown): string {
  const root = mkdtempSync(join(tmpdir(), 'repo-'));
  mkdirSync(join(root, 'packages', 'strapi-plugin'), { recursive: true });
  writeFileSync(join(root, 'packages', 'strapi-plugin', 'package.json'), JSON.stringify(manifest));
  return root;
}

describe('strapiReleases', () => {
  it("reads the oldest claimed release and the workspace's from the plugin's package.json", () => {
    const root = repoWithPlugin({
      peerDependencies: { '@strapi/strapi': '^5.40.0' },
      devDependencies: { '@strapi/strapi': '5.54.0' },
    });
    expect(strapiReleases(root)).toEqual({ oldest: '5.40.0', newest: '5.54.0' });
  });

  it.each([
    [{ '@strapi/strapi': '>=5.40.0' }, { '@strapi/strapi': '5.54.0' }, /not \^X\.Y\.Z/],
    [{}, { '@strapi/strapi': '5.54.0' }, /not \^X\.Y\.Z/],
    [{ '@strapi/strapi': '^5.40.0' }, { '@strapi/strapi': '^5.54.0' }, /not pinned/],
  ])('refuses a range it cannot read (%p, %p)', (peers, dev, message) => {
    const root = repoWithPlugin({ peerDependencies: peers, devDependencies: dev });
    expect(() => strapiReleases(root)).toThrow(message);
  });

  it("is what the plugin's README tells users", () => {
    const { oldest, newest } = strapiReleases(repo);
    const readme = readFileSync(
      join(repo, 'packages', 'strapi-plugin', 'README.md'),
      'utf8',
    ).replace(/\s+/g, ' ');
    const minor = oldest.split('.').slice(0, 2).join('.');
    expect(readme).toContain(`Strapi ${minor} or later`);
    expect(readme).toContain(`Strapi ${oldest}`);
    expect(readme).toContain(`(${newest})`);
  });
});
