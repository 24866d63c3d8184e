import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeConformance, readConformanceJson } from '@agent-ready/test-support';
import { CASE_FOLDING_UNICODE_VERSION, foldCase } from './fold-case';

// The data is Unicode 15.0 (CaseFolding-15.0.0.txt, NormalizationTest 15.0); Node and our table
// are newer. Per the conformance README a code point assigned after 15.0 may legitimately differ,
// everything assigned in 15.0 must match. A case's `unicode_age` is the newest Unicode version
// among its input's code points. A case without the tag (nfkc-normalizationtest.json takes it from
// its sibling file, same ids) comes from 15.0 data and is held to the full rule.
const DATA_UNICODE_VERSION = '15.0';

interface ConformanceCase {
  id: string;
  input: string;
  expected: string;
  unicode_age?: string;
}
interface CaseFoldCase extends ConformanceCase {
  status: 'C' | 'F';
  turkic_T_mapping_not_to_apply?: string;
  simple_S_mapping_not_to_apply?: string;
}
interface NfkcCase extends ConformanceCase {
  also_same_expected_for: string[];
}
type Mismatch = { id: string; expected: string; actual: string };

function unicodeVersionOrder(version: string): number {
  const match = /^(\d+)\.(\d+)(?:\.\d+)?$/.exec(version);
  if (!match) throw new Error(`not a Unicode version: ${version}`);
  return Number(match[1]) * 1000 + Number(match[2]);
}

/** Splits cases into those that must match and those with characters newer than the data. */
function partitionByAge<T extends ConformanceCase>(
  cases: readonly T[],
  ageOf: (c: T) => string | undefined = (c) => c.unicode_age,
): { required: T[]; newer: T[] } {
  const limit = unicodeVersionOrder(DATA_UNICODE_VERSION);
  const required: T[] = [];
  const newer: T[] = [];
  for (const c of cases) {
    const age = ageOf(c);
    (age !== undefined && unicodeVersionOrder(age) > limit ? newer : required).push(c);
  }
  return { required, newer };
}

function mismatches<T extends ConformanceCase>(
  cases: readonly T[],
  actual: (c: T) => string,
): Mismatch[] {
  return cases.flatMap((c) => {
    const got = actual(c);
    return got === c.expected ? [] : [{ id: c.id, expected: c.expected, actual: got }];
  });
}

/** Cases newer than the data are not asserted; test titles say how many were excused. */
function excusedNote(newer: readonly ConformanceCase[]): string {
  return `${newer.length} newer than Unicode ${DATA_UNICODE_VERSION} excused`;
}

describe('conformance rule: which cases may differ', () => {
  it('holds cases up to Unicode 15.0 and untagged cases to the data, excuses newer ones', () => {
    const make = (id: string, unicode_age?: string): ConformanceCase => ({
      id,
      input: '',
      expected: '',
      ...(unicode_age === undefined ? {} : { unicode_age }),
    });
    const { required, newer } = partitionByAge([
      make('a', '1.1'),
      make('b', '15.0'),
      make('c'),
      make('d', '15.1'),
      make('e', '16.0'),
      make('f', '9.0'),
    ]);
    expect(required.map((c) => c.id)).toEqual(['a', 'b', 'c', 'f']);
    expect(newer.map((c) => c.id)).toEqual(['d', 'e']);
    expect(() => partitionByAge([make('g', 'fifteen')])).toThrow(/not a Unicode version/);
  });

  it(`the folding table is for this Node's Unicode version, which NFKC (ICU) uses`, () => {
    expect(CASE_FOLDING_UNICODE_VERSION).toBe(`${process.versions.unicode}.0`);
  });
});

describeConformance('Unicode 15.0 NFKC and full case folding conformance', (dir) => {
  const folder = 'unicode-nfkc-casefold';

  describe('casefold-codepoints.json (every CaseFolding-15.0.0 C and F line)', () => {
    const cases = readConformanceJson<CaseFoldCase[]>(dir, folder, 'casefold-codepoints.json');
    const { required, newer } = partitionByAge(cases);

    it(`folds all ${required.length} code points as expected (${excusedNote(newer)})`, () => {
      expect(cases.filter((c) => c.status === 'C')).toHaveLength(1426);
      expect(cases.filter((c) => c.status === 'F')).toHaveLength(104);
      expect(mismatches(required, (c) => foldCase(c.input))).toEqual([]);
    });

    it('applies neither the Turkic (T) nor the simple (S) alternative', () => {
      const withAlternative = required.flatMap((c) => {
        const alternative = c.turkic_T_mapping_not_to_apply ?? c.simple_S_mapping_not_to_apply;
        return alternative === undefined ? [] : [{ id: c.id, input: c.input, alternative }];
      });
      expect(withAlternative).toHaveLength(2 + 28);
      const used = withAlternative.filter((c) => foldCase(c.input) === c.alternative);
      expect(used).toEqual([]);
    });

    it('changes only code points CaseFolding-15.0.0 folds with C or F, or does not list', () => {
      const statuses = new Map<number, string>();
      const caseFoldingText = readFileSync(join(dir, folder, 'CaseFolding-15.0.0.txt'), 'utf8');
      for (const line of caseFoldingText.split('\n')) {
        const [code, status] = line.split(';').map((field) => field.trim());
        if (code && status && !code.startsWith('#')) {
          const cp = parseInt(code, 16);
          statuses.set(cp, `${statuses.get(cp) ?? ''}${status}`);
        }
      }
      const wronglyChanged: string[] = [];
      const unlisted: string[] = [];
      for (let cp = 0; cp <= 0x10ffff; cp++) {
        if (cp >= 0xd800 && cp <= 0xdfff) continue;
        const ch = String.fromCodePoint(cp);
        if (foldCase(ch) === ch) continue;
        const listed = statuses.get(cp);
        if (listed === undefined) unlisted.push(cp.toString(16));
        else if (!/[CF]/.test(listed)) wronglyChanged.push(cp.toString(16));
      }
      expect(wronglyChanged).toEqual([]);
      // The C/F lines Unicode 16.0 and 17.0 added, all for new characters: Cyrillic TJE, Latin
      // letters in Latin Extended-D, Garay, Beria Erfe.
      expect(unlisted).toEqual([
        '1c89',
        ...['a7cb', 'a7cc', 'a7ce', 'a7d2', 'a7d4', 'a7da', 'a7dc'],
        ...Array.from({ length: 0x16 }, (_, k) => (0x10d50 + k).toString(16)),
        ...Array.from({ length: 0x19 }, (_, k) => (0x16ea0 + k).toString(16)),
      ]);
    });
  });

  describe('casefold-unchanged.json', () => {
    const cases = readConformanceJson<ConformanceCase[]>(dir, folder, 'casefold-unchanged.json');
    it(`leaves all ${cases.length} code points without a C/F line unchanged`, () => {
      expect(cases.length).toBe(6);
      expect(mismatches(cases, (c) => foldCase(c.input))).toEqual([]);
    });
  });

  const foldCases = readConformanceJson<ConformanceCase[]>(
    dir,
    folder,
    'nfkc-then-casefold-normalizationtest.json',
  );
  const ageById = new Map(foldCases.map((c) => [c.id, c.unicode_age]));

  describe('nfkc-normalizationtest.json (String.prototype.normalize, NFKC alone)', () => {
    const cases = readConformanceJson<NfkcCase[]>(dir, folder, 'nfkc-normalizationtest.json');
    const { required, newer } = partitionByAge(cases, (c) => c.unicode_age ?? ageById.get(c.id));

    it(`maps c1, c2, c3 and c5 to c4 in all ${required.length} cases (${excusedNote(newer)})`, () => {
      expect(cases).toHaveLength(19074);
      expect(cases.filter((c) => !ageById.has(c.id))).toEqual([]);
      expect(mismatches(required, (c) => c.input.normalize('NFKC'))).toEqual([]);
      const others = required.flatMap((c) =>
        c.also_same_expected_for.map((input, k) => ({
          ...c,
          id: `${c.id} c${[2, 3, 5][k]}`,
          input,
        })),
      );
      expect(others.length).toBeGreaterThan(2 * required.length); // 83 cases list none
      expect(mismatches(others, (c) => c.input.normalize('NFKC'))).toEqual([]);
    });
  });

  describe('nfkc-then-casefold-normalizationtest.json (fold(NFKC(x)))', () => {
    const { required, newer } = partitionByAge(foldCases);

    it(`gives the expected value in all ${required.length} cases (${excusedNote(newer)})`, () => {
      expect(foldCases).toHaveLength(19074);
      // The 82 cases with characters new in 15.0 itself are held to the data too.
      expect(required.filter((c) => c.unicode_age === '15.0')).toHaveLength(82);
      expect(mismatches(required, (c) => foldCase(c.input.normalize('NFKC')))).toEqual([]);
    });
  });

  describe('nfkc-then-casefold-strings.json (hand-picked strings, fold(NFKC(x)))', () => {
    const cases = readConformanceJson<ConformanceCase[]>(
      dir,
      folder,
      'nfkc-then-casefold-strings.json',
    );
    const { required, newer } = partitionByAge(cases);

    it(`gives the expected value for all ${required.length} strings (${excusedNote(newer)})`, () => {
      expect(cases).toHaveLength(62);
      expect(mismatches(required, (c) => foldCase(c.input.normalize('NFKC')))).toEqual([]);
    });
  });
});
