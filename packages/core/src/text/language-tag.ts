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

// RFC 5646 §2.1, case-insensitive: the alternatives of `Language-Tag`.
const ALNUM = '[a-z0-9]';
const LANGTAG =
  '(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4}|[a-z]{5,8})' + // language, with up to 3 extlangs
  '(?:-[a-z]{4})?' + // script
  '(?:-(?:[a-z]{2}|[0-9]{3}))?' + // region
  `(?:-(?:${ALNUM}{5,8}|[0-9]${ALNUM}{3}))*` + // variants
  `(?:-[0-9a-wyz](?:-${ALNUM}{2,8})+)*` + // extensions
  `(?:-x(?:-${ALNUM}{1,8})+)?`; // private use
const PRIVATE_USE = `x(?:-${ALNUM}{1,8})+`;
const GRANDFATHERED =
  'en-gb-oed|i-ami|i-bnn|i-default|i-enochian|i-hak|i-klingon|i-lux|i-mingo|i-navajo|i-pwn|' +
  'i-tao|i-tay|i-tsu|sgn-be-fr|sgn-be-nl|sgn-ch-de|art-lojban|cel-gaulish|no-bok|no-nyn|' +
  'zh-guoyu|zh-hakka|zh-min|zh-min-nan|zh-xiang';
const WELL_FORMED = new RegExp(`^(?:${LANGTAG}|${PRIVATE_USE}|${GRANDFATHERED})$`, 'i');

/**
 * Whether a value is a well-formed BCP 47 tag (RFC 5646 §2.1: the grammar only, no registry
 * look-up), as TCT draft -03 requires of an M-URL's `language`: wider than `isLanguageTag`, which
 * is what we emit. Extended language subtags (`zh-cmn-Hans-CN`), private-use tags (`x-internal`)
 * and grandfathered ones are well-formed; `Intl` refuses them, so this is the grammar itself.
 */
export function isWellFormedLanguageTag(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_TAG_LENGTH && WELL_FORMED.test(value);
}
