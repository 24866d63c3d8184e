import type { StoredArtifactView } from './agent-content-source';
import type { AgentOutcome, AgentRequest } from './agent-outcome';
import type { EndpointContext } from './endpoint-context';
import type { AgentPathPattern } from './robots-txt';
import { answerStoredArtifact } from './serve-stored-artifact';

/** llmindex §2: manifests may be cached an hour, then revalidated; its pages follow them. */
const LLMINDEX_HEADERS = {
  'cache-control': 'public, max-age=3600, must-revalidate',
  vary: 'Accept-Encoding',
};

export interface LlmindexEndpoint {
  answer(request: AgentRequest, artifact: StoredArtifactView): Promise<AgentOutcome>;
  readonly robotsPaths: readonly AgentPathPattern[];
}

/** llmindex: the manifest, its keys and proof, the `/llm/*` pages and the products feed. */
export function createLlmindexEndpoint(context: EndpointContext): LlmindexEndpoint {
  return {
    answer: (request, artifact) =>
      answerStoredArtifact(context, request, artifact, { headers: LLMINDEX_HEADERS }),
    robotsPaths: [
      { pattern: '/.well-known/llmindex', example: '/.well-known/llmindex.json' },
      { pattern: '/llm/', example: '/llm/products' },
    ],
  };
}
