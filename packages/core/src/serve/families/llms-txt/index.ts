import type { WebLink } from '../../../http/link-header';
import type { EndpointContext } from '../../endpoint-context';
import { answerAsStored } from '../answer-stored-artifact';
import { pathCacheTag } from '../../edge/cache-tags';
import type { EndpointFamily, FamilyContext, FamilyEndpoint } from '../endpoint-family';
import { keptUntilPurged, oneFormPolicy, REVALIDATE } from '../header-policy';
import { LLMS_TXT_FAMILY, llmsTxtArtifacts } from './llms-txt-descriptor';

/**
 * llms.txt files at any depth: a locale's sit under its path (`/de/llms.txt`), a split file's
 * sections beside it (`/llms/docs.txt`, `/de/llms/docs.txt`), and a big site's parts too
 * (`/llms-2.txt`, `/de/llms-2.txt`).
 */
const LLMS_TXT_FILE = /\/llms(?:-full|-[1-9][0-9]*)?\.txt$|\/llms\/[^/]+\.txt$/;

// Every listing that changes with the content revalidates each time.
const headers = oneFormPolicy(
  { cacheControl: REVALIDATE, vary: 'Accept-Encoding' },
  { applies: 'site' },
  keptUntilPurged(
    'llms-txt',
    'kept until purged; tag: the part (by path), purged when an install rewrites it',
    ({ path }) => [pathCacheTag(path)],
  ),
);

/** The llms.txt that covers a locale's pages (or the default one), when llms.txt is served. */
export async function coveringLlmsTxtUrl(
  context: EndpointContext,
  locale: string | undefined,
): Promise<string | undefined> {
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

/**
 * The line a Markdown twin starts with (llms.txt v2): where the site's llms.txt is ('' when
 * none, or when the notice is off).
 */
export async function llmsTxtTwinDirective(
  context: EndpointContext,
  locale: string | undefined,
): Promise<string> {
  if (context.options.llmsTxtNotice === false) return '';
  const llmsTxt = await coveringLlmsTxtUrl(context, locale || undefined);
  return llmsTxt ? twinDirective(llmsTxt) : '';
}

const twinDirective = (llmsTxt: string) =>
  `> For AI agents: this site is described in [llms.txt](${llmsTxt}); every page is also available as Markdown.\n\n`;

/** The directive as `llmsTxtTwinDirective` writes it, for any llms.txt URL. */
const TWIN_DIRECTIVE = new RegExp(
  `^${twinDirective('\u0000')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('\u0000', '[^)\\s]+')}`,
);

/**
 * A served twin's Markdown without the directive it starts with: the document's own Markdown,
 * as the store keeps it (what the MCP server's `fetch` answers; a copy of a site reads it so).
 */
export function withoutLlmsTxtTwinDirective(markdown: string): string {
  return markdown.replace(TWIN_DIRECTIVE, '');
}

/** llms.txt files (per locale, split, in parts, llms-full.txt): served as built, revalidated. */
function createLlmsTxtEndpoint(context: FamilyContext): FamilyEndpoint {
  return {
    answer: answerAsStored(context, llmsTxtArtifacts, headers, headers.forms.response),
    robotsPaths: [
      { pattern: '/llms.txt', example: '/llms.txt' },
      { pattern: '/llms-full.txt', example: '/llms-full.txt' },
    ],
    // llms.txt v2: every page links the llms.txt that covers it (its locale's, or the default).
    async pageLinks({ mPath, row }): Promise<WebLink[]> {
      if (mPath === undefined) return [];
      const locale = row?.state === 'published' ? row.locale : undefined;
      const llmsTxt = await coveringLlmsTxtUrl(context, locale);
      return llmsTxt ? [{ href: llmsTxt, rel: 'describedby', type: 'text/plain' }] : [];
    },
  };
}

export const llmsTxtFamily: EndpointFamily = {
  name: 'llms-txt',
  title: 'llms.txt',
  serving: 'stored',
  paths: [
    '`/llms.txt`',
    '`/llms-full.txt`',
    '`/llms/<section>.txt`',
    '`/llms-<n>.txt`',
    '`/<locale>/llms.txt`…',
  ],
  contentType: '`text/plain; charset=utf-8`',
  claims: (path) => LLMS_TXT_FILE.test(path),
  route: { by: 'artifact' },
  metricsKind: 'llms-txt',
  enabledBy: { option: 'llmsTxt', default: 'on' },
  robotsListing: 'when-built',
  headers,
  artifacts: llmsTxtArtifacts,
  listing: {
    label: 'llms.txt',
    // The default locale's (the shortest path), once built.
    async start(site) {
      const built = (await site.listArtifacts(LLMS_TXT_FAMILY))
        .map((artifact) => artifact.name)
        .filter((name) => name.endsWith('/llms.txt'))
        .sort((a, b) => a.length - b.length || (a < b ? -1 : 1))[0];
      return built
        ? { path: built }
        : { path: '/llms.txt', reason: 'not-built', note: 'Not built yet.' };
    },
  },
  create: createLlmsTxtEndpoint,
};
