import { scpEtag } from '@agent-ready/core/scp';
import {
  artifactFamiliesWith,
  ArtifactDescriptorError,
  createAgentEndpoints,
  type StoredArtifactFamily,
} from '@agent-ready/core/serve';
import { databaseConfig, uniqueTablePrefix } from '@agent-ready/test-support';
import { listArtifactMeta, readArtifactMeta } from './read-artifact-rows';
import { RegenerationEngine } from '../regeneration-engine';
import { SILENT_LOGGER } from '../ground/store-logger';

// Artifacts as the previous version stored them (their descriptor under the old keys, no
// `kind`) are read and served as before; a descriptor that is no known shape is a clear error.

describe('artifact rows', () => {
  let engine: RegenerationEngine;
  beforeAll(async () => {
    engine = await RegenerationEngine.open({
      database: databaseConfig('sqlite'),
      tablePrefix: uniqueTablePrefix(),
      builders: [],
      rebuild: { automatic: false },
      logger: SILENT_LOGGER,
    });
  });
  afterAll(() => engine.close());

  async function storeRow(name: string, family: string, meta: unknown, body = Buffer.from(name)) {
    const { knex, tables } = engine;
    await knex(tables.artifacts).insert({
      name,
      family,
      generation: 1,
      content_type: 'application/scp',
      content_encoding: name.endsWith('zstd') ? 'zstd' : 'gzip',
      etag: scpEtag('sha256:00', name.endsWith('zstd') ? 'zstd' : 'gzip'),
      content_digest: 'sha-256=:x:',
      last_modified_ms: 0,
      size: body.length,
      meta: meta === null ? null : JSON.stringify(meta),
    });
    await knex(tables.artifactChunks).insert({ name, generation: 1, chunk_no: 0, data: body });
    engine.reader.invalidate();
  }

  it('reads and serves a collection stored in the layout before descriptors', async () => {
    const url = 'https://example.com/scp/a-snapshot.scp';
    await storeRow('/scp/a-snapshot.scp', 'scp', {
      ranges: true,
      url,
      pages: 1,
      checksum: 'sha256:00',
      variants: { zstd: '/scp/a-snapshot.scp?encoding=zstd' },
    });
    await storeRow('/scp/a-snapshot.scp?encoding=zstd', 'scp', {
      ranges: true,
      url,
      pages: 1,
      checksum: 'sha256:00',
      variantOf: '/scp/a-snapshot.scp',
    });
    expect(
      (await readArtifactMeta(engine.knex, engine.tables, '/scp/a-snapshot.scp'))!.descriptor,
    ).toEqual({
      family: 'scp',
      kind: 'collection',
      url,
      pages: 1,
      checksum: 'sha256:00',
      variants: { zstd: '/scp/a-snapshot.scp?encoding=zstd' },
    });
    const endpoints = createAgentEndpoints(engine.reader, { origin: 'https://example.com' });
    const zstd = await endpoints.handle({
      method: 'GET',
      target: '/scp/a-snapshot.scp',
      headers: { 'accept-encoding': 'zstd' },
    });
    expect(zstd).toMatchObject({
      kind: 'respond',
      response: {
        status: 200,
        headers: { etag: scpEtag('sha256:00', 'zstd'), 'accept-ranges': 'bytes' },
        body: Buffer.from('/scp/a-snapshot.scp?encoding=zstd'),
      },
    });
  });

  it('refuses a descriptor of no known shape, naming the artifact and the field', async () => {
    await storeRow('/scp/broken.scp', 'scp', { kind: 'collection', url: 'u', pages: 'one' });
    await expect(readArtifactMeta(engine.knex, engine.tables, '/scp/broken.scp')).rejects.toThrow(
      new ArtifactDescriptorError(
        'serve.artifact-descriptor',
        'artifact /scp/broken.scp: checksum must be a string',
      ),
    );
    await expect(listArtifactMeta(engine.knex, engine.tables)).rejects.toBeInstanceOf(
      ArtifactDescriptorError,
    );
  });

  it("leaves out a row of a family this process does not declare, and reads it by the family's own reader where it does", async () => {
    const { knex, tables } = engine;
    await knex(tables.artifacts).where({ name: '/scp/broken.scp' }).delete();
    await storeRow('/notes.txt', 'notes', { kind: 'index' });
    expect(await readArtifactMeta(knex, tables, '/notes.txt')).toBeUndefined();
    const listed = async (families?: Parameters<typeof listArtifactMeta>[3]) =>
      (await listArtifactMeta(knex, tables, undefined, families)).map((meta) => meta.name);
    expect(await listed()).not.toContain('/notes.txt');
    const notes: StoredArtifactFamily = {
      name: 'notes',
      read: (fields) => ({ family: 'notes', kind: fields.kind(['index']) }),
      upgradeLegacy: (_name, meta) => meta,
      contentType: () => 'text/plain; charset=utf-8',
    };
    const families = artifactFamiliesWith([notes]);
    expect((await readArtifactMeta(knex, tables, '/notes.txt', families))!.descriptor).toEqual({
      family: 'notes',
      kind: 'index',
    });
    expect(await listed(families)).toContain('/notes.txt');
  });
});
