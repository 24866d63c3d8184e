/** RFC 5646 sets no limit; this keeps a hostile value from costing anything. */
const MAX_TAG_LENGTH = 255;
/** Primary language subtags of 4-8 letters are reserved or unregistered: `English` is no tag. */
const PRIMARY_LANGUAGE = /^[a-z]{2,3}(?:-|$)/;

/**
 * A BCP 47 language tag (RFC 5646) in its canonical form (`en-us` → `en-US`, `ZH-hant-tw` →
 * `zh-Hant-TW`), or `undefined` when the value is not a well-formed tag. The one check every
 * protocol that says "BCP 47" uses (TCT, llmindex, llms.txt locales, site options); parsing is
 * `Intl.getCanonicalLocales` (Unicode BCP 47 identifiers, which cover every tag with a 2-3
 * letter language, script, region, variants and extensions: `es-419`, `sr-Latn-RS`,
 * `de-CH-1996`). Private-use-only and grandfathered tags (`x-…`, `i-klingon`) are refused.
 */
export function canonicalLanguageTag(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > MAX_TAG_LENGTH) return undefined;
  let canonical: string | undefined;
  try {
    canonical = Intl.getCanonicalLocales(value)[0];
  } catch {
    return undefined;
  }
  return canonical !== undefined && PRIMARY_LANGUAGE.test(canonical) ? canonical : undefined;
}

export function isLanguageTag(value: unknown): value is string {
  return canonicalLanguageTag(value) !== undefined;
}
