/**
 * The fast path of `normalizeUri`: true only for ASCII http(s) URIs that normalization would
 * return unchanged, decided with one precompiled regular expression and three cheap scans
 * instead of a parse. A fuzz test checks it against the full normalizer.
 *
 * Accepted: lowercase scheme; no userinfo; a host of lowercase unreserved and sub-delim
 * characters only (no triplets) with no `xn--` label (those need UTS #46 validation); a port
 * without leading zeros that is not the default; a non-empty path without dot-segments; every
 * triplet in uppercase hex and not encoding an unreserved character.
 */
const NORMAL_HTTP_SHAPE =
  /^https?:\/\/[a-z0-9\-._~!$&'()*+,;=]+(?::[1-9][0-9]*)?(?:\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-F]{2})*)+(?:\?(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-F]{2})*)?(?:#(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-F]{2})*)?$/;
const ENCODED_UNRESERVED = /%(?:2[DE]|3[0-9]|4[1-9A-F]|5[0-9AF]|6[1-9A-F]|7[0-9AE])/;
const DOT_SEGMENT = /\/\.\.?(?=[/?#]|$)/;
const ACE_LABEL = /^https?:\/\/(?:[^/:]*\.)?xn--/;

/** Longer URIs take the full path: the shape's quantified groups backtrack per character. */
const MAX_FAST_PATH_LENGTH = 8192;

export function isNormalHttpUri(uri: string): boolean {
  if (typeof uri !== 'string' || uri.length > MAX_FAST_PATH_LENGTH) return false;
  if (!NORMAL_HTTP_SHAPE.test(uri)) return false;
  if (uri.includes('%') && ENCODED_UNRESERVED.test(uri)) return false;
  if (ACE_LABEL.test(uri)) return false;
  const hostStart = uri.indexOf('/') + 2;
  const pathStart = uri.indexOf('/', hostStart);
  const colon = uri.indexOf(':', hostStart);
  if (colon >= 0 && colon < pathStart) {
    const port = uri.slice(colon + 1, pathStart);
    if (port === (uri.charCodeAt(4) === 0x73 /* s */ ? '443' : '80')) return false;
  }
  const queryOrFragment = uri.slice(pathStart).search(/[?#]/);
  const path =
    queryOrFragment < 0 ? uri.slice(pathStart) : uri.slice(pathStart, pathStart + queryOrFragment);
  return !DOT_SEGMENT.test(path);
}
