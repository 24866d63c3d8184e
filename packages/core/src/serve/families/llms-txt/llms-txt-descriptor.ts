import type { StoredArtifactFamily } from '../stored-artifact-family';
import type { FieldReader, Json } from '../descriptor-fields';

/** The `family` of llms.txt files. */
export const LLMS_TXT_FAMILY = 'llms-txt';

/** What a big site's llms.txt part says of itself: the index that lists it, its number, size. */
export interface LlmsTxtPartOfIndex {
  /** The llms.txt (path) that lists this part. */
  index: string;
  number: number;
  pages: number;
}

/** When an llms-full.txt was built, under which settings: it is rebuilt on a schedule. */
export interface LlmsFullTxtBuild {
  settingsKey: string;
  /** The content position it was built from. */
  builtSeq: number;
  builtAtMs: number;
  pages: number;
}

/**
 * An llms.txt file. `listing`: one an agent starts at (the default locale's or a locale's),
 * whole, or the index of its sections or parts; `section`: one section of a split llms.txt;
 * `part`: one part (by row id) of a big site's llms.txt; `full`: llms-full.txt.
 */
export type LlmsTxtDescriptor = {
  family: typeof LLMS_TXT_FAMILY;
  url: string;
  /** BCP 47; null for the default locale's files. */
  locale: string | null;
} & (
  | {
      kind: 'listing';
      /** On an index of parts: the settings its parts were laid out under. */
      parts?: { settingsKey: string };
    }
  | { kind: 'section' }
  | { kind: 'part'; part: LlmsTxtPartOfIndex }
  | { kind: 'full'; build?: LlmsFullTxtBuild }
);

export function readLlmsTxtDescriptor(r: FieldReader): LlmsTxtDescriptor {
  const common = {
    family: LLMS_TXT_FAMILY,
    url: r.string('url'),
    locale: r.stringOrNull('locale'),
  } as const;
  switch (r.kind(['listing', 'section', 'part', 'full'])) {
    case 'listing':
      return {
        ...common,
        kind: 'listing',
        ...(r.has('parts')
          ? { parts: { settingsKey: r.object('parts').string('settingsKey') } }
          : {}),
      };
    case 'section':
      return { ...common, kind: 'section' };
    case 'part': {
      const part = r.object('part');
      return {
        ...common,
        kind: 'part',
        part: {
          index: part.string('index'),
          number: part.number('number'),
          pages: part.number('pages'),
        },
      };
    }
    case 'full': {
      const build = r.optional('build', (reader, key) => reader.object(key));
      return {
        ...common,
        kind: 'full',
        ...(build
          ? {
              build: {
                settingsKey: build.string('settingsKey'),
                builtSeq: build.number('builtSeq'),
                builtAtMs: build.number('builtAtMs'),
                pages: build.number('pages'),
              },
            }
          : {}),
      };
    }
  }
}

/** llms.txt files as artifacts. */
export const llmsTxtArtifacts: StoredArtifactFamily<LlmsTxtDescriptor> = {
  name: LLMS_TXT_FAMILY,
  read: readLlmsTxtDescriptor,
  upgradeLegacy(_name: string, meta: Json): Json {
    const base = { url: meta.url, locale: meta.locale ?? null };
    if (meta.full === true) {
      const fullBuild = meta.fullBuild as Json | undefined;
      return {
        ...base,
        kind: 'full',
        ...(fullBuild ? { build: { settingsKey: meta.settingsKey, ...fullBuild } } : {}),
      };
    }
    if (meta.llmsPart !== undefined) return { ...base, kind: 'part', part: meta.llmsPart };
    if (meta.part === true) return { ...base, kind: 'section' };
    return { ...base, kind: 'listing', ...(meta.llmsIndex ? { parts: meta.llmsIndex } : {}) };
  },
  contentType: () => LLMS_TXT_CONTENT_TYPE,
};

export const LLMS_TXT_CONTENT_TYPE = 'text/plain; charset=utf-8';
