import { prepareDocument } from '@agent-ready/core/document';
import { normalizeText } from '@agent-ready/core/text';
import type { SchemaLookup, StrapiEntry, StrapiSchema } from '../schema/strapi-schema';
import { PlanCompiler, type PlanSite } from './compile-extraction-plan';
import { extractBody, type ExtractContext, type TextSink } from './extract-entry';
import type { FieldPlan } from './extraction-plan';
import { mediaUrlResolver } from './media-url';

// The coverage's sink observes the walk a sync runs: the body is the same with or without it,
// the single rich field's fast path included, and what it sees is what agents get.

const note: StrapiSchema = {
  info: { singularName: 'note', pluralName: 'notes' },
  attributes: {
    slug: { type: 'uid' },
    content: { type: 'blocks' },
    pull_quote: { type: 'text' },
  },
};
const lookup: SchemaLookup = { contentType: () => note, component: () => undefined };
const site: PlanSite = {
  lookup,
  components: {},
  exposure: () => ({ pages: true }),
  problem: (key, message) => {
    throw new Error(`${key}: ${message}`);
  },
};
const plan = (fields: Record<string, 'skip' | 'text'>): FieldPlan[] =>
  new PlanCompiler(site).bodyPlan({
    uid: 'api::note.note',
    schema: note,
    fields,
    used: new Set(),
    key: 'contentTypes["api::note.note"]',
  });

const entry: StrapiEntry = {
  documentId: 'n1',
  slug: 'launch',
  content: [
    { type: 'heading', level: 2, children: [{ type: 'text', text: 'Launch day' }] },
    {
      type: 'paragraph',
      children: [
        { type: 'text', text: 'We shipped ' },
        { type: 'text', text: 'on Tuesday', bold: true },
        { type: 'text', text: '.' },
      ],
    },
    {
      type: 'list',
      format: 'unordered',
      children: [
        { type: 'list-item', children: [{ type: 'text', text: 'Faster pages' }] },
        { type: 'list-item', children: [{ type: 'text', text: 'Fewer bugs' }] },
      ],
    },
  ],
  pull_quote: 'Worth the wait.',
};

interface Seen {
  text: string;
  path: string;
  emitted: boolean;
}

function observed(fields: readonly FieldPlan[]) {
  const seen: Seen[] = [];
  const sink: TextSink = { text: (text, path, emitted) => void seen.push({ text, path, emitted }) };
  const context: ExtractContext = {
    mediaUrl: mediaUrlResolver('https://cms.example.com'),
    linkUrl: () => undefined,
  };
  const without = extractBody(entry, fields, context);
  const withSink = extractBody(entry, fields, { ...context, sink });
  return { without, withSink, seen };
}

/** What agents get of a body: its M-URL's content, normalized as the coverage compares text. */
function served(body: ReturnType<typeof extractBody>): string {
  const rendered = prepareDocument(
    { id: 'n1', url: '/notes/launch/', title: 'Launch', ...(body ? { body } : {}) },
    { origin: 'https://site.example' },
  ).render('2026-01-01T00:00:00.000Z');
  return normalizeText((JSON.parse(rendered.body.toString('utf8')) as { content: string }).content);
}

describe('the coverage’s sink on the walk a sync runs', () => {
  it('leaves a single rich field handed over in its own format, and sees what agents get', () => {
    // The pull quote turned off: the blocks are all the body has.
    const { without, withSink, seen } = observed(plan({ pull_quote: 'skip' }));
    expect(without?.format).toBe('strapi-blocks');
    expect(withSink).toEqual(without);
    expect(seen).toEqual([
      { text: 'Launch day', path: 'content', emitted: true },
      { text: 'We shipped on Tuesday.', path: 'content', emitted: true },
      { text: 'Faster pages', path: 'content', emitted: true },
      { text: 'Fewer bugs', path: 'content', emitted: true },
      { text: 'Worth the wait.', path: 'pull_quote', emitted: false },
    ]);
    const content = served(withSink);
    for (const { text, emitted } of seen) {
      expect(content.includes(normalizeText(text))).toBe(emitted);
    }
  });

  it('sees the same strings when the field is walked into a content tree beside another', () => {
    const { without, withSink, seen } = observed(plan({}));
    expect(without?.format).toBe('content-tree');
    expect(withSink).toEqual(without);
    const fast = observed(plan({ pull_quote: 'skip' })).seen;
    expect(seen.filter((found) => found.path === 'content')).toEqual(
      fast.filter((found) => found.path === 'content'),
    );
    expect(seen).toContainEqual({ text: 'Worth the wait.', path: 'pull_quote', emitted: true });
  });
});
