import { createHash, type Hash } from 'node:crypto';
import { checkScpPageLine } from './check-scp-page';
import {
  decompressScpStream,
  type ScpByteCounters,
  type ScpByteSource,
} from './decompress-scp-stream';
import { removeScpChecksumMember, scpChecksumsEqual } from './scp-checksum';
import { ScpChecksumError, ScpError, ScpFormatError, ScpLimitError } from './scp-errors';
import { readScpMetadata } from './scp-metadata';
import {
  SCP_DEFAULT_LIMITS,
  type ScpCollectionMetadata,
  type ScpCompression,
  type ScpLimits,
  type ScpPage,
} from './scp-types';

export interface ScpWarning {
  code: string;
  message: string;
  /** 1-based line of the collection. */
  line: number;
  /** Member path inside that line, e.g. `content[2].url`. */
  field?: string;
}

export interface ScpParseOptions {
  /** Caps; each defaults to the spec value (`SCP_DEFAULT_LIMITS`). */
  limits?: Partial<ScpLimits>;
  /** `auto` (default) detects gzip/zstd by magic bytes. */
  compression?: ScpCompression | 'auto';
  /** Verify a claimed checksum (default true). A mismatch is always fatal. */
  verifyChecksum?: boolean;
  /** Warnings kept in the report (default 1000); all are counted, and all reach `onWarning`. */
  maxStoredWarnings?: number;
  /** Deepest nesting kept in a page's `schema` (default 64). */
  maxSchemaDepth?: number;
  /** Called for every warning as it happens. */
  onWarning?: (warning: ScpWarning) => void;
}

export type ScpParseItem =
  | { kind: 'metadata'; metadata: ScpCollectionMetadata }
  | { kind: 'page'; page: ScpPage; line: number };

/**
 * - `verified`: the checksum matched (known only once the whole stream has been read);
 * - `absent`: line 1 claims none; `skipped`: verification was switched off;
 * - `pending`: not yet read to the end; `mismatch`: it did not match (the parse failed).
 */
export type ScpChecksumStatus = 'verified' | 'absent' | 'skipped' | 'pending' | 'mismatch';

export interface ScpParseReport {
  /** True once the whole collection has been read without a fatal error. */
  complete: boolean;
  compression: ScpCompression | undefined;
  metadata: ScpCollectionMetadata | undefined;
  /** Pages yielded. */
  pages: number;
  /** Pages skipped with a warning (invalid URL or modified). */
  skippedPages: number;
  lines: number;
  /** Blocks kept, by type. */
  blocksByType: Record<string, number>;
  warnings: ScpWarning[];
  warningCount: number;
  warningsByCode: Record<string, number>;
  checksum: ScpChecksumStatus;
  compressedBytes: number;
  decompressedBytes: number;
}

const FORMAT_RULE = 'SCP Error Handling (fatal errors); docs/protocols.md#scp-collections';
const LF = 0x0a;

/**
 * A streaming SCP reader: iterate it once to get the metadata, then each page as its line
 * arrives; memory holds one line at a time. Every limit of DECISIONS §2 is enforced while
 * reading (a line is never buffered past `maxPageBytes`). Fatal errors are thrown as typed
 * `ScpError`s from the iteration; non-fatal ones become warnings. The checksum can only be
 * judged at the end: pages yielded before a mismatch must not be used, so apply them only once
 * the iteration has finished (see `applyScpCollection`). `report` is live and final at the end.
 */
export class ScpCollectionParser implements AsyncIterable<ScpParseItem> {
  readonly report: ScpParseReport;
  private readonly limits: ScpLimits;
  private readonly counters: ScpByteCounters;
  private started = false;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private hash: Hash | undefined;
  private expectedChecksum: string | undefined;

  constructor(
    private readonly source: ScpByteSource,
    private readonly options: ScpParseOptions = {},
  ) {
    this.limits = { ...SCP_DEFAULT_LIMITS, ...stripUndefined(options.limits ?? {}) };
    this.report = {
      complete: false,
      compression: undefined,
      metadata: undefined,
      pages: 0,
      skippedPages: 0,
      lines: 0,
      blocksByType: {},
      warnings: [],
      warningCount: 0,
      warningsByCode: {},
      checksum: 'pending',
      compressedBytes: 0,
      decompressedBytes: 0,
    };
    this.counters = { compressedBytes: 0, decompressedBytes: 0, compression: undefined };
  }

  [Symbol.asyncIterator](): AsyncGenerator<ScpParseItem> {
    if (this.started)
      throw new ScpError('scp.parser.reused', 'a collection parser can be iterated only once');
    this.started = true;
    return this.run();
  }

  private syncCounters(): void {
    this.report.compressedBytes = this.counters.compressedBytes;
    this.report.decompressedBytes = this.counters.decompressedBytes;
    this.report.compression = this.counters.compression;
  }

  private warn(warning: ScpWarning): void {
    this.report.warningCount++;
    this.report.warningsByCode[warning.code] = (this.report.warningsByCode[warning.code] ?? 0) + 1;
    if (this.report.warnings.length < (this.options.maxStoredWarnings ?? 1000))
      this.report.warnings.push(warning);
    this.options.onWarning?.(warning);
  }

  private async *run(): AsyncGenerator<ScpParseItem> {
    try {
      yield* this.readLines();
      this.finishChecksum();
      this.report.complete = true;
    } finally {
      this.syncCounters();
    }
  }

  private async *readLines(): AsyncGenerator<ScpParseItem> {
    const chunks = decompressScpStream(this.source, {
      compression: this.options.compression,
      limits: this.limits,
      counters: this.counters,
    });
    const pending: Buffer[] = [];
    let pendingBytes = 0;
    for await (const chunk of chunks) {
      this.syncCounters();
      if (this.hash) this.hash.update(chunk);
      let start = 0;
      for (;;) {
        const newline = chunk.indexOf(LF, start);
        const end = newline === -1 ? chunk.length : newline;
        const lineNumber = this.report.lines + 1;
        if (pendingBytes + (end - start) > this.limits.maxPageBytes) {
          throw new ScpLimitError(
            'scp.limit.page_bytes',
            `line ${lineNumber} is longer than ${this.limits.maxPageBytes} bytes`,
            {
              line: lineNumber,
              rule: 'SCP Resource Exhaustion (single page object 100 MB); docs/protocols.md#scp-limits',
            },
          );
        }
        if (newline === -1) {
          if (end > start) {
            pending.push(chunk.subarray(start));
            pendingBytes += end - start;
          }
          break;
        }
        const piece = chunk.subarray(start, newline);
        const line =
          pendingBytes === 0
            ? piece
            : Buffer.concat([...pending, piece], pendingBytes + piece.length);
        pending.length = 0;
        pendingBytes = 0;
        const item = this.readLine(line);
        // Line 1 is hashed without its checksum member; everything after it as it is.
        if (lineNumber === 1 && this.hash) this.hash.update(chunk.subarray(newline));
        if (item) yield item;
        start = newline + 1;
      }
    }
    this.syncCounters();
    if (pendingBytes > 0 || this.report.lines === 0) {
      // The last line has no LF (as the reference generator writes it), or the input was empty.
      const item = this.readLine(Buffer.concat(pending, pendingBytes));
      if (item) yield item;
    }
  }

  private readLine(bytes: Buffer): ScpParseItem | undefined {
    const lineNumber = ++this.report.lines;
    if (lineNumber === 1) return this.readMetadataLine(bytes);
    if (isBlank(bytes)) {
      this.warn({ code: 'line.blank', message: 'blank line skipped', line: lineNumber });
      return undefined;
    }
    const value = this.parseJson(bytes, lineNumber);
    const check = checkScpPageLine(value, {
      maxBlocksPerPage: this.limits.maxBlocksPerPage,
      maxSchemaDepth: this.options.maxSchemaDepth ?? 64,
    });
    if (check.kind === 'fatal') {
      throw new ScpFormatError(
        `scp.${check.problem.code}`,
        `line ${lineNumber}: ${check.problem.message}`,
        {
          line: lineNumber,
          field: check.problem.field,
          rule: FORMAT_RULE,
        },
      );
    }
    if (check.kind === 'limit') {
      throw new ScpLimitError(
        `scp.limit.blocks_per_page`,
        `line ${lineNumber}: ${check.problem.message}`,
        {
          line: lineNumber,
          field: check.problem.field,
          rule: 'SCP Resource Exhaustion (1000 blocks per page); docs/protocols.md#scp-limits',
        },
      );
    }
    for (const warning of check.warnings) this.warn({ ...warning, line: lineNumber });
    if (check.kind === 'skip') {
      this.report.skippedPages++;
      this.warn({ ...check.problem, line: lineNumber });
      return undefined;
    }
    this.report.pages++;
    for (const block of check.page.content) {
      this.report.blocksByType[block.type] = (this.report.blocksByType[block.type] ?? 0) + 1;
    }
    return { kind: 'page', page: check.page, line: lineNumber };
  }

  private decode(bytes: Buffer, lineNumber: number): string {
    try {
      return this.decoder.decode(bytes);
    } catch (cause) {
      throw new ScpFormatError('scp.utf8.invalid', `line ${lineNumber} is not valid UTF-8`, {
        line: lineNumber,
        rule: 'RFC 8259 §8.1 (JSON text is UTF-8)',
        cause,
      });
    }
  }

  private parseJson(
    bytes: Buffer,
    lineNumber: number,
    text = this.decode(bytes, lineNumber),
  ): unknown {
    try {
      return JSON.parse(lineNumber === 1 ? text.replace(/^\uFEFF/, '') : text);
    } catch (cause) {
      throw new ScpFormatError('scp.json.invalid', `line ${lineNumber} is not valid JSON`, {
        line: lineNumber,
        rule: FORMAT_RULE,
        cause,
      });
    }
  }

  private readMetadataLine(bytes: Buffer): ScpParseItem {
    if (bytes.length === 0 && this.report.decompressedBytes === 0) {
      throw new ScpFormatError(
        'scp.metadata.missing',
        'the collection is empty (no metadata line)',
        {
          line: 1,
          rule: FORMAT_RULE,
        },
      );
    }
    const text = this.decode(bytes, 1);
    const { metadata, newerMinorVersion } = readScpMetadata(this.parseJson(bytes, 1, text));
    this.report.metadata = metadata;
    if (newerMinorVersion) {
      this.warn({
        code: 'metadata.newer_minor_version',
        message: `collection version ${metadata.version} is newer than ours; unknown members are ignored`,
        line: 1,
        field: 'collection.version',
      });
    }
    if (metadata.checksum === undefined) this.report.checksum = 'absent';
    else if (this.options.verifyChecksum === false) this.report.checksum = 'skipped';
    else {
      const stripped = removeScpChecksumMember(text, metadata.checksum);
      if (stripped === undefined) {
        this.report.checksum = 'mismatch';
        throw new ScpChecksumError(
          'scp.checksum.unverifiable',
          'the checksum member of line 1 is not in a form that can be removed for hashing',
          { line: 1, rule: 'docs/protocols.md#scp-checksum' },
        );
      }
      this.expectedChecksum = metadata.checksum;
      this.hash = createHash('sha256').update(stripped, 'utf8');
    }
    return { kind: 'metadata', metadata };
  }

  private finishChecksum(): void {
    if (!this.hash || this.expectedChecksum === undefined) return;
    const actual = `sha256:${this.hash.digest('hex')}`;
    if (!scpChecksumsEqual(actual, this.expectedChecksum)) {
      this.report.checksum = 'mismatch';
      throw new ScpChecksumError(
        'scp.checksum.mismatch',
        `checksum mismatch: line 1 claims ${this.expectedChecksum}, the content hashes to ${actual}`,
        {
          line: 1,
          value: this.expectedChecksum,
          rule: 'SCP Checksum Verification; docs/protocols.md#scp-checksum',
        },
      );
    }
    this.report.checksum = 'verified';
  }
}

function isBlank(bytes: Buffer): boolean {
  for (const byte of bytes) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
  return true;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Starts reading a collection; iterate the result (once) for the metadata and the pages. */
export function parseScpCollection(
  source: ScpByteSource,
  options: ScpParseOptions = {},
): ScpCollectionParser {
  return new ScpCollectionParser(source, options);
}
