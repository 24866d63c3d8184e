import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { LlmsFullTxtMarkdownSource, LlmsTxtPage } from '@agent-ready/core/llmstxt';

/**
 * Pages' Markdown kept in a file of the build's work folder instead of the heap: llms-full.txt
 * holds a whole site's Markdown, which at scale is more than a process should hold (and more
 * than one V8 string can).
 */
export class MarkdownSpill implements LlmsFullTxtMarkdownSource {
  private readonly fd: number;
  private offset = 0;
  private readonly places = new WeakMap<LlmsTxtPage, { offset: number; length: number }>();

  constructor(workDir: string, name: string) {
    this.fd = openSync(join(workDir, name), 'w+');
  }

  add(page: LlmsTxtPage, markdown: string): void {
    const bytes = Buffer.from(markdown, 'utf8');
    writeSync(this.fd, bytes, 0, bytes.length, this.offset);
    this.places.set(page, { offset: this.offset, length: bytes.length });
    this.offset += bytes.length;
  }

  has(page: LlmsTxtPage): boolean {
    return this.places.has(page);
  }

  read(page: LlmsTxtPage): string {
    const place = this.places.get(page)!;
    const bytes = Buffer.alloc(place.length);
    readSync(this.fd, bytes, 0, place.length, place.offset);
    return bytes.toString('utf8');
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** Writes text pieces to a file, hashing as it goes: the body, ETag and digest of an artifact. */
export function writeTextPieces(
  file: string,
  pieces: Iterable<string>,
): { body: { file: string; size: number }; etag: string; contentDigest: string } {
  const fd = openSync(file, 'w');
  const hash = createHash('sha256');
  let size = 0;
  try {
    for (const piece of pieces) {
      const bytes = Buffer.from(piece, 'utf8');
      writeSync(fd, bytes);
      hash.update(bytes);
      size += bytes.length;
    }
  } finally {
    closeSync(fd);
  }
  const digest = hash.digest();
  return {
    body: { file, size },
    etag: `"sha256-${digest.toString('hex')}"`,
    contentDigest: `sha-256=:${digest.toString('base64')}:`,
  };
}
