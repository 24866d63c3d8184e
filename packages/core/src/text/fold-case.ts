import { CASE_FOLDING_EXPANSIONS, CASE_FOLDING_RUNS } from './case-folding.generated';

export { CASE_FOLDING_UNICODE_VERSION } from './case-folding.generated';

// Two-stage lookup table built once from the generated data. A code point's block (cp >> 7)
// selects a 128-entry row of ENTRIES; blocks without mappings share the all-zero row 0, so the
// table is a few dozen rows (~20 KB) and a lookup is two typed-array reads, with no hashing and
// no allocation. An entry is 0 (folds to itself), a BMP code unit (one-to-one mapping within the
// BMP), or EXPANSION | index into EXPANSIONS (several code units: status F, or astral targets).
const BLOCK_BITS = 7;
const BLOCK_MASK = (1 << BLOCK_BITS) - 1;
const EXPANSION = 0x10000;

const EXPANSIONS: string[] = [];
const { blockIndex: BLOCK_INDEX, entries: ENTRIES } = buildTable();

function buildTable(): { blockIndex: Uint16Array; entries: Uint32Array } {
  const mappings = new Map<number, string>();
  for (let i = 0; i < CASE_FOLDING_RUNS.length; i += 4) {
    const [first = 0, count = 0, stride = 0, delta = 0] = CASE_FOLDING_RUNS.slice(i, i + 4);
    for (let k = 0; k < count; k++) {
      const cp = first + k * stride;
      mappings.set(cp, String.fromCodePoint(cp + delta));
    }
  }
  for (const [cp, folded] of CASE_FOLDING_EXPANSIONS) mappings.set(cp, folded);

  const blockIndex = new Uint16Array((Math.max(...mappings.keys()) >> BLOCK_BITS) + 1);
  let rows = 1;
  for (const cp of mappings.keys()) {
    if (blockIndex[cp >> BLOCK_BITS] === 0) blockIndex[cp >> BLOCK_BITS] = rows++;
  }
  const entries = new Uint32Array(rows << BLOCK_BITS);
  for (const [cp, folded] of mappings) {
    const slot = (blockIndex[cp >> BLOCK_BITS]! << BLOCK_BITS) | (cp & BLOCK_MASK);
    if (folded.length === 1) {
      entries[slot] = folded.charCodeAt(0);
    } else {
      entries[slot] = EXPANSION | EXPANSIONS.length;
      EXPANSIONS.push(folded);
    }
  }
  return { blockIndex, entries };
}

const ASCII_ONLY = /^[\x00-\x7F]*$/;

/**
 * Unicode full case folding (CaseFolding.txt statuses C and F; no Turkic T mappings, no simple
 * S mappings), applied per code point: `Straße` → `strasse`, `İ` → `i̇` (i + U+0307), final
 * sigma `ς` → `σ`, Cherokee small letters → their capitals. Unlike `toLowerCase()` it is
 * locale- and context-free, which is what makes it usable for caseless matching and hashing.
 * The result is not renormalized (folding `ǰ` gives `j` + U+030C). Lone surrogates and code
 * points without a mapping pass through unchanged. Never throws for any string.
 */
export function foldCase(text: string): string {
  // In ASCII, folding is exactly A-Z → a-z, which V8 does natively (and keeps one-byte).
  if (ASCII_ONLY.test(text)) return text.toLowerCase();
  return foldCodeUnits(text, false);
}

/**
 * Steps 3-6 of the text normalization in one pass: full case folding, then delete every Cc
 * except TAB/LF/CR, collapse each run of [ \t\n\r] to one space and trim spaces at both ends.
 * Fusing them is exact because folding never maps from or to a control or a space (the
 * generator checks that), so the steps commute.
 */
export function foldCaseAndCollapseSpaces(text: string): string {
  return foldCodeUnits(text, true);
}

function foldCodeUnits(text: string, collapseSpaces: boolean): string {
  const length = text.length;
  // Folding maps one code unit to at most three, but rarely expands: start with the input's
  // size and grow only when an expansion would not fit.
  let out = new Uint16Array(length + 16);
  let n = 0;
  let pendingSpace = false;
  for (let i = 0; i < length; i++) {
    const unit = text.charCodeAt(i);
    if (collapseSpaces) {
      if (unit <= 0x20 || (unit >= 0x7f && unit <= 0x9f)) {
        // Space, TAB, LF, CR start or extend a run; every other one of these is a Cc to delete.
        if (unit === 0x20 || unit === 0x09 || unit === 0x0a || unit === 0x0d) pendingSpace = true;
        continue;
      }
      if (pendingSpace) {
        if (n > 0) out[n++] = 0x20; // no space at the start: trimmed
        pendingSpace = false;
      }
    }
    if (unit < 0x80) {
      out[n++] = unit >= 0x41 && unit <= 0x5a ? unit + 0x20 : unit;
      continue;
    }
    let codePoint = unit;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff)
        codePoint = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
    }
    const block = codePoint >> BLOCK_BITS;
    const entry =
      block < BLOCK_INDEX.length
        ? ENTRIES[(BLOCK_INDEX[block]! << BLOCK_BITS) | (codePoint & BLOCK_MASK)]!
        : 0;
    if (entry === 0) {
      out[n++] = unit;
      if (codePoint > 0xffff) out[n++] = text.charCodeAt(++i);
    } else if (entry < EXPANSION) {
      out[n++] = entry;
    } else {
      const folded = EXPANSIONS[entry - EXPANSION]!;
      if (codePoint > 0xffff) i++;
      const needed = n + folded.length + (length - i);
      if (needed > out.length) {
        // Room for the rest plus an eighth of the input, so at most ~16 regrowths in all
        // (expansions add at most two units per input unit) and no doubling of huge buffers.
        const larger = new Uint16Array(needed + (length >> 3) + 16);
        larger.set(out.subarray(0, n));
        out = larger;
      }
      for (let k = 0; k < folded.length; k++) out[n++] = folded.charCodeAt(k);
    }
  }
  return Buffer.from(out.buffer, out.byteOffset, n * 2).toString('utf16le');
}
