import { PassThrough } from 'node:stream';
import type { HttpExchangeHead } from '@agent-ready/client';
import { validateProgressLine } from './progress-bar';

function terminal(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY, columns: 60 });
  const written: string[] = [];
  stream.on('data', (chunk: Buffer) => written.push(chunk.toString()));
  return { stream: stream as unknown as NodeJS.WriteStream, written };
}

const exchange = { status: 200, url: 'https://example.com/a/llm.json' } as HttpExchangeHead;

describe('validateProgressLine', () => {
  it('draws one line on a terminal and clears it at the end', async () => {
    const { stream, written } = terminal(true);
    const progress = validateProgressLine(stream);
    progress.update(exchange);
    progress.stop();
    await new Promise(setImmediate);
    // Cut to the terminal's width (60 columns, one kept free).
    expect(written[0]).toBe(
      `\r${' validating · 1 requests · 200 https://example.com/a/llm.json'.slice(0, 59)}`,
    );
    expect(written[1]).toBe(`\r${' '.repeat(59)}\r`);
  });

  it('writes nothing when stderr is not a terminal (pipes, CI logs)', async () => {
    const { stream, written } = terminal(false);
    const progress = validateProgressLine(stream);
    progress.update(exchange);
    progress.stop();
    await new Promise(setImmediate);
    expect(written).toEqual([]);
  });
});
