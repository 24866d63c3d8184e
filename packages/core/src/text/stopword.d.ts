// The few exports of `stopword` (3.x, no types of its own) that search-keywords.ts reads.
declare module 'stopword' {
  /** Each language's stop words, by ISO 639-3 code (`eng`, `deu`…), lowercase. */
  const lists: Record<string, readonly string[] | undefined>;
  export = lists;
}
