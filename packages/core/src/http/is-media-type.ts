const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED_STRING =
  '"(?:[\\t \\x21\\x23-\\x5B\\x5D-\\x7E\\x80-\\xFF]|\\\\[\\t \\x21-\\x7E\\x80-\\xFF])*"';
const MEDIA_TYPE = new RegExp(
  `^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED_STRING}))*$`,
);

/**
 * Whether a value is a well-formed media type with parameters (`type/subtype; name=value`,
 * RFC 9110 §8.3.1), as TCT draft -03 requires of `content_media_type`. Stricter than RFC 9110 on
 * one point, as the draft's reference is: an empty parameter (`text/plain;`) is refused. The
 * `content-type` package core uses for negotiation accepts `text` and `text/plain;` alike.
 */
export function isMediaType(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 1024 && MEDIA_TYPE.test(value);
}
