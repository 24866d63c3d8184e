import parseSpdxExpression from 'spdx-expression-parse';

/** Longer than any real license expression; also bounds the parser's work on hostile input. */
const MAX_LENGTH = 500;

/**
 * A valid SPDX license expression (`MIT`, `Apache-2.0 OR MIT`, `GPL-2.0-only WITH
 * Classpath-exception-2.0`, `LicenseRef-Proprietary`), checked against the SPDX license list
 * by `spdx-expression-parse`. Identifiers are case-sensitive there, as in the list.
 */
export function isSpdxExpression(text: string): boolean {
  if (text.length === 0 || text.length > MAX_LENGTH) return false;
  try {
    parseSpdxExpression(text);
    return true;
  } catch {
    // The parser reports every malformed or unknown expression by throwing a plain Error.
    return false;
  }
}
