import { CanonicalJsonError } from './canonicalize-json';

/** Shape limits of a JSON document, as TCT draft -03 bounds what it serves and parses. */
export interface JsonLimits {
  /** Nesting of arrays and objects; the top-level value is depth 1. */
  maxDepth: number;
  /** Values in all (every object, array, string, number, boolean and null). */
  maxNodes: number;
  /** UTF-8 bytes of one member name. */
  maxKeyBytes: number;
  /** UTF-8 bytes of one string value. */
  maxStringBytes: number;
}

function exceeded(message: string, field: string, value: unknown, rule: string): never {
  throw new CanonicalJsonError('json.limit', message, { field, value, rule });
}

/**
 * Throws `CanonicalJsonError` (code `json.limit`, with the path of the offending member) when
 * `value` goes past one of `limits`. Iterative, so a hostile depth cannot overflow the stack.
 */
export function checkJsonLimits(value: unknown, limits: JsonLimits): void {
  const stack: { value: unknown; field: string; depth: number }[] = [
    { value, field: '', depth: 1 },
  ];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: current, field, depth } = stack.pop()!;
    if (++nodes > limits.maxNodes)
      exceeded(`more than ${limits.maxNodes} JSON values`, field, nodes, 'maxNodes');
    if (typeof current === 'string') {
      // A UTF-8 byte is at most one UTF-16 unit's worth of length x3: count only when close.
      if (current.length * 3 > limits.maxStringBytes) {
        const bytes = Buffer.byteLength(current, 'utf8');
        if (bytes > limits.maxStringBytes)
          exceeded(
            `a string of ${bytes} bytes; the cap is ${limits.maxStringBytes}`,
            field,
            current,
            'maxStringBytes',
          );
      }
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth > limits.maxDepth)
      exceeded(`nesting deeper than ${limits.maxDepth} levels`, field, '…', 'maxDepth');
    if (Array.isArray(current)) {
      current.forEach((item, index) =>
        stack.push({ value: item, field: `${field}[${index}]`, depth: depth + 1 }),
      );
      continue;
    }
    for (const [key, member] of Object.entries(current)) {
      const memberField = field === '' ? key : `${field}.${key}`;
      if (key.length * 3 > limits.maxKeyBytes && Buffer.byteLength(key) > limits.maxKeyBytes)
        exceeded(
          `a member name of ${Buffer.byteLength(key)} bytes; the cap is ${limits.maxKeyBytes}`,
          memberField,
          key,
          'maxKeyBytes',
        );
      if (member !== undefined) stack.push({ value: member, field: memberField, depth: depth + 1 });
    }
  }
}
