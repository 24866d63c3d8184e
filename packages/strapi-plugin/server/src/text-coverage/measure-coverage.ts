import { prepareDocument } from '@agent-ready/core/document';
import { normalizeText } from '@agent-ready/core/text';
import { describePlan } from '../extraction/describe-plan';
import type { TextOwner, TextSink } from '../extraction/extract-entry';
import { TEXT_DROPS, type DropReason } from '../extraction/field-vocabulary';
import type { ResolvedContentType } from '../mapping/resolve-content-types';
import type { StrapiEntry } from '../schema/strapi-schema';
import { entryBody, entryPath, optionalText, toAgentDocument } from '../mapping/to-agent-document';
import { readPublishedInBatches } from '../sync/read-published-entries';
import type { SyncContext } from '../sync/sync-context';
import { exposedLocale, mappingContextOf } from '../sync/sync-document';

/** Below this share of its text reaching agents, a type gets a warning (log, Check now, pages). */
export const COVERAGE_WARNING_BELOW = 0.8;
/** Entries read per type to measure (the first ones by row id). */
export const COVERAGE_SAMPLE = 200;

/** An attribute that gives agents nothing, why, and how many strings of the entries it held. */
export interface DroppedField {
  path: string;
  reason: DropReason;
  detail: string;
  /** Human-readable strings found there in the measured entries. */
  strings: number;
}

/** How much of one type's text reaches agents. */
export interface TypeCoverage {
  uid: string;
  displayName: string;
  /** Whether the type has pages of its own (else its entries are shown in referring pages). */
  pages: boolean;
  /** Entries measured (one per locale version); `sampled`: there are more. */
  entries: number;
  sampled: boolean;
  /** Human-readable strings the measured entries hold, and how many reach agents. */
  strings: number;
  reached: number;
  /** `reached / strings` (1 without strings). */
  ratio: number;
  /** The entries reaching the least of their text, lowest first (at most 5). */
  lowest: { documentId: string; locale: string; strings: number; reached: number; why?: string }[];
  /** Attributes left out, and why (those holding text first). */
  dropped: DroppedField[];
  /** Things worth knowing: entries not served, canonical URLs ignored, media without a URL. */
  notes: string[];
}

export interface Coverage {
  measuredAt: string;
  /** The warning threshold (`COVERAGE_WARNING_BELOW`). */
  threshold: number;
  types: TypeCoverage[];
}

interface Found {
  text: string;
  path: string;
  emitted: boolean;
  /** Left out for what the value is (a URL, a path, an e-mail address, a colour). */
  shape?: boolean;
}

const ownerKey = (owner: TextOwner) => `${owner.uid}\u0000${owner.documentId}\u0000${owner.locale}`;

/** Collects one entry's strings, its own and those of the entries folded into it. */
class EntryStrings implements TextSink {
  readonly own: Found[] = [];
  readonly folded = new Map<string, Found[]>();

  text(
    text: string,
    path: string,
    emitted: boolean,
    owner: TextOwner | undefined,
    shape?: boolean,
  ): void {
    const found = { text, path, emitted, ...(shape ? { shape } : {}) };
    if (!owner) this.own.push(found);
    else {
      const key = ownerKey(owner);
      const list = this.folded.get(key) ?? [];
      list.push(found);
      this.folded.set(key, list);
    }
  }
}

/** What agents get of one entry, or why it is not served. */
type Served = { haystack: string } | { why: string };

/**
 * What agents get of one entry, normalized (TCT's six steps) for a search of its strings: the
 * document a sync makes of it (toAgentDocument), `sink` observing the strings its walk meets.
 */
function servedText(
  context: SyncContext,
  type: ResolvedContentType,
  entry: StrapiEntry,
  sink: EntryStrings,
): Served {
  try {
    const document = toAgentDocument(entry, type, { ...mappingContextOf(context), sink });
    const rendered = prepareDocument(document, context.prepareOptions).render(
      new Date(0).toISOString(),
    );
    const body = JSON.parse(rendered.body.toString('utf8')) as {
      title: string;
      content: string;
      description?: string;
    };
    return {
      haystack: normalizeText(
        [body.title, body.description ?? '', body.content, rendered.markdown].join('\n'),
      ),
    };
  } catch (error) {
    return { why: (error as Error).message };
  }
}

/** The type's own title and description attributes' values (not the SEO component's). */
function namedStrings(type: ResolvedContentType, entry: StrapiEntry): Found[] {
  const own = (paths: string[][]) =>
    paths.filter((path) => !type.seo || path[0] !== type.seo.attribute).slice(0, 1);
  return [...own(type.titles), ...own(type.descriptions)].flatMap((path) => {
    const text = optionalText(entry, path);
    return text ? [{ text, path: path.join('.'), emitted: true }] : [];
  });
}

class TypeTally {
  strings = 0;
  reached = 0;
  entries = 0;
  sampled = false;
  readonly lowest: TypeCoverage['lowest'] = [];
  readonly droppedStrings = new Map<string, number>();
  /** Strings left out for their shape, per field path. */
  readonly shapeDropped = new Map<string, number>();
  readonly notes = new Map<string, number>();

  count(
    entry: { documentId: string; locale: string },
    strings: Found[],
    isReached: (text: string) => boolean,
    why?: string,
  ): void {
    this.entries++;
    let reached = 0;
    for (const found of strings) {
      if (isReached(found.text)) reached++;
      else if (found.shape) {
        this.shapeDropped.set(found.path, (this.shapeDropped.get(found.path) ?? 0) + 1);
      } else if (!found.emitted) {
        this.droppedStrings.set(found.path, (this.droppedStrings.get(found.path) ?? 0) + 1);
      }
    }
    this.strings += strings.length;
    this.reached += reached;
    if (reached < strings.length) {
      this.lowest.push({ ...entry, strings: strings.length, reached, ...(why ? { why } : {}) });
      this.lowest.sort((a, b) => a.reached / a.strings - b.reached / b.strings);
      this.lowest.splice(5);
    }
  }

  note(text: string): void {
    this.notes.set(text, (this.notes.get(text) ?? 0) + 1);
  }

  result(type: ResolvedContentType): TypeCoverage {
    const dropped = describePlan(type.body)
      .filter(
        (field) =>
          field.becomes === 'dropped' &&
          field.reason !== undefined &&
          (LISTED_DROPS.has(field.reason) || (this.droppedStrings.get(field.path) ?? 0) > 0),
      )
      .map((field) => ({
        path: field.path,
        reason: field.reason!,
        detail: field.detail ?? '',
        strings: this.droppedStrings.get(field.path) ?? 0,
      }))
      .sort(
        (a, b) =>
          b.strings - a.strings ||
          Number(TEXT_DROPS.has(b.reason)) - Number(TEXT_DROPS.has(a.reason)),
      );
    return {
      uid: type.uid,
      displayName: type.displayName,
      pages: type.page.kind !== 'none',
      entries: this.entries,
      sampled: this.sampled,
      strings: this.strings,
      reached: this.reached,
      ratio: this.strings === 0 ? 1 : this.reached / this.strings,
      lowest: this.lowest,
      dropped,
      notes: [
        ...[...this.notes].map(([text, count]) =>
          count > 1 ? `${text} (${count} entries)` : text,
        ),
        ...[...this.shapeDropped].map(
          ([path, count]) =>
            `${path}: ${count === 1 ? 'a value' : `${count} values`} left out as a URL, a path, an e-mail address or a colour, not text (a field of link targets can be given the role link)`,
        ),
      ],
    };
  }
}

/**
 * What the coverage lists of what a plan leaves out: text the settings turn off, and what may be
 * a wrong guess (a relation to a type not exposed, too deep, a field named like a setting).
 * Private fields, `uid`s, enumerations and the attributes used elsewhere go without saying.
 */
const LISTED_DROPS: ReadonlySet<DropReason> = new Set([
  ...TEXT_DROPS,
  'not-exposed',
  'too-deep',
  'no-display',
  'name',
]);

/** The normalized texts agents got where a folded entry was shown, per folded entry. */
type FoldedShown = Map<string, string[]>;

/** An entry measured: where it is and in which locale. */
interface SampledEntry {
  entry: StrapiEntry;
  documentId: string;
  locale: string;
}

/**
 * The first `sample` published entries of a type in an exposed locale; marks the tally
 * `sampled` when there were more.
 */
async function* sampledEntries(
  context: SyncContext,
  type: ResolvedContentType,
  sample: number,
  tally: TypeTally,
): AsyncGenerator<SampledEntry> {
  for await (const batch of readPublishedInBatches(context.documents, type, 50, {
    query: type.coverageQuery,
    limit: sample + 1,
  })) {
    for (const entry of batch) {
      const locale = exposedLocale(context, type, entry);
      if (locale === undefined) continue;
      if (tally.entries >= sample) {
        tally.sampled = true;
        return;
      }
      yield { entry, documentId: String(entry.documentId), locale };
    }
  }
}

/** Whether `text` is in one of the texts agents got, compared as TCT normalizes text. */
function reachedIn(haystacks: readonly string[]) {
  return (text: string) => {
    const needle = normalizeText(text);
    return needle !== '' && haystacks.some((haystack) => haystack.includes(needle));
  };
}

/** A type's coverage over its sampled entries, `count` counting each into the tally. */
async function measureType(
  context: SyncContext,
  type: ResolvedContentType,
  sample: number,
  count: (sampled: SampledEntry, tally: TypeTally) => void,
): Promise<TypeCoverage> {
  const tally = new TypeTally();
  for await (const sampled of sampledEntries(context, type, sample, tally)) count(sampled, tally);
  return tally.result(type);
}

/**
 * Counts an entry with a page of its own against its page (its strings as the sync's mapping
 * meets them, making the page), noting what it shows of others.
 */
function countPageEntry(
  context: SyncContext,
  type: ResolvedContentType,
  { entry, documentId, locale }: SampledEntry,
  tally: TypeTally,
  shown: FoldedShown,
): void {
  const mapping = mappingContextOf(context);
  const sink = new EntryStrings();
  const served = servedText(context, type, entry, sink);
  const haystack = 'haystack' in served ? served.haystack : '';
  const strings = [...namedStrings(type, entry), ...sink.own];
  tally.count(
    { documentId, locale },
    strings,
    reachedIn([haystack]),
    'why' in served ? served.why : undefined,
  );
  if ('why' in served) tally.note(`not served: ${served.why}`);
  else {
    for (const key of sink.folded.keys()) shown.set(key, [...(shown.get(key) ?? []), haystack]);
  }
  const canonical = type.seo?.canonical
    ? entryPath(entry, type, mapping, documentId, locale).canonical
    : 'none';
  if (canonical === 'off-origin')
    tally.note("the SEO canonical URL is not on the site's origin: the page's own URL is used");
  if (canonical === 'not-the-route')
    tally.note(
      "the SEO canonical URL is not the page's URL: the page's own URL is used (set url if the front end's routes differ)",
    );
  const media = sink.own.filter((found) => /\.(alternativeText|caption)$/.test(found.path));
  if (media.length > 0 && mapping.mediaUrl('/uploads/x') === undefined) {
    tally.note("media have no public URL: set media.baseUrl (or Strapi's server.url)");
  }
}

/**
 * Counts an entry without a page against the measured pages that showed it (its strings as the
 * sync's mapping meets them in its body).
 */
function countFoldedEntry(
  context: SyncContext,
  type: ResolvedContentType,
  { entry, documentId, locale }: SampledEntry,
  tally: TypeTally,
  shown: FoldedShown,
): void {
  const sink = new EntryStrings();
  entryBody(entry, type, { ...mappingContextOf(context), sink });
  const pages = shown.get(ownerKey({ uid: type.uid, documentId, locale })) ?? [];
  const why = pages.length === 0 ? 'not shown on any page measured' : undefined;
  tally.count(
    { documentId, locale },
    [...namedStrings(type, entry), ...sink.own],
    reachedIn(pages),
    why,
  );
  if (why) tally.note(`${why}: no page of its own, and no exposed page refers to it`);
}

/**
 * How much of each exposed type's text reaches agents, measured on its first `sample` entries
 * (per type): every human-readable string the extraction meets in an entry (its title and
 * description, its headings, paragraphs, labels, list items, alt texts and captions, and the
 * text the settings leave out, read for this count only) is looked for in what agents get, the
 * M-URL and the Markdown twin, compared as TCT normalizes text. An entry of a type without pages
 * counts as reached where a measured page that refers to it shows it. Private attributes are
 * never read, here either.
 */
export async function measureCoverage(
  context: SyncContext,
  { sample = COVERAGE_SAMPLE }: { sample?: number } = {},
): Promise<Coverage> {
  const types = [...context.types.values()];
  const shown: FoldedShown = new Map();
  const results = new Map<string, TypeCoverage>();
  // Types with pages first: their pages record where the folded types' entries are shown.
  for (const type of types.filter((t) => t.page.kind !== 'none')) {
    const count = (sampled: SampledEntry, tally: TypeTally) =>
      countPageEntry(context, type, sampled, tally, shown);
    results.set(type.uid, await measureType(context, type, sample, count));
  }
  for (const type of types.filter((t) => t.page.kind === 'none')) {
    const count = (sampled: SampledEntry, tally: TypeTally) =>
      countFoldedEntry(context, type, sampled, tally, shown);
    results.set(type.uid, await measureType(context, type, sample, count));
  }
  return {
    measuredAt: new Date().toISOString(),
    threshold: COVERAGE_WARNING_BELOW,
    types: types.map((type) => results.get(type.uid)!),
  };
}

/** One sentence per type below the threshold (log lines, Check now's warnings). */
export function coverageWarnings(coverage: Coverage): string[] {
  return coverage.types
    .filter((type) => type.strings > 0 && type.ratio < coverage.threshold)
    .map((type) => {
      const percent = Math.round(type.ratio * 100);
      const dropped = type.dropped
        .filter((field) => field.strings > 0)
        .slice(0, 3)
        .map((field) => `${field.path} (${field.detail})`);
      const lowest = type.lowest[0]?.why;
      return `${type.uid}: agents get ${percent}% of its text (${type.reached} of ${type.strings} strings in ${type.entries} entries)${
        dropped.length > 0 ? `; left out: ${dropped.join(', ')}` : ''
      }${lowest ? `; ${lowest}` : ''}`;
    });
}
