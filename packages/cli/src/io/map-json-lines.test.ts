import { PassThrough, Readable } from 'node:stream';
import { mapJsonLines } from './map-json-lines';

async function run(input: string, map: (value: unknown) => unknown): Promise<string[]> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await mapJsonLines(Readable.from([input]), output, map);
  return Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean);
}

describe('mapJsonLines', () => {
  it('maps each line in order and skips blank lines', async () => {
    expect(await run('1\n\n2\r\n3', (v) => ({ double: (v as number) * 2 }))).toEqual([
      '{"double":2}',
      '{"double":4}',
      '{"double":6}',
    ]);
  });

  it('reports a line that is not JSON, and a mapping that throws, as an error line', async () => {
    const lines = await run('{oops\n"fine"\n', (v) => {
      if (v === 'fine') throw new Error('mapper refused');
      return v;
    });
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { error: expect.stringMatching(/JSON/) },
      { error: 'mapper refused' },
    ]);
  });
});
