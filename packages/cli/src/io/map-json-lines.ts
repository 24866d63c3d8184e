import { createInterface } from 'node:readline';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';

/**
 * Streams JSON Lines: parses each input line, maps it, writes one JSON line per input, in order.
 * Memory stays constant however long the input is: one line at a time, and writing waits for
 * the output to drain. A line that is not JSON becomes `{"error": …}`, never a crash.
 * Blank lines are skipped.
 */
export async function mapJsonLines(
  input: Readable,
  output: Writable,
  mapLine: (value: unknown) => unknown,
): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let result: unknown;
    try {
      result = mapLine(JSON.parse(line));
    } catch (error) {
      result = { error: error instanceof Error ? error.message : String(error) };
    }
    if (!output.write(`${JSON.stringify(result)}\n`)) await once(output, 'drain');
  }
}
