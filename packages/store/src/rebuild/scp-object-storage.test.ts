import { OptionsValidationError } from '@agent-ready/core/errors';
import { validateAgentSiteOptions } from '@agent-ready/core/serve';
import {
  SCP_OBJECT_STORAGE_NEEDS_SCP,
  scpCollectionHostFor,
  type ScpObjectStorageOptions,
} from './scp-object-storage';

const site = validateAgentSiteOptions({ site: { origin: 'https://example.com', name: 'Example' } });
const storage: ScpObjectStorageOptions = {
  bucket: 'collections',
  publicBaseUrl: 'https://cdn.example.com/',
  prefix: 'shop/scp/',
};

/** The problems an OptionsValidationError names, as `field: message`. */
function problemsOf(open: () => unknown): string[] {
  try {
    open();
  } catch (error) {
    expect(error).toBeInstanceOf(OptionsValidationError);
    return (error as OptionsValidationError).problems.map((p) => `${p.field}: ${p.message}`);
  }
  throw new Error('no error');
}

describe('the scpObjectStorage option of a site', () => {
  it('absent: no collection host (every collection at the origin)', () => {
    expect(scpCollectionHostFor(site, undefined)).toBeUndefined();
  });

  it('advertises `<publicBaseUrl><prefix><id>-<checksum hex>.scp.gz` (nothing is uploaded to say so)', () => {
    const host = scpCollectionHostFor(site, storage)!;
    expect(host.urlOf({ id: 'docs-snapshot', checksum: 'sha256:abc123' })).toBe(
      'https://cdn.example.com/shop/scp/docs-snapshot-abc123.scp.gz',
    );
  });

  it('is refused with scp: false, with a typed options error naming it', () => {
    expect(problemsOf(() => scpCollectionHostFor({ ...site, scp: false }, storage))).toEqual([
      `scpObjectStorage: ${SCP_OBJECT_STORAGE_NEEDS_SCP}`,
    ]);
  });

  it('a bad field is named under scpObjectStorage before anything connects', () => {
    expect(
      problemsOf(() =>
        scpCollectionHostFor(site, { ...storage, bucket: '', publicBaseUrl: 'ftp://x' }),
      ).map((problem) => problem.split(':')[0]),
    ).toEqual(['scpObjectStorage.bucket', 'scpObjectStorage.publicBaseUrl']);
  });
});
