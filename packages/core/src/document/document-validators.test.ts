import { createHash } from 'node:crypto';
import { contentDigestOf } from '../http/served-resource';
import { markdownTwinValidators, mUrlValidators } from './document-validators';
import { prepareDocument } from './prepare-document';

describe('document validators', () => {
  const rendered = prepareDocument(
    { id: 'a', url: '/a/', title: 'A', body: { format: 'markdown', value: 'Café *au lait*.' } },
    { origin: 'https://example.com' },
  ).render('2026-01-02T03:04:05Z');

  it('are formed when a document is rendered: the M-URL’s TCT hash and digest, the twin’s hash', () => {
    expect(JSON.parse(rendered.body.toString('utf8')).hash).toBe(rendered.hash);
    expect(rendered.contentDigest).toBe(contentDigestOf(rendered.body));
    expect(rendered.markdownHash).toBe(
      `sha256-${createHash('sha256').update(rendered.markdown, 'utf8').digest('hex')}`,
    );
  });

  it('are read back from what was stored when served', () => {
    expect(mUrlValidators(rendered)).toEqual({
      hash: rendered.hash,
      etag: `"${rendered.hash}"`,
      contentDigest: rendered.contentDigest,
    });
    // A row stored before digests were kept.
    expect(mUrlValidators({ ...rendered, contentDigest: null }).contentDigest).toBe(
      rendered.contentDigest,
    );
    const markdown = Buffer.from(rendered.markdown, 'utf8');
    expect(markdownTwinValidators(rendered.markdownHash, markdown, true)).toEqual({
      hash: rendered.markdownHash,
      etag: `"${rendered.markdownHash}"`,
      contentDigest: contentDigestOf(markdown),
    });
  });

  it('are the sent bytes’ own when the twin is not sent as stored', () => {
    const sent = Buffer.from(`> directive\n\n${rendered.markdown}`, 'utf8');
    const served = markdownTwinValidators(rendered.markdownHash, sent, false);
    expect(served.contentDigest).toBe(contentDigestOf(sent));
    expect(served.etag).toBe(`"sha256-${createHash('sha256').update(sent).digest('hex')}"`);
  });
});
