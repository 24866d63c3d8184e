import type { StoredArtifactView } from './agent-content-source';
import type { AgentOutcome, AgentRequest } from './agent-outcome';
import { LLMS_TXT_FAMILY } from './artifact-descriptor';
import type { EndpointContext } from './endpoint-context';
import type { AgentPathPattern } from './robots-txt';
import { answerStoredArtifact, REVALIDATE_HEADERS } from './serve-stored-artifact';

export interface LlmsTxtEndpoint {
  answer(request: AgentRequest, artifact: StoredArtifactView): Promise<AgentOutcome>;
  /** The llms.txt that covers a locale's pages (or the default one), when llms.txt is served. */
  coveringUrl(locale: string | undefined): Promise<string | undefined>;
  /** The line a Markdown twin starts with: where the site's llms.txt is ('' when none or off). */
  twinDirective(locale: string | undefined): Promise<string>;
  readonly robotsPaths: readonly AgentPathPattern[];
}

/** llms.txt files (per locale, split, in parts, llms-full.txt): served as built, revalidated. */
export function createLlmsTxtEndpoint(context: EndpointContext): LlmsTxtEndpoint {
  async function coveringUrl(locale: string | undefined): Promise<string | undefined> {
    // The files an agent starts at: not a section, a part or llms-full.txt.
    const listings = (await context.source.listArtifacts(LLMS_TXT_FAMILY)).flatMap(
      ({ name, descriptor: d }) =>
        d.family === LLMS_TXT_FAMILY && d.kind === 'listing' ? [{ name, ...d }] : [],
    );
    const match =
      listings.find((listing) => locale && listing.locale === locale) ??
      listings.find((listing) => listing.name === '/llms.txt');
    return match?.url;
  }
  return {
    answer: (request, artifact) =>
      answerStoredArtifact(context, request, artifact, { headers: REVALIDATE_HEADERS }),
    coveringUrl,
    async twinDirective(locale) {
      if (context.options.llmsTxtNotice === false) return '';
      const llmsTxt = await coveringUrl(locale || undefined);
      return llmsTxt
        ? `> For AI agents: this site is described in [llms.txt](${llmsTxt}); every page is also available as Markdown.\n\n`
        : '';
    },
    robotsPaths: [
      { pattern: '/llms.txt', example: '/llms.txt' },
      { pattern: '/llms-full.txt', example: '/llms-full.txt' },
    ],
  };
}
