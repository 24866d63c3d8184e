import { ValidationError } from '@agent-ready/core/errors';

export type UrlPatternPart = { literal: string } | { placeholder: string };

/** A parsed C-URL pattern such as `/{locale}/blog/{slug}/`. */
export interface UrlPattern {
  source: string;
  parts: UrlPatternPart[];
  /**
   * Placeholder names in order of appearance (`slug`, `category.slug`, `documentId`, `locale`,
   * `fullPath*`: a path placeholder, its value's slashes kept).
   */
  placeholders: string[];
}

/** The deepest relation or component chain a placeholder may follow (`a.b.c.slug`). */
export const MAX_PLACEHOLDER_DEPTH = 4;
const NAME = '[A-Za-z_][A-Za-z0-9_-]*';
const PLACEHOLDER = new RegExp(`^${NAME}(?:\\.${NAME}){0,${MAX_PLACEHOLDER_DEPTH - 1}}\\*?$`);

/** `fullPath*` is a path placeholder: its value is a path whose slashes are kept. */
export function isPathPlaceholder(placeholder: string): boolean {
  return placeholder.endsWith('*');
}

/** The attribute path a placeholder reads (`category.slug`, `fullPath`). */
export function placeholderAttribute(placeholder: string): string {
  return placeholder.replace(/\*$/, '');
}
const LITERAL = /^[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/;

/**
 * Parses a pattern: a path starting with `/`, literal path characters and `{name}` placeholders
 * (no query, no fragment). Throws ValidationError naming `field` on anything else.
 */
export function parseUrlPattern(source: string, field: string): UrlPattern {
  const fail = (message: string): never => {
    throw new ValidationError('options.url-pattern', `${field}: ${message}`, {
      field,
      value: source,
    });
  };
  if (typeof source !== 'string' || !source.startsWith('/')) fail('must start with /');
  const parts: UrlPatternPart[] = [];
  const placeholders: string[] = [];
  let rest = source;
  while (rest.length > 0) {
    const open = rest.indexOf('{');
    const literal = open === -1 ? rest : rest.slice(0, open);
    if (literal.includes('}')) fail('has a } without {');
    if (!LITERAL.test(literal)) fail(`has characters that do not belong in a path: ${literal}`);
    if (literal !== '') parts.push({ literal });
    if (open === -1) break;
    const close = rest.indexOf('}', open);
    if (close === -1) fail('has a { without }');
    const name = rest.slice(open + 1, close);
    if (!PLACEHOLDER.test(name)) fail(`{${name}} is not an attribute name`);
    const previous = parts[parts.length - 1];
    if (previous && 'placeholder' in previous) {
      fail('two placeholders must be separated by literal text');
    }
    parts.push({ placeholder: name });
    placeholders.push(name);
    rest = rest.slice(close + 1);
  }
  return { source, parts, placeholders };
}

/** A path value as path segments: each percent-encoded, empty and dot segments dropped. */
function pathSegments(text: string): string[] | undefined {
  const segments = text.split('/').filter((segment) => segment.trim() !== '');
  if (segments.some((segment) => segment === '.' || segment === '..')) return undefined;
  return segments.map((segment) => encodeURIComponent(segment.trim()));
}

/**
 * Fills a pattern in. Each value is percent-encoded as one path segment; an empty or missing
 * value gives `undefined` (the document has no URL yet, e.g. an empty slug). Dates are written
 * as their day (`2025-10-01`). A path placeholder (`{fullPath*}`) keeps its value's slashes
 * (each segment encoded); an empty path (`/`, a home page) drops the `/` before it, so
 * `/{locale}/{fullPath*}` is `/en` for it and `/{fullPath*}` is `/`.
 */
export function expandUrlPattern(
  pattern: UrlPattern,
  valueOf: (placeholder: string) => unknown,
): string | undefined {
  let path = '';
  for (const part of pattern.parts) {
    if ('literal' in part) {
      path += part.literal;
      continue;
    }
    const value = valueOf(part.placeholder);
    if (value === undefined || value === null) return undefined;
    const text = value instanceof Date ? value.toISOString().slice(0, 10) : String(value).trim();
    if (isPathPlaceholder(part.placeholder)) {
      const segments = pathSegments(text);
      if (segments === undefined) return undefined;
      if (segments.length === 0) path = path.endsWith('/') ? path.slice(0, -1) : path;
      else path += segments.join('/');
      continue;
    }
    // `.` and `..` would be removed by URL normalization (RFC 3986 §5.2.4): no usable URL.
    if (text === '' || text === '.' || text === '..') return undefined;
    path += encodeURIComponent(text);
  }
  return path === '' ? '/' : path;
}
