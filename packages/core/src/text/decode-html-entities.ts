import { createRequire } from 'node:module';
import type * as HeModule from 'he';

// `he` is CommonJS, loaded with `require` rather than `import`: for an import, Node's ESM loader
// also parses the file to detect its module format and scans it for export names, which on he's
// 100 KB of entity tables cost about 20 ms of the CLI's `normalize text` start-up (measured).
const he = createRequire(import.meta.url)('he') as typeof HeModule;

// The longest span any character reference can take: `&`, an optional `#`, letters and digits,
// and a final `;` (or the `=` that stops a legacy name in attributes).
const REFERENCE_SPAN = /&#?[0-9A-Za-z]*[;=]?/g;

// Text reuses a few references over and over; remember how short spans decode. Bounded: cleared
// when full, and long spans (a `&#` with thousands of digits) are never kept.
const MAX_CACHED_SPANS = 2048;
const MAX_CACHED_SPAN_LENGTH = 48;
const decodedSpans = new Map<string, string>();

function decodeSpan(span: string): string {
  let decoded = decodedSpans.get(span);
  if (decoded === undefined) {
    decoded = he.decode(span);
    if (span.length <= MAX_CACHED_SPAN_LENGTH) {
      if (decodedSpans.size >= MAX_CACHED_SPANS) decodedSpans.clear();
      decodedSpans.set(span, decoded);
    }
  }
  return decoded;
}

/**
 * Decodes HTML character references the way a browser does in text content (WHATWG "character
 * reference state", outside attributes), with the `he` package: named references with and
 * without `;` where the standard allows it, numeric references with the windows-1252 remapping
 * of 0x80-0x9F, and U+FFFD for 0, surrogates and values above U+10FFFF. Unknown references stay
 * as written. Decodes once (`&amp;lt;` gives `&lt;`). Never throws.
 */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  // he.decode tries its ~2,200 reference names at every `&`, which dominates on text with many
  // references. Every match of its pattern lies inside one REFERENCE_SPAN and looks no further
  // (text after a span's end cannot continue a reference), so decoding span by span gives
  // exactly he.decode(text), and a repeated span is decoded only once.
  return text.replace(REFERENCE_SPAN, decodeSpan);
}
