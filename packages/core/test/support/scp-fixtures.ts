// Test-only helpers (not exported from the package): deterministic pages and byte sources.
import { Readable } from 'node:stream';
import type { ScpPageInput } from '../../src/scp/build-scp-page';

/** The reference example (spec Appendix B, Example 1; `reference-impl/examples/minimal-snapshot.scp`). */
export const REFERENCE_LINE_1 =
  '{"collection":{"id":"example-minimal","section":"all","type":"snapshot","generated":"2025-01-15T10:00:00Z","version":"0.1"}}';
export const REFERENCE_PAGES = [
  '{"url":"https://example.com/","title":"Home Page","description":"Welcome to our site","modified":"2025-01-15T09:00:00Z","language":"en","content":[{"type":"heading","level":1,"text":"Welcome"},{"type":"text","text":"Hello World!"}]}',
  '{"url":"https://example.com/about","title":"About Us","description":"Learn about our company","author":"John Doe","published":"2024-12-01T10:00:00Z","modified":"2025-01-10T15:30:00Z","language":"en","content":[{"type":"heading","level":1,"text":"About Us"},{"type":"text","text":"We are a company."}]}',
];
/** The reference generator's rule applied to it (notes §1.4 test vector). */
export const REFERENCE_CHECKSUM_NO_FINAL_LF =
  'sha256:e517d38d3cada7003197e01b40eaa914d4e72c681de09879c54ab916b433c949';
export const REFERENCE_CHECKSUM_FINAL_LF =
  'sha256:75d10963bdb07b08abe73071e0c44a317a5004a2a99399041fabb67a4c81d4f9';

export function withChecksum(line1: string, checksum: string): string {
  return line1.replace(/}}$/, `,"checksum":"${checksum}"}}`);
}

/** The reference generator's output for the example: line 1 with checksum, no final LF. */
export function referenceCollection(finalNewline = false): string {
  const checksum = finalNewline ? REFERENCE_CHECKSUM_FINAL_LF : REFERENCE_CHECKSUM_NO_FINAL_LF;
  return (
    [withChecksum(REFERENCE_LINE_1, checksum), ...REFERENCE_PAGES].join('\n') +
    (finalNewline ? '\n' : '')
  );
}

/** Page `i` of a generated section: a few blocks of every common type. */
export function samplePage(i: number): ScpPageInput {
  return {
    url: `https://example.com/blog/post-${i}`,
    title: `Post ${i}`,
    description: `Description of post ${i}`,
    modified: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
    language: 'en',
    content: [
      { type: 'heading', level: 1, text: `Post ${i}` },
      { type: 'text', text: `Paragraph ${i} with some words — and “Unicode”.` },
      { type: 'list', ordered: i % 2 === 0, items: ['one', 'two'] },
      { type: 'link', url: `https://example.com/blog/post-${i + 1}`, text: 'next' },
    ],
  };
}

export function* samplePages(count: number): Generator<ScpPageInput> {
  for (let i = 0; i < count; i++) yield samplePage(i);
}

/** A byte source that hands out `bytes` in chunks of `size`. */
export function chunked(bytes: Uint8Array, size: number): Readable {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size)
    chunks.push(Buffer.from(bytes.subarray(i, i + size)));
  return Readable.from(chunks);
}
