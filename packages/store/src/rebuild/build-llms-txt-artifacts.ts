import { LLMS_TXT_FAMILY, type AgentSiteOptions } from '@agent-ready/core/serve';
import type {
  ArtifactBuildContext,
  ArtifactBuildResult,
  ArtifactBuilder,
} from './artifact-builder';
import type { ArtifactInput } from '../artifacts/artifact-input';
import { buildOrKeepFull, fullDue, installedFull } from './build-llms-full-txt';
import { buildPartedListing } from './build-llms-txt-parts';
import { buildWholeListing } from './build-llms-txt-whole';
import { needsParts } from './id-range-parts';
import { resolveLlmsTxtSettings, type LlmsTxtSettings } from './resolve-llms-txt-settings';

/**
 * `/llms.txt` (and `/llms-full.txt`), one pair per locale, from every published public row:
 * links point to the Markdown twins; llms-full.txt carries each twin's text.
 *
 * A site whose row ids all fit one part (`itemsPerPart`, 500 by default) gets one llms.txt per
 * locale, read whole at every burst (at most that many rows), and split by section when it is
 * longer than `maxCharacters`. A bigger site lists its documents in parts by row id, as the JSON
 * sitemap does with shards: a document keeps its part for life, so a burst reads and rewrites
 * only the parts holding the rows it changed, then the index at `/llms.txt` that lists the parts;
 * what a burst costs follows what changed, not the size of the site (issue 18).
 *
 * llms-full.txt is the whole site's Markdown, so it follows the snapshot rule of SCP: rebuilt
 * once `fullAfterChanges` documents changed since it, once it is older than `fullIntervalMs`
 * with changes since, and at every burst while the site has no more documents than the
 * threshold; otherwise a burst keeps it as installed and reads no Markdown at all.
 */
export function llmsTxtArtifactBuilder(options: AgentSiteOptions): ArtifactBuilder {
  const llms = resolveLlmsTxtSettings(options);
  return {
    family: LLMS_TXT_FAMILY,
    settingsKey: llms.settingsKey,
    due: (context) => llmsFullTxtDue(context, llms),
    build: (context) => buildLlmsTxtArtifacts(context, llms),
  };
}

/** Whether llms-full.txt came due although the table did not change (see llmsTxtArtifactBuilder). */
async function llmsFullTxtDue(context: ArtifactBuildContext, llms: LlmsTxtSettings) {
  if (!llms.llmsTxt || llms.llmsTxt.full === false) return false;
  const installed = await installedFull(context, llms);
  return installed !== undefined && (await fullDue(context, llms, installed.build));
}

/** The llms.txt listing, whole or in parts as the site's size asks, and llms-full.txt. */
async function buildLlmsTxtArtifacts(
  context: ArtifactBuildContext,
  llms: LlmsTxtSettings,
): Promise<ArtifactInput[] | ArtifactBuildResult> {
  if (!llms.llmsTxt) return [];
  const listing = (await needsParts(context, llms.itemsPerPart))
    ? await buildPartedListing(context, llms)
    : await buildWholeListing(context, llms);
  if (llms.llmsTxt.full === false) return { artifacts: listing.artifacts, keep: listing.keep };
  const full = await buildOrKeepFull(context, llms, listing.fullPaths);
  return {
    artifacts: [...listing.artifacts, ...full.artifacts],
    keep: [...listing.keep, ...full.keep],
  };
}
