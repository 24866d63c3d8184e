import {
  LLMINDEX_KEYS_PATH,
  LLMINDEX_MANIFEST_PATH,
  LLMINDEX_PROOF_PATH,
} from '../../../llmindex/llmindex-types';
import { answerAsStored } from '../answer-stored-artifact';
import { pathCacheTag } from '../../edge/cache-tags';
import type { EndpointFamily, FamilyContext, FamilyEndpoint } from '../endpoint-family';
import { keptUntilPurged, oneFormPolicy } from '../header-policy';
import { llmindexArtifacts } from './llmindex-descriptor';

const WELL_KNOWN = new Set([LLMINDEX_MANIFEST_PATH, LLMINDEX_KEYS_PATH, LLMINDEX_PROOF_PATH]);
/** llmindex's Markdown pages and product feed. */
const LLMINDEX_PAGES = '/llm/';

// llmindex §2: manifests may be cached an hour, then revalidated; its pages follow them.
const headers = oneFormPolicy(
  { cacheControl: 'public, max-age=3600, must-revalidate', vary: 'Accept-Encoding' },
  { applies: 'site' },
  keptUntilPurged(
    'llmindex',
    'kept until purged; tag: its path, purged when an install rewrites it',
    ({ path }) => [pathCacheTag(path)],
  ),
);

/** llmindex: the manifest, its keys and proof, the `/llm/*` pages and the products feed. */
function createLlmindexEndpoint(context: FamilyContext): FamilyEndpoint {
  return {
    answer: answerAsStored(context, llmindexArtifacts, headers, headers.forms.response),
    robotsPaths: [
      { pattern: '/.well-known/llmindex', example: '/.well-known/llmindex.json' },
      { pattern: '/llm/', example: '/llm/products' },
    ],
  };
}

export const llmindexFamily: EndpointFamily = {
  name: 'llmindex',
  title: 'llmindex',
  serving: 'stored',
  paths: [
    '`/.well-known/llmindex.json`',
    '`/.well-known/llmindex-keys.json`',
    '`/.well-known/llmindex-proof.txt`',
    '`/llm/<page>`',
  ],
  contentType:
    'by file: `application/json; charset=utf-8`, `text/plain; charset=utf-8` (proof), `text/markdown; charset=utf-8` (pages), `application/x-ndjson; charset=utf-8` (feed)',
  claims: (path) => WELL_KNOWN.has(path) || path.startsWith(LLMINDEX_PAGES),
  route: { by: 'artifact' },
  metricsKind: 'llmindex',
  enabledBy: { option: 'llmindex', default: 'off' },
  robotsListing: 'when-built',
  headers,
  artifacts: llmindexArtifacts,
  listing: {
    label: 'llmindex manifest',
    start: async () => ({ path: LLMINDEX_MANIFEST_PATH }),
  },
  create: createLlmindexEndpoint,
};
