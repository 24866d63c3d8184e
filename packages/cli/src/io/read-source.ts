import { open } from 'node:fs/promises';

/** A source that could not be read: missing file, network failure, timeout, too large. */
export class SourceReadError extends Error {
  override readonly name = 'SourceReadError';
}

export interface ReadSourceOptions {
  /** Give up on a URL after this long (connect, headers and body). Default 10 s. */
  timeoutMs?: number;
  /** Refuse bodies and files larger than this. Default 1 MiB. */
  maxBytes?: number;
  /** `Accept` header for URLs. */
  accept?: string;
}

export interface SourceContent {
  text: string;
  /** For URLs: the final URL after redirects, the status and the content type. */
  url?: string;
  status?: number;
  contentType?: string;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 1024 * 1024;

export function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

function tooLarge(source: string, maxBytes: number): SourceReadError {
  return new SourceReadError(`${source} is larger than ${maxBytes} bytes (raise --max-bytes)`);
}

async function readUrl(url: string, options: Required<ReadSourceOptions>): Promise<SourceContent> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      signal,
      redirect: 'follow',
      headers: { accept: options.accept },
    });
  } catch (error) {
    throw new SourceReadError(
      `cannot fetch ${url}: ${describeFetchError(error, options.timeoutMs)}`,
    );
  }
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > options.maxBytes) {
    await response.body?.cancel();
    throw tooLarge(url, options.maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      if (size > options.maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw tooLarge(url, options.maxBytes);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof SourceReadError) throw error;
    throw new SourceReadError(
      `cannot read ${url}: ${describeFetchError(error, options.timeoutMs)}`,
    );
  }
  return {
    text: Buffer.concat(chunks).toString('utf8'),
    url: response.url || url,
    status: response.status,
    contentType: response.headers.get('content-type') ?? undefined,
  };
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `timed out after ${timeoutMs} ms`;
  }
  const cause =
    error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error instanceof Error ? error.message : String(error)}${cause}`;
}

async function readFile(path: string, maxBytes: number): Promise<SourceContent> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new SourceReadError(`cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) throw tooLarge(path, maxBytes);
    return { text: (await handle.readFile()).toString('utf8') };
  } finally {
    await handle.close();
  }
}

async function readStdin(maxBytes: number): Promise<SourceContent> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).byteLength;
    if (size > maxBytes) throw tooLarge('standard input', maxBytes);
    chunks.push(chunk as Buffer);
  }
  return { text: Buffer.concat(chunks).toString('utf8') };
}

/**
 * Read a command's input: an http(s) URL (global fetch, with a timeout and a size cap), `-`
 * for standard input, or a file path. Throws `SourceReadError` with a readable message.
 */
export async function readSource(
  source: string,
  options: ReadSourceOptions = {},
): Promise<SourceContent> {
  const settings: Required<ReadSourceOptions> = {
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    accept: options.accept ?? '*/*',
  };
  if (isUrl(source)) return readUrl(source, settings);
  if (source === '-') return readStdin(settings.maxBytes);
  return readFile(source, settings.maxBytes);
}
