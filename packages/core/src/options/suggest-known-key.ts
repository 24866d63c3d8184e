import { distance } from 'fastest-levenshtein';

/**
 * The known key a typo most probably meant (`llmstxt` → `llmsTxt`), compared without regard to
 * case; `undefined` when none is close enough to be the intent.
 */
export function suggestKnownKey(key: string, known: readonly string[]): string | undefined {
  let closest: string | undefined;
  let closestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(key.toLowerCase(), candidate.toLowerCase());
    if (d < closestDistance) [closest, closestDistance] = [candidate, d];
  }
  return closest !== undefined && closestDistance <= Math.max(2, closest.length / 3)
    ? closest
    : undefined;
}

/**
 * What an unknown key is told: `unknown key; did you mean llmsTxt?` when a known key is close,
 * else the known keys. `wording` names what the key is not (`unknown option`, `is not a usage
 * term`).
 */
export function unknownKeyMessage(
  key: string,
  known: readonly string[],
  wording = 'unknown key',
): string {
  const suggestion = suggestKnownKey(key, known);
  return suggestion !== undefined
    ? `${wording}; did you mean ${suggestion}?`
    : `${wording} (known: ${known.join(', ')})`;
}
