import { createHash } from 'node:crypto';
import { ScpChecksumError, ScpFormatError } from './scp-errors';
import { readScpMetadata } from './scp-metadata';

const RULE = 'docs/protocols.md#scp-checksum (reference generator rule)';
const KEY = '"checksum"';
const VALUE = /^"(sha256:[0-9a-fA-F]{64})"/;

function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * Line 1 with the `checksum` member removed textually, which is the byte sequence the
 * reference generator hashed (it serialized line 1 without the member, then appended it as the
 * last member). The removed member must carry exactly `checksum` (the parsed value): the last
 * one preceded by a comma (`,"checksum":"sha256:…"`, JSON whitespace around the comma and colon
 * tolerated, as other JSON writers add it), else the first one followed by a comma (the member
 * written first). `undefined` when neither is present, so the checksum cannot be verified.
 * A linear scan, not a backtracking regex: line 1 may be long and made of whitespace.
 */
export function removeScpChecksumMember(line: string, checksum: string): string | undefined {
  let trailing: [number, number] | undefined;
  let leading: [number, number] | undefined;
  for (let at = line.indexOf(KEY); at !== -1; at = line.indexOf(KEY, at + 1)) {
    let end = at + KEY.length;
    while (end < line.length && isJsonSpace(line.charCodeAt(end))) end++;
    if (line[end] !== ':') continue;
    end++;
    while (end < line.length && isJsonSpace(line.charCodeAt(end))) end++;
    const value = VALUE.exec(line.slice(end, end + 74));
    if (!value || value[1] !== checksum) continue;
    end += value[0].length;
    let before = at - 1;
    while (before >= 0 && isJsonSpace(line.charCodeAt(before))) before--;
    if (line[before] === ',') {
      trailing = [before, end];
      continue;
    }
    if (leading) continue;
    let after = end;
    while (after < line.length && isJsonSpace(line.charCodeAt(after))) after++;
    if (line[after] === ',') {
      after++;
      while (after < line.length && isJsonSpace(line.charCodeAt(after))) after++;
      leading = [at, after];
    }
  }
  const cut = trailing ?? leading;
  return cut === undefined ? undefined : line.slice(0, cut[0]) + line.slice(cut[1]);
}

/** `sha256:` + lowercase hex of the bytes (the file as hashed, checksum member absent). */
export function computeScpChecksum(bytes: Uint8Array | string): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/** Whether two checksum strings name the same digest (the hex may be either case). */
export function scpChecksumsEqual(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * Verifies a whole uncompressed collection held in memory (for streams, the parser verifies
 * as it reads). Returns `'absent'` when line 1 has no checksum, `'verified'` when it matches;
 * throws `ScpChecksumError` on a mismatch (fatal, spec "Checksum Verification") and
 * `ScpFormatError` when line 1 is not SCP metadata. Accepts our writer's files (every line
 * ending in LF) and the reference generator's (no final LF) alike: the bytes are hashed as
 * they are.
 */
export function verifyScpChecksum(collection: Uint8Array): 'verified' | 'absent' {
  const bytes = Buffer.from(collection.buffer, collection.byteOffset, collection.byteLength);
  const newline = bytes.indexOf(10);
  const lineEnd = newline === -1 ? bytes.length : newline;
  let line: string;
  let value: unknown;
  try {
    line = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(
      bytes.subarray(0, lineEnd),
    );
    value = JSON.parse(line.replace(/^\uFEFF/, ''));
  } catch (cause) {
    throw new ScpFormatError('scp.metadata.invalid', 'line 1 is not UTF-8 JSON', {
      line: 1,
      cause,
    });
  }
  const { metadata } = readScpMetadata(value);
  if (metadata.checksum === undefined) return 'absent';
  const stripped = removeScpChecksumMember(line, metadata.checksum);
  if (stripped === undefined) {
    throw new ScpChecksumError(
      'scp.checksum.unverifiable',
      'the checksum member is not in a form that can be removed for hashing',
      {
        line: 1,
        rule: RULE,
      },
    );
  }
  const actual = createHash('sha256')
    .update(stripped, 'utf8')
    .update(bytes.subarray(lineEnd))
    .digest('hex');
  if (!scpChecksumsEqual(`sha256:${actual}`, metadata.checksum)) {
    throw new ScpChecksumError(
      'scp.checksum.mismatch',
      `checksum mismatch: line 1 claims ${metadata.checksum}, content hashes to sha256:${actual}`,
      {
        line: 1,
        value: metadata.checksum,
        rule: RULE,
      },
    );
  }
  return 'verified';
}
