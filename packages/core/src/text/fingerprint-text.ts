import { sha256Hex } from '../crypto';
import { normalizeText } from './normalize-text';

/**
 * `"sha256-" + hex(SHA-256(UTF-8(normalizeText(text))))`: a content fingerprint that ignores
 * what does not change meaning (whitespace, case, entity spelling, compatibility forms).
 */
export function fingerprintText(text: string): string {
  return `sha256-${sha256Hex(normalizeText(text))}`;
}
