import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { prepareDocument } from '../document/prepare-document';
import type { AgentDocument } from '../document/agent-document';
import { ValidationError } from '../errors';
import { convertMUrlProfile } from './convert-m-url-profile';
import { TCT_03, TCT_1 } from './tct-profile';

const site = { origin: 'https://example.com', language: 'en' };
const MODIFIED = '2026-03-04T05:06:07.089Z';

const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 });
const documents: fc.Arbitrary<AgentDocument> = fc.record(
  {
    id: fc.constant('d'),
    url: fc.constantFrom('/', '/a/', '/blog/caf%C3%A9/', '/a%20b/'),
    title: text.filter((t) => t.trim() !== ''),
    body: fc.record({
      format: fc.constant('markdown' as const),
      value: fc.array(text, { maxLength: 4 }).map((parts) => parts.join('\n\n')),
    }),
    description: text,
    author: text,
    language: fc.constantFrom('en', 'sr-Latn-RS', 'de-CH-1901'),
    published: fc.constant('2025-01-02T03:04:05Z'),
    structuredData: fc.dictionary(text, fc.oneof(text, fc.integer(), fc.boolean()), {
      maxKeys: 3,
    }),
  },
  { requiredKeys: ['id', 'url', 'title', 'body'] },
);

describe('convertMUrlProfile', () => {
  it('gives, from the stored bytes of one profile, exactly what prepareDocument renders in the other', () => {
    fc.assert(
      fc.property(documents, (document) => {
        const tct1 = prepareDocument(document, { ...site, profile: TCT_1 }).render(MODIFIED);
        const tct03 = prepareDocument(document, { ...site, profile: TCT_03 }).render(MODIFIED);
        for (const [from, to, profile] of [
          [tct1, tct03, TCT_03],
          [tct03, tct1, TCT_1],
          [tct1, tct1, TCT_1],
        ] as const) {
          const converted = convertMUrlProfile(from.body, profile);
          expect(converted.body.toString('utf8')).toBe(to.body.toString('utf8'));
          expect([converted.hash, converted.contentDigest]).toEqual([to.hash, to.contentDigest]);
        }
      }),
      propertyRuns(150),
    );
  });

  it('refuses what is not an M-URL document of a known profile, with a typed error', () => {
    const valid = prepareDocument(
      { id: 'd', url: '/d/', title: 'D', body: { format: 'text', value: 'Hi.' } },
      site,
    ).render(MODIFIED).body;
    const edited = (patch: Record<string, unknown>) =>
      Buffer.from(JSON.stringify({ ...JSON.parse(valid.toString('utf8')), ...patch }));
    for (const body of [
      Buffer.from('not json'),
      Buffer.from('[1]'),
      edited({ profile: 'tct-2' }),
      // A sitemap's profile is not an M-URL's.
      edited({ profile: TCT_03.sitemapProfile }),
      edited({ structured_data: [1] }),
      edited({ title: 7 }),
    ]) {
      expect(() => convertMUrlProfile(body, TCT_03)).toThrow(ValidationError);
    }
  });

  it('keeps the target’s size cap', () => {
    const body = prepareDocument(
      { id: 'd', url: '/d/', title: 'D', body: { format: 'text', value: 'x'.repeat(2_000) } },
      site,
    ).render(MODIFIED).body;
    expect(() => convertMUrlProfile(body, TCT_03, { maxBytes: 1_000 })).toThrow(/cap is 1000/);
  });
});
