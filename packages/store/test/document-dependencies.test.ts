import { describeEachDatabase } from '@agent-ready/test-support';
import type { PreparedDocument } from '@agent-ready/core';
import type { RegenerationEngine } from '../src';
import { engineForEachTest } from './fixtures/engine-for-each-test';
import { preparedDocument } from './fixtures/prepared-documents';

/**
 * What each document was made from (writer/document-dependencies): found by index after a
 * change of one of its parts, kept in step with the row by every write path (one at a time and
 * in batches), never a change agents hear of on its own, and gone with the row's content.
 */
describeEachDatabase('document dependencies', (dialect) => {
  let engine: RegenerationEngine;
  engineForEachTest(dialect, (opened) => (engine = opened), {
    sitemap: { origin: 'https://example.com' },
  });

  const doc = (
    n: number,
    dependsOn: string[] | undefined,
    options: { locale?: string; path?: string; content?: string } = {},
  ): PreparedDocument => ({
    ...preparedDocument({
      key: `doc-${n}`,
      locale: options.locale ?? '',
      path: options.path ?? `/d/${n}${options.locale ?? ''}/`,
      title: `Doc ${n}`,
      content: options.content ?? `text ${n}`,
    }),
    ...(dependsOn ? { dependsOn } : {}),
  });
  const keys = async (...targets: string[]) =>
    (await engine.dependentsOf(targets)).map((d) => `${d.key}${d.locale ? `@${d.locale}` : ''}`);

  it('finds the published documents made from a part, each once, in key order', async () => {
    await engine.upsert(doc(2, ['faq-a', 'file-1'], { locale: 'en' }));
    await engine.upsert(doc(2, ['faq-a'], { locale: 'fr' }));
    await engine.upsert(doc(1, ['faq-a', 'faq-b']));
    await engine.upsert(doc(3, undefined));
    expect(await keys('faq-a')).toEqual(['doc-1', 'doc-2@en', 'doc-2@fr']);
    expect(await keys('file-1', 'faq-b')).toEqual(['doc-1', 'doc-2@en']);
    expect(await keys('nothing')).toEqual([]);
  });

  it('a new list alone is stored without a change agents would hear of', async () => {
    const first = await engine.upsert(doc(1, ['faq-a']));
    const sequence = await engine.contentSequence();
    const again = await engine.upsert(doc(1, ['faq-b', 'file-9']));
    expect(again.status).toBe('unchanged');
    expect(await engine.contentSequence()).toBe(sequence);
    expect(again.hash).toBe(first.hash);
    expect(await keys('faq-a')).toEqual([]);
    expect(await keys('faq-b', 'file-9')).toEqual(['doc-1']);
    // A write of its content keeps the list it names, and drops it when it names none.
    await engine.upsert(doc(1, ['faq-b', 'file-9'], { content: 'edited' }));
    expect(await keys('faq-b')).toEqual(['doc-1']);
    await engine.upsert(doc(1, undefined, { content: 'edited again' }));
    expect(await keys('faq-b', 'file-9')).toEqual([]);
  });

  it('a document taken off depends on nothing; its tombstone and a moved path neither', async () => {
    await engine.upsert(doc(1, ['faq-a']));
    await engine.upsert(doc(2, ['faq-a']));
    await engine.remove('doc-1', '', 'unpublished');
    await engine.remove('doc-2', '', 'deleted');
    expect(await keys('faq-a')).toEqual([]);
    // Published again (the same list): found again.
    await engine.upsert(doc(1, ['faq-a']));
    expect(await keys('faq-a')).toEqual(['doc-1']);
    // A move: the document keeps its list at its new path; the old path's tombstone has none.
    await engine.upsert(doc(1, ['faq-a'], { path: '/moved/1/' }));
    expect(await keys('faq-a')).toEqual(['doc-1']);
  });

  it('a batch keeps the lists as one write at a time would', async () => {
    await engine.upsertMany([doc(1, ['a']), doc(2, ['a', 'b']), doc(3, undefined)]);
    expect(await keys('a')).toEqual(['doc-1', 'doc-2']);
    const sequence = await engine.contentSequence();
    // Same content: lists changed alone (no change), one written, one new row with a list.
    const { outcomes } = await engine.upsertMany([
      doc(1, ['c']),
      doc(2, ['a', 'b']),
      doc(3, ['a'], { content: 'now with a part' }),
      doc(4, ['c']),
    ]);
    expect(outcomes.map((o) => o?.status)).toEqual([
      'unchanged',
      'unchanged',
      'updated',
      'created',
    ]);
    expect(await engine.contentSequence()).toBe(sequence + 2);
    expect(await keys('a')).toEqual(['doc-2', 'doc-3']);
    expect(await keys('c')).toEqual(['doc-1', 'doc-4']);
    expect(await keys('b')).toEqual(['doc-2']);
  });
});
