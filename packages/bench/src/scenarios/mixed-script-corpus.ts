/** Fragments of the corpus, with how often each is drawn: mostly prose, some of everything. */
const FRAGMENTS: Array<[weight: number, text: string]> = [
  [30, 'The quick brown fox jumps over the lazy dog. Agents fetch compact JSON instead of HTML.'],
  [12, 'Café crème brûlée &amp; naïve résumé &mdash; Straße, Ærøskøbing, İstanbul&nbsp;déjà vu.'],
  [4, 'Prix&nbsp;: 12&euro; &lt;b&gt;gras&lt;/b&gt; &#x2014; &#233;t&eacute; &quot;cité&quot;'],
  [6, 'Η γρήγορη καφέ αλεπού πηδά ΌΣΟΣ πάνω από τον σκύλο.'],
  [6, 'Съешь же ещё этих мягких французских булок, да выпей ЧАЮ.'],
  [6, '日本語のテキストと中文字符，全角ＡＢＣ１２３とｶﾀｶﾅ。'],
  [5, 'اللغة العربية جميلة ﻻ ﷺ والأرقام ١٢٣.'],
  [3, 'Reactions 😀👍🏽🇩🇪 and ﬁne ligatures ﬃ ㎏ ½ Ⅻ.'],
  [6, '  \t\n\n   '],
  [1, 'bell\u0007form\ffeed\u000Bnext\u0085line\u0000'],
];

/** The corpus's fragments in a fixed pseudo-random order: the same on every run and machine. */
function* mixedScriptFragments(): Generator<string> {
  const pool: string[] = [];
  for (const [weight, text] of FRAGMENTS) for (let k = 0; k < weight; k++) pool.push(text);
  let state = 0x9e3779b9; // xorshift32, fixed seed
  while (true) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    yield pool[(state >>> 0) % pool.length]!;
  }
}

/** A deterministic mixed-script text of at least `bytes` UTF-8 bytes, fragments space-separated. */
export function buildMixedScriptCorpus(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (const fragment of mixedScriptFragments()) {
    if (size >= bytes) break;
    parts.push(fragment, ' ');
    size += Buffer.byteLength(fragment) + 1;
  }
  return parts.join('');
}

/**
 * The same kind of text cut into documents of about `documentBytes` each (a page's text, say),
 * at least `bytes` in all: the input of a batch tool that takes one document per line.
 */
export function buildMixedScriptDocuments(bytes: number, documentBytes: number): string[] {
  const documents: string[] = [];
  let parts: string[] = [];
  let documentSize = 0;
  let size = 0;
  for (const fragment of mixedScriptFragments()) {
    if (size >= bytes) break;
    parts.push(fragment);
    documentSize += Buffer.byteLength(fragment) + 1;
    size += Buffer.byteLength(fragment) + 1;
    if (documentSize >= documentBytes) {
      documents.push(parts.join(' '));
      parts = [];
      documentSize = 0;
    }
  }
  if (parts.length > 0) documents.push(parts.join(' '));
  return documents;
}
