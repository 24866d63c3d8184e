import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { formatEntityTag, parseEntityTagList } from './entity-tag';
import { evaluateConditional, type ConditionalDecision } from './evaluate-conditional';
import { acceptQuality, parseAccept, prefersMarkdown } from './negotiate-markdown';

// Request headers are attacker-controlled: whatever they hold, the decision is one of the
// statuses RFC 9110 allows for a read-only resource, ranges stay inside the representation,
// and negotiation never throws.

const CURRENT = '"sha256-0123456789abcdef"';
const SIZE_ARB = fc.integer({ min: 0, max: 10_000 });

/** Header text: mostly pieces of real syntax, spliced with arbitrary strings. */
const headerText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        CURRENT,
        'W/' + CURRENT,
        '"other"',
        '*',
        ',',
        ' ',
        '"',
        'W/',
        'bytes=',
        '-',
        '0',
        '5',
        '99999999999999999999',
        'Sun, 06 Nov 1994 08:49:37 GMT',
        'text/markdown',
        'text/html',
        '*/*',
        ';q=0',
        ';q=0.5',
        ';q=1.000',
        ';q=2',
        ';level=1',
      ),
      fc.string({ maxLength: 12 }),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));

const headersArb = fc.record(
  {
    'if-match': headerText,
    'if-none-match': headerText,
    'if-modified-since': headerText,
    'if-unmodified-since': headerText,
    range: headerText,
    'if-range': headerText,
  },
  { requiredKeys: [] },
);

function checkShape(decision: ConditionalDecision, size: number): void {
  switch (decision.status) {
    case 206:
      expect(decision.start).toBeGreaterThanOrEqual(0);
      expect(decision.end).toBeGreaterThanOrEqual(decision.start);
      expect(decision.end).toBeLessThan(size);
      expect(decision.contentRange).toBe(`bytes ${decision.start}-${decision.end}/${size}`);
      break;
    case 416:
      expect(decision.contentRange).toBe(`bytes */${size}`);
      break;
    default:
      expect([200, 304, 405, 412]).toContain(decision.status);
  }
}

describe('conditional request headers under fuzzing', () => {
  it('always decide a status RFC 9110 allows, with ranges inside the representation', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('GET', 'HEAD', 'get', 'POST', 'PUT', 'DELETE', 'OPTIONS'),
        headersArb,
        SIZE_ARB,
        (method, headers, size) => {
          const decision = evaluateConditional(
            { method, headers },
            { etag: CURRENT, lastModified: new Date('2025-01-01T00:00:00Z'), size },
          );
          checkShape(decision, size);
          if (!['GET', 'HEAD'].includes(method.toUpperCase())) expect(decision.status).toBe(405);
        },
      ),
      propertyRuns(2000),
    );
  });

  it('answer 304 whenever If-None-Match lists the current tag (weakly) and nothing forbids it', () => {
    fc.assert(
      fc.property(
        fc.array(
          headerText.filter((t) => !t.includes(',') && !t.includes('"')),
          {
            maxLength: 3,
          },
        ),
        fc.boolean(),
        fc.boolean(),
        (noise, weak, head) => {
          const listed = weak ? `W/${CURRENT}` : CURRENT;
          const value = [...noise, listed].join(', ');
          const list = parseEntityTagList(value);
          expect(list === '*' || list.some((t) => formatEntityTag(t).endsWith(CURRENT))).toBe(true);
          const decision = evaluateConditional(
            { method: head ? 'HEAD' : 'GET', headers: { 'if-none-match': value } },
            { etag: CURRENT, size: 10 },
          );
          expect(decision.status).toBe(304);
        },
      ),
      propertyRuns(1000),
    );
  });
});

describe('Accept negotiation under fuzzing', () => {
  it('never throws, keeps q-values in [0, 1], and is deterministic', () => {
    fc.assert(
      fc.property(headerText, (accept) => {
        const ranges = parseAccept(accept);
        for (const range of ranges) {
          expect(range.q).toBeGreaterThanOrEqual(0);
          expect(range.q).toBeLessThanOrEqual(1);
        }
        const markdown = acceptQuality(ranges, 'text/markdown');
        const html = acceptQuality(ranges, 'text/html');
        expect(prefersMarkdown(accept)).toBe(markdown > html);
        expect(prefersMarkdown(accept)).toBe(prefersMarkdown(accept));
      }),
      propertyRuns(2000),
    );
  });

  it('a listed text/markdown above every HTML range always wins', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), headerText, (lower, noise) => {
        const q = (lower / 1000).toFixed(3);
        const accept = `text/html;q=${q}, */*;q=${q}, ${noise.replace(/[,;]/g, '')}, text/markdown`;
        // The noise member is dropped or is a range of its own; it can never outrank q=1.
        if (acceptQuality(parseAccept(noise.replace(/[,;]/g, '')), 'text/html') < 1) {
          expect(prefersMarkdown(accept)).toBe(true);
        }
      }),
      propertyRuns(1000),
    );
  });
});
