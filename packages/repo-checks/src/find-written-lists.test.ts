import { findWrittenLists } from './find-written-lists';

const NAMES = ['json-sitemap', 'm-url', 'llms-txt', 'scp', 'policy'];

describe('findWrittenLists', () => {
  it('finds names listed in an array, a union or as object keys', () => {
    expect(findWrittenLists("const a = ['m-url', 'llms-txt', 'scp'];", NAMES)).toEqual([
      { line: 1, names: ['m-url', 'llms-txt', 'scp'] },
    ]);
    expect(
      findWrittenLists("type T =\n  | 'json-sitemap'\n  | 'm-url'\n  | \"policy\";", NAMES),
    ).toEqual([{ line: 2, names: ['json-sitemap', 'm-url', 'policy'] }]);
    expect(
      findWrittenLists(
        "const o = { 'm-url': 'M', 'scp': label('S'), policy: 1, 'llms-txt': 2 };",
        NAMES,
      ),
    ).toEqual([]);
    expect(
      findWrittenLists("const o = { 'm-url': true, 'scp': true, 'policy': true };", NAMES),
    ).toEqual([{ line: 1, names: ['m-url', 'scp', 'policy'] }]);
  });

  it('leaves names used one at a time, and short runs, alone', () => {
    expect(findWrittenLists("tag('m-url'); tag('scp'); tag('policy');", NAMES)).toEqual([]);
    expect(findWrittenLists("const a = ['m-url', 'other', 'scp', 'policy'];", NAMES)).toEqual([]);
    expect(
      findWrittenLists("if (x === 'scp' || x === 'policy' || x === 'm-url') {}", NAMES),
    ).toEqual([]);
  });
});
