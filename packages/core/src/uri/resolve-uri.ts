import type { UriComponents } from './uri-components';
import { parseUri, parseUriReference, type AbsoluteUriComponents } from './parse-uri';
import { serializeUri } from './serialize-uri';
import { removeDotSegments } from './remove-dot-segments';
import { UriError } from './uri-error';

/** RFC 3986 §5.2.3 merge. */
function mergePaths(base: AbsoluteUriComponents, referencePath: string): string {
  if (base.authority !== undefined && base.path === '') return `/${referencePath}`;
  const lastSlash = base.path.lastIndexOf('/');
  return lastSlash < 0 ? referencePath : base.path.slice(0, lastSlash + 1) + referencePath;
}

/**
 * RFC 3986 §5.2.2 "strict" transformation of a parsed reference against a parsed base URI (the
 * base's fragment is ignored, as §5.1 requires). A reference with a scheme is taken as is, even
 * when it is the base's scheme (`http:g` stays `http:g`).
 */
export function resolveUriComponents(
  base: AbsoluteUriComponents,
  reference: UriComponents,
): AbsoluteUriComponents {
  const target: AbsoluteUriComponents = { scheme: base.scheme, path: '' };
  if (reference.scheme !== undefined) {
    target.scheme = reference.scheme;
    if (reference.authority !== undefined) target.authority = reference.authority;
    target.path = removeDotSegments(reference.path);
    if (reference.query !== undefined) target.query = reference.query;
  } else if (reference.authority !== undefined) {
    target.authority = reference.authority;
    target.path = removeDotSegments(reference.path);
    if (reference.query !== undefined) target.query = reference.query;
  } else {
    if (base.authority !== undefined) target.authority = base.authority;
    if (reference.path === '') {
      target.path = base.path;
      const query = reference.query ?? base.query;
      if (query !== undefined) target.query = query;
    } else {
      target.path = removeDotSegments(
        reference.path.startsWith('/') ? reference.path : mergePaths(base, reference.path),
      );
      if (reference.query !== undefined) target.query = reference.query;
    }
  }
  if (reference.fragment !== undefined) target.fragment = reference.fragment;
  return target;
}

function parseArgument<T>(parse: () => T, which: 'base URI' | 'reference'): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof UriError)) throw error;
    throw new UriError(error.code, `${which}: ${error.message}`, {
      field: error.field,
      value: error.value,
      rule: error.rule,
    });
  }
}

/**
 * RFC 3986 §5.2 reference resolution (strict), IRIs included (RFC 3987 §6.5): the target is
 * recomposed as §5.3 says and not normalized further, so `//g` against `http://a/b` gives
 * `http://g`. Pass the result to `normalizeUri` for the emitted form. Throws `UriError` when the
 * base is not an absolute URI or either argument is malformed.
 */
export function resolveUri(base: string, reference: string): string {
  const baseComponents = parseArgument(() => parseUri(base), 'base URI');
  const referenceComponents = parseArgument(() => parseUriReference(reference), 'reference');
  return serializeUri(resolveUriComponents(baseComponents, referenceComponents));
}
