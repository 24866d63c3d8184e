import { AgentReadyError } from '../errors';
import { decodeHtmlEntities } from './decode-html-entities';
import { foldCaseAndCollapseSpaces } from './fold-case';

/** Thrown only when a normalized text would not fit in a JavaScript string. */
export class TextNormalizationError extends AgentReadyError {}

const RULE = 'docs/protocols.md#tct-text-normalization';

/**
 * The TCT fingerprint normal form (DECISIONS §1, draft -00 §fingerprint, -01 §6.4), in order:
 * 1. decode HTML character references (WHATWG, text context);
 * 2. NFKC;
 * 3. full Unicode case folding, statuses C+F, no Turkic mappings;
 * 4. delete every Cc character except TAB, LF and CR (VT, FF and NEL are deleted, not spaced);
 * 5. replace each run of [ \t\n\r] with one space;
 * 6. trim leading and trailing spaces (only U+0020: other whitespace is content).
 *
 * Total: any string gives a result. Before step 1 each lone surrogate (a UTF-16 code unit that
 * is not half of a pair) becomes U+FFFD, exactly what UTF-8 encoding for the hash would do
 * anyway; doing it first keeps the result well-formed and stops step 4 from pairing two lone
 * halves that a deleted control had separated. The one failure is a result too long for a
 * JavaScript string (NFKC can expand a character up to 18-fold), a `TextNormalizationError`.
 *
 * Deliberately not idempotent in every case, because the steps run once, in this order (as the
 * spec and every other implementation do): `&amp;lt;` gives `&lt;`; `e` BEL U+0301 gives `e`
 * U+0301 (NFKC ran while BEL still separated them); `ẞ` U+0301 gives `ss` U+0301 (folding is not
 * renormalized). A result without `&` that is in NFKC is a fixed point.
 */
export function normalizeText(text: string): string {
  try {
    let value = text.isWellFormed() ? text : text.toWellFormed();
    value = decodeHtmlEntities(value);
    value = value.normalize('NFKC');
    return foldCaseAndCollapseSpaces(value); // steps 3-6 in one pass
  } catch (error) {
    // V8 throws RangeError for an over-long string or typed array, Node's Buffer decoding an
    // Error with code ERR_STRING_TOO_LONG; nothing else in the steps can throw.
    if (
      error instanceof RangeError ||
      (error as { code?: unknown }).code === 'ERR_STRING_TOO_LONG'
    ) {
      throw new TextNormalizationError(
        'text.too_long',
        'normalized text is longer than a string can be',
        {
          value: `${text.length} UTF-16 code units`,
          rule: RULE,
          cause: error,
        },
      );
    }
    throw error;
  }
}
