/**
 * RFC 3986 §5.2.4 remove_dot_segments, rule for rule (A–E), in one pass: the output buffer is a
 * list of moved segments, each with its leading "/" (only the first may lack one), so "remove
 * the last segment and its preceding '/'" is a pop. Linear in the path length.
 */
export function removeDotSegments(path: string): string {
  if (!path.includes('.')) return path;
  const output: string[] = [];
  const length = path.length;
  let i = 0;
  while (i < length) {
    // A. a prefix of "../" or "./" is removed.
    if (path.startsWith('../', i)) {
      i += 3;
    } else if (path.startsWith('./', i)) {
      i += 2;
    }
    // B. a prefix of "/./" or "/." (complete segment) becomes "/".
    else if (path.startsWith('/./', i)) {
      i += 2;
    } else if (i + 2 === length && path.startsWith('/.', i)) {
      output.push('/');
      i = length;
    }
    // C. a prefix of "/../" or "/.." (complete segment) becomes "/", dropping the last output segment.
    else if (path.startsWith('/../', i)) {
      i += 3;
      output.pop();
    } else if (i + 3 === length && path.startsWith('/..', i)) {
      output.pop();
      output.push('/');
      i = length;
    }
    // D. an input of exactly "." or ".." is removed.
    else if (
      (i + 1 === length && path[i] === '.') ||
      (i + 2 === length && path.startsWith('..', i))
    ) {
      i = length;
    }
    // E. the first segment (with its leading "/", if any) moves to the output.
    else {
      let end = path.indexOf('/', i + 1);
      if (end < 0) end = length;
      output.push(path.slice(i, end));
      i = end;
    }
  }
  return output.join('');
}
