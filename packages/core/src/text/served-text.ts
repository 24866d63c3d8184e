/**
 * One rule for every character agent-ready serves as text or Markdown, whether it came from an
 * editor's entry or from the site's settings: nothing that renders invisibly or rewrites what
 * surrounds it. Agents and the people reading what they quote get the text an editor saw.
 *
 * - C0 controls (but tab and line ends), DEL and C1 controls: a NUL or an ESC in llms.txt is
 *   never meant, and terminals and parsers act on them.
 * - Bidirectional embeddings, overrides (U+202A-U+202E) and isolates (U+2066-U+2069): they
 *   reorder how the text around them is displayed ("Trojan Source"), so a listing can show
 *   something other than what it says. The implicit marks (LRM, RLM, ALM) stay: real
 *   right-to-left text needs them and they reorder nothing beyond themselves.
 * - Unpaired surrogates: not Unicode text at all (UTF-8 cannot encode them).
 *
 * Line ends are served as LF: CRLF and a lone CR become LF.
 */

/**
 * Characters never served as text, but form feed and CR: whether those become a space (in a
 * paragraph) or go (elsewhere) depends on where the text is.
 */
export const UNSERVABLE_CHARACTERS =
  /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Anything the rules look for (a fast test before any rewriting). */
const SUSPECT = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/;

/** U+FFFD for each unpaired surrogate (what a UTF-8 encoder writes for one anyway). */
export function replaceLoneSurrogates(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * `text` as it may be served: line ends as LF, form feed and the characters above removed,
 * U+FFFD for an unpaired surrogate.
 */
export function sanitizeServedText(text: string): string {
  if (!SUSPECT.test(text)) return text;
  return replaceLoneSurrogates(
    text.replace(/\r\n?/g, '\n').replace(/\f/g, '').replace(UNSERVABLE_CHARACTERS, ''),
  );
}

const hex = (codeUnit: number) => `U+${codeUnit.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Why `text` cannot be taken as it is (a setting must be saved as it will be served), naming the
 * first offending character; undefined when it is fine. Tab, LF and CR are fine: CR is a line end.
 */
export function unservableTextProblem(text: string): string | undefined {
  if (!SUSPECT.test(text)) return undefined;
  const surrogate = new RegExp(LONE_SURROGATE.source).exec(text);
  if (surrogate) return `has an unpaired surrogate (${hex(surrogate[0].charCodeAt(0))}): not text`;
  const unservable = new RegExp(`${UNSERVABLE_CHARACTERS.source}|\f`).exec(text);
  if (!unservable) return undefined;
  const code = unservable[0].charCodeAt(0);
  return code >= 0x202a
    ? `has a bidirectional control character (${hex(code)}), which reorders how text is shown`
    : `has a control character (${hex(code)})`;
}
