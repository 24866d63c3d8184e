/**
 * Polls `check` until it returns a value, for state only visible across a process boundary (over
 * HTTP, say). The deadline is generous on purpose: it bounds a hang, it does not time anything,
 * so a loaded 2-core CI machine cannot fail a test that would pass given a moment more.
 */
export async function waitForState<T>(
  what: string,
  check: () => Promise<T | undefined>,
  { deadlineMs = 60_000, intervalMs = 100 }: { deadlineMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`gave up after ${deadlineMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
