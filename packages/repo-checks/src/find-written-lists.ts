/**
 * Lists written out by hand: runs of three or more names of one vocabulary (endpoint families,
 * purger kinds) as string literals one after another, in an array, a union type or the keys of an
 * object (`['m-url', 'llms-txt', 'scp']`, `'varnish' | 'fastly' | 'webhook'`,
 * `{ 'm-url': 1, 'scp': 2, … }`). Such a list goes stale the day a name is added; the code should
 * read the registry that owns the names instead.
 */
export interface WrittenList {
  /** 1-based line of the run's first name. */
  line: number;
  names: string[];
}

const LITERAL = /(['"])([^'"\\\n]*)\1/g;
/** What may stand between two names of a list: a separator, or an object value then a comma. */
const SEPARATOR = /^\s*(?::\s*[^,;{}()[\]\n]*)?\s*[,|]\s*$/;

export function findWrittenLists(
  text: string,
  vocabulary: readonly string[],
  minimum = 3,
): WrittenList[] {
  const known = new Set(vocabulary);
  const lists: WrittenList[] = [];
  let run: { start: number; end: number; names: string[] } | undefined;
  const close = () => {
    if (run && run.names.length >= minimum)
      lists.push({
        line: text.slice(0, run.start).split('\n').length,
        names: run.names,
      });
    run = undefined;
  };
  for (const match of text.matchAll(LITERAL)) {
    const name = match[2]!;
    const start = match.index!;
    if (!known.has(name)) {
      close();
      continue;
    }
    if (run && SEPARATOR.test(text.slice(run.end, start))) {
      run.names.push(name);
      run.end = start + match[0].length;
    } else {
      close();
      run = { start, end: start + match[0].length, names: [name] };
    }
  }
  close();
  return lists;
}
