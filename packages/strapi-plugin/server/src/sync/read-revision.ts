let last = 0;

/**
 * The revision of a read that is about to start: milliseconds since the epoch, strictly
 * increasing within the process. The engine ignores a write carrying a lower revision than the
 * stored one, so when two syncs of one document race (e.g. on two Strapi instances), the one
 * that read later wins. Not `updatedAt`: Strapi stamps it before the write commits, so when
 * saves of one document overlap, the version that ends up published can carry an older
 * `updatedAt` than the one it replaced, and would be ignored as stale.
 */
export function nextReadRevision(): number {
  last = Math.max(Date.now(), last + 1);
  return last;
}
