import { describeEachDatabase } from '@agent-ready/test-support';
import type { RegenerationEngine } from '../src';
import { engineForEachTest } from './fixtures/engine-for-each-test';
import { preparedDocument } from './fixtures/prepared-documents';

/**
 * Source stamps (source-stamps): a reconcile recognises a source its row already holds, and
 * only while the row is exactly what that source rendered to (any later write, by anyone,
 * under any settings, makes the stamp stale).
 */
describeEachDatabase('source stamps', (dialect) => {
  let engine: RegenerationEngine;
  engineForEachTest(dialect, (opened) => (engine = opened), {
    sitemap: { origin: 'https://example.com' },
  });

  const doc = (n: number, locale = '', content = `text ${n}`) =>
    preparedDocument({
      key: `doc-${n}`,
      locale,
      path: `/d/${n}${locale}/`,
      title: `Doc ${n}`,
      content,
    });

  it('is current once recorded, per locale, until the row changes or the settings do', async () => {
    const docs = [doc(1), doc(2, 'en'), doc(2, 'fr')];
    const { outcomes } = await engine.upsertMany(docs);
    const stamps = docs.map((d, i) => ({ key: d.key, locale: d.locale, stamp: `s${i}` }));
    const renderKey = docs[0]!.renderKey;
    const before = await engine.checkSourceStamps(stamps, renderKey);
    expect(before.map((c) => c.current)).toEqual([false, false, false]);
    expect(before.map((c) => c.changeSeq)).toEqual(outcomes.map((o) => o?.changeSeq));

    await engine.recordSourceStamps(
      stamps.map((s, i) => ({ ...s, changeSeq: before[i]!.changeSeq! })),
    );
    const after = await engine.checkSourceStamps(stamps, renderKey);
    expect(after.map((c) => c.current)).toEqual([true, true, true]);
    // Another stamp (the source changed) or other settings: not current.
    expect(
      (await engine.checkSourceStamps([{ ...stamps[0]!, stamp: 'other' }], renderKey))[0]!.current,
    ).toBe(false);
    expect((await engine.checkSourceStamps(stamps, 'sha256-other')).map((c) => c.current)).toEqual([
      false,
      false,
      false,
    ]);

    // A write of one row by another writer (a live sync) makes only its stamp stale.
    await engine.upsert(doc(2, 'fr', 'edited'));
    expect((await engine.checkSourceStamps(stamps, renderKey)).map((c) => c.current)).toEqual([
      true,
      true,
      false,
    ]);
    // So does taking a row off, and a record made for an older change position never matches.
    await engine.remove('doc-1', '', 'unpublished');
    await engine.recordSourceStamps([{ ...stamps[1]!, changeSeq: before[1]!.changeSeq! - 1 }]);
    expect((await engine.checkSourceStamps(stamps, renderKey)).map((c) => c.current)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('a source without a row is not current and has no change position', async () => {
    expect(
      await engine.checkSourceStamps([{ key: 'none', locale: '', stamp: 's' }], 'sha256-x'),
    ).toEqual([{ current: false }]);
    expect(await engine.recordSourceStamps([])).toBe(0);
  });
});
