/** The spec page schema's BCP 47 pattern (it also admits e.g. `en-us` through the last group). */
const SPEC_LANGUAGE_PATTERN =
  /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?(-[0-9A-Za-z]+)*$/;
const MAX_TAG_LENGTH = 255;

export function isScpLanguageTag(value: unknown): value is string {
  return (
    typeof value === 'string' && value.length <= MAX_TAG_LENGTH && SPEC_LANGUAGE_PATTERN.test(value)
  );
}

/**
 * A publisher's language tag in BCP 47 canonical case (`en-us` → `en-US`, `ZH-HANT` →
 * `zh-Hant`) through `Intl.getCanonicalLocales`, then checked against the spec pattern.
 * Returns `undefined` when it is not a tag the spec accepts.
 */
export function canonicalizeScpLanguageTag(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_TAG_LENGTH) return undefined;
  let canonical: string;
  try {
    canonical = Intl.getCanonicalLocales(value)[0] ?? value;
  } catch {
    return undefined;
  }
  return isScpLanguageTag(canonical) ? canonical : undefined;
}
