import { changedDocumentId, createChangeMiddleware } from './change-middleware';

describe('changedDocumentId', () => {
  it('takes the new document for create and clone, the target for the rest', () => {
    expect(changedDocumentId('create', { documentId: 'ignored' }, { documentId: 'new' })).toBe(
      'new',
    );
    expect(changedDocumentId('clone', { documentId: 'source' }, { documentId: 'copy' })).toBe(
      'copy',
    );
    for (const action of ['update', 'delete', 'publish', 'unpublish', 'discardDraft']) {
      expect(changedDocumentId(action, { documentId: 'd' }, { documentId: 'd', entries: [] })).toBe(
        'd',
      );
    }
    expect(changedDocumentId('update', {}, null)).toBeUndefined();
    expect(changedDocumentId('create', {}, { documentId: '' })).toBeUndefined();
  });
});

describe('createChangeMiddleware', () => {
  const outsideTransaction = {
    inTransaction: () => false,
    transaction: async () => undefined,
  };

  it('passes reads and untracked types through, reports writes after they return', async () => {
    const changes: string[] = [];
    const middleware = createChangeMiddleware({
      tracks: (uid) => uid === 'api::a.a',
      db: outsideTransaction,
      onChange: (uid, id) => changes.push(`${uid}:${id}`),
      onError: () => {},
    });
    const result = { documentId: 'x' };
    expect(await middleware({ uid: 'api::a.a', action: 'findMany' }, async () => result)).toBe(
      result,
    );
    expect(await middleware({ uid: 'api::b.b', action: 'create' }, async () => result)).toBe(
      result,
    );
    expect(changes).toEqual([]);
    expect(await middleware({ uid: 'api::a.a', action: 'create' }, async () => result)).toBe(
      result,
    );
    expect(changes).toEqual(['api::a.a:x']);
  });

  it('never throws into the save, and lets the save’s own errors through untouched', async () => {
    const errors: unknown[] = [];
    const middleware = createChangeMiddleware({
      tracks: () => true,
      db: outsideTransaction,
      onChange: () => {
        throw new Error('sync exploded');
      },
      onError: (error) => errors.push(error),
    });
    const result = { documentId: 'x' };
    await expect(
      middleware(
        { uid: 'api::a.a', action: 'publish', params: { documentId: 'x' } },
        async () => result,
      ),
    ).resolves.toBe(result);
    expect(errors).toHaveLength(1);
    const failure = new Error('validation failed');
    await expect(
      middleware({ uid: 'api::a.a', action: 'update' }, async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
  });
});
