import canonicalize from 'canonicalize';
import { AgentReadyError } from '../errors';

/** A value RFC 8785 can canonicalize: the I-JSON data model, nothing else. */
export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export class CanonicalJsonError extends AgentReadyError {}

const RFC = 'RFC 8785 §3.2 (I-JSON, RFC 7493)';
/** Deeper than this is almost certainly hostile input; it would also overflow the stack. */
const MAX_DEPTH = 512;

function fail(message: string, field: string, value: unknown): never {
  throw new CanonicalJsonError('json.not_canonicalizable', message, { field, value, rule: RFC });
}

function checkString(text: string, field: string): void {
  // Well-formed means every surrogate is paired (ES2024; several times faster than a regex).
  if (!text.isWellFormed()) fail('string contains an unpaired surrogate', field, text);
}

/**
 * Walk the value once and reject anything JSON cannot carry, before `canonicalize` sees it:
 * NaN/±Infinity, bigint, functions, symbols, `undefined` outside an object member, cycles,
 * class instances (Date, Map, Buffer…) and unpaired surrogates. Object members whose value is
 * `undefined` are treated as absent, as JSON.stringify does, so optional fields can be spread.
 */
function assertJsonValue(
  value: unknown,
  field: string,
  depth: number,
  ancestors: Set<object>,
): void {
  switch (typeof value) {
    case 'string':
      checkString(value, field);
      return;
    case 'boolean':
      return;
    case 'number':
      if (!Number.isFinite(value)) fail(`${String(value)} is not allowed in JSON`, field, value);
      return;
    case 'object':
      break;
    default:
      fail(`a ${typeof value} cannot be represented in JSON`, field, String(value));
  }
  if (value === null) return;
  if (depth > MAX_DEPTH) fail(`nesting deeper than ${MAX_DEPTH} levels`, field, '…');
  if (ancestors.has(value)) fail('circular reference', field, '[Circular]');
  ancestors.add(value);
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const itemField = `${field}[${index}]`;
      if (item === undefined) fail('undefined is not allowed in an array', itemField, item);
      assertJsonValue(item, itemField, depth + 1, ancestors);
    });
  } else {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      fail(
        `a ${proto?.constructor?.name ?? 'non-plain'} object is not plain JSON`,
        field,
        '[object]',
      );
    }
    for (const [key, member] of Object.entries(value)) {
      const memberField = field === '' ? key : `${field}.${key}`;
      checkString(key, memberField);
      if (member !== undefined) assertJsonValue(member, memberField, depth + 1, ancestors);
    }
  }
  ancestors.delete(value);
}

/**
 * RFC 8785 (JCS) canonical form of a JSON value, as a string. Throws `CanonicalJsonError`
 * (with the path of the offending member) for anything outside the I-JSON data model.
 */
export function canonicalizeJson(value: unknown): string {
  if (value === undefined) fail('undefined is not a JSON value', '', value);
  assertJsonValue(value, '', 0, new Set());
  const text = canonicalize(value);
  if (text === undefined) fail('value has no JSON form', '', value);
  return text;
}

/**
 * Canonical form of a value already known to be valid I-JSON (e.g. a validated object plus
 * members the caller built itself), skipping the validation walk on hot paths.
 */
export function canonicalizeTrustedJson(value: JsonValue): string {
  return canonicalize(value) as string;
}

/** The canonical form as UTF-8 bytes: what gets hashed and sent. */
export function canonicalJsonBytes(value: unknown): Buffer {
  return Buffer.from(canonicalizeJson(value), 'utf8');
}
