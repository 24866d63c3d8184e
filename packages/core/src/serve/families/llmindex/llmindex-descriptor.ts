import {
  LLMINDEX_KEYS_PATH,
  LLMINDEX_MANIFEST_PATH,
  LLMINDEX_PROOF_PATH,
} from '../../../llmindex/llmindex-types';
import type { StoredArtifactFamily } from '../stored-artifact-family';
import type { FieldReader, Json } from '../descriptor-fields';

/** The `family` of llmindex files. */
export const LLMINDEX_FAMILY = 'llmindex';

/** What the llmindex build remembers: enough to tell whether a burst touches it. */
export interface LlmindexBuild {
  settingsKey: string;
  /** Sections that had documents with a role: an edit there may have taken a role away. */
  roleSections: string[];
}

/** An llmindex file: the manifest, its keys, the ownership proof, a `/llm/*` page, the feed. */
export type LlmindexDescriptor = { family: typeof LLMINDEX_FAMILY } & (
  { kind: 'manifest'; build?: LlmindexBuild } | { kind: 'keys' | 'proof' | 'page' | 'feed' }
);

export function readLlmindexDescriptor(r: FieldReader): LlmindexDescriptor {
  const kind = r.kind(['manifest', 'keys', 'proof', 'page', 'feed']);
  if (kind !== 'manifest') return { family: LLMINDEX_FAMILY, kind };
  const build = r.optional('build', (reader, key) => reader.object(key));
  return {
    family: LLMINDEX_FAMILY,
    kind,
    ...(build
      ? {
          build: {
            settingsKey: build.string('settingsKey'),
            roleSections: build.strings('roleSections'),
          },
        }
      : {}),
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';
const LLMINDEX_TYPES: Record<LlmindexDescriptor['kind'], string> = {
  manifest: JSON_TYPE,
  keys: JSON_TYPE,
  proof: 'text/plain; charset=utf-8',
  page: 'text/markdown; charset=utf-8',
  feed: 'application/x-ndjson; charset=utf-8',
};

/** llmindex files as artifacts. */
export const llmindexArtifacts: StoredArtifactFamily<LlmindexDescriptor> = {
  name: LLMINDEX_FAMILY,
  read: readLlmindexDescriptor,
  upgradeLegacy(name: string, meta: Json): Json {
    if (name === LLMINDEX_MANIFEST_PATH)
      return { kind: 'manifest', ...(meta.llmindexBuild ? { build: meta.llmindexBuild } : {}) };
    if (name === LLMINDEX_KEYS_PATH) return { kind: 'keys' };
    if (name === LLMINDEX_PROOF_PATH) return { kind: 'proof' };
    return { kind: name.endsWith('.jsonl') ? 'feed' : 'page' };
  },
  contentType: (descriptor: LlmindexDescriptor) => LLMINDEX_TYPES[descriptor.kind],
};
