import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { Command } from 'commander';
import { AgentReadyError } from '@agent-ready/core/errors';
import {
  inspectScpCollection,
  scpCompressionFromFileName,
  selectScpDeltaPages,
  writeScpCollection,
  type ScpCompression,
  type ScpInspection,
  type ScpLimits,
  type ScpPageInput,
} from '@agent-ready/core/scp';

/** Exit codes: 0 valid / written, 1 invalid collection or input, 2 usage or I/O problem. */
const EXIT_INVALID = 1;
const EXIT_USAGE = 2;

class CliUsageError extends Error {}

function parseCount(name: string) {
  return (value: string): number => {
    const number = Number(value);
    if (!Number.isFinite(number) || number <= 0)
      throw new CliUsageError(`${name} must be a positive number`);
    return number;
  };
}

interface InspectOptions {
  json?: boolean;
  maxRatio?: number;
  maxPageBytes?: number;
  maxBlocksPerPage?: number;
  maxDecompressedBytes?: number;
  maxCompressedBytes?: number;
  checksum: boolean;
}

function inspectionSummary(file: string, inspection: ScpInspection): Record<string, unknown> {
  const { report } = inspection;
  const metadata = report.metadata;
  return {
    file,
    valid: inspection.valid,
    ...(inspection.error ? { error: inspection.error } : {}),
    type: metadata?.type ?? null,
    id: metadata?.id ?? null,
    section: metadata?.section ?? null,
    version: metadata?.version ?? null,
    generated: metadata?.generated ?? null,
    ...(metadata?.since ? { since: metadata.since } : {}),
    compression: report.compression ?? null,
    compressedBytes: report.compressedBytes,
    decompressedBytes: report.decompressedBytes,
    pages: report.pages,
    skippedPages: report.skippedPages,
    blocksByType: report.blocksByType,
    checksum: report.checksum,
    checksumVerified: report.checksum === 'verified',
    warningCount: report.warningCount,
    warningsByCode: report.warningsByCode,
    warnings: report.warnings,
  };
}

function printInspection(summary: Record<string, unknown>, inspection: ScpInspection): void {
  const { report } = inspection;
  const metadata = report.metadata;
  const lines = [
    `file:        ${String(summary.file)}`,
    `valid:       ${inspection.valid ? 'yes' : 'no'}`,
  ];
  if (inspection.error) {
    const { code, message, line } = inspection.error as {
      code: string;
      message: string;
      line?: number;
    };
    const where = line === undefined || message.includes(`line ${line}`) ? '' : ` (line ${line})`;
    lines.push(`error:       ${code}: ${message}${where}`);
  }
  if (metadata) {
    lines.push(
      `type:        ${metadata.type}`,
      `id:          ${metadata.id}`,
      `section:     ${metadata.section}`,
    );
    lines.push(`version:     ${metadata.version}`, `generated:   ${metadata.generated}`);
    if (metadata.since) lines.push(`since:       ${metadata.since}`);
  }
  lines.push(
    `compression: ${report.compression ?? 'unknown'} (${report.compressedBytes} bytes read, ${report.decompressedBytes} decompressed)`,
    `pages:       ${report.pages}${report.skippedPages ? ` (${report.skippedPages} skipped)` : ''}`,
  );
  const blocks = Object.entries(report.blocksByType)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, count]) => `${type} ${count}`);
  lines.push(`blocks:      ${blocks.length ? blocks.join(', ') : 'none'}`);
  const checksum = {
    verified: 'verified',
    absent: 'absent (not verified)',
    skipped: 'not checked',
    pending: 'not verified (reading stopped)',
    mismatch: 'MISMATCH',
  }[report.checksum];
  lines.push(`checksum:    ${checksum}`, `warnings:    ${report.warningCount}`);
  for (const w of report.warnings)
    lines.push(`  line ${w.line}${w.field ? ` ${w.field}` : ''}: ${w.message} [${w.code}]`);
  if (report.warningCount > report.warnings.length) {
    lines.push(`  … and ${report.warningCount - report.warnings.length} more`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function inspect(file: string, options: InspectOptions): Promise<void> {
  try {
    await stat(file);
  } catch (error) {
    throw new CliUsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  const limits: Partial<ScpLimits> = {
    maxRatio: options.maxRatio,
    maxPageBytes: options.maxPageBytes,
    maxBlocksPerPage: options.maxBlocksPerPage,
    maxDecompressedBytes: options.maxDecompressedBytes,
    maxCompressedBytes: options.maxCompressedBytes,
  };
  const inspection = await inspectScpCollection(
    createReadStream(file, { highWaterMark: 256 * 1024 }),
    {
      limits,
      verifyChecksum: options.checksum,
    },
  );
  const summary = inspectionSummary(file, inspection);
  if (options.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else printInspection(summary, inspection);
  process.exitCode = inspection.valid ? 0 : EXIT_INVALID;
}

interface BuildOptions {
  out: string;
  id: string;
  section: string;
  type: string;
  generated?: string;
  since?: string;
  compression?: string;
  level?: number;
  checksum: boolean;
  json?: boolean;
}

class InputLineError extends Error {}

/** Pages from a JSON Lines file, one at a time (blank lines skipped). */
async function* readPages(input: Readable): AsyncGenerator<ScpPageInput> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let number = 0;
  for await (const line of lines) {
    number++;
    if (line.trim() === '') continue;
    try {
      yield JSON.parse(line) as ScpPageInput;
    } catch (error) {
      if (error instanceof SyntaxError)
        throw new InputLineError(`input line ${number} is not JSON: ${error.message}`);
      throw error;
    }
  }
}

async function build(input: string, options: BuildOptions): Promise<void> {
  const compression = (options.compression ?? scpCompressionFromFileName(options.out)) as
    ScpCompression | undefined;
  if (compression === undefined) {
    throw new CliUsageError(
      'cannot tell the compression from --out; name it .scp, .scp.gz or .scp.zst, or pass --compression',
    );
  }
  if (!['none', 'gzip', 'zstd'].includes(compression))
    throw new CliUsageError('--compression must be none, gzip or zstd');
  if (options.type !== 'snapshot' && options.type !== 'delta')
    throw new CliUsageError('--type must be snapshot or delta');
  if (options.type === 'delta' && options.since === undefined)
    throw new CliUsageError('a delta needs --since: it holds the pages modified after it');
  const source = input === '-' ? process.stdin : createReadStream(input);
  if (input !== '-') {
    try {
      await stat(input);
    } catch (error) {
      throw new CliUsageError(`cannot read ${input}: ${(error as Error).message}`);
    }
  }
  try {
    const generated = options.generated ?? new Date();
    const pages = readPages(source);
    const result = await writeScpCollection(
      {
        metadata: {
          id: options.id,
          section: options.section,
          type: options.type,
          generated,
          ...(options.since === undefined ? {} : { since: options.since }),
        },
        // A delta holds what changed in (since, generated], by each page's `modified`: the one
        // rule of core's selectScpDeltaPages, whatever the input file holds.
        pages:
          options.type === 'delta'
            ? selectScpDeltaPages(pages, { since: options.since!, generated })
            : pages,
      },
      { compression, output: options.out, level: options.level, checksum: options.checksum },
    );
    const summary = { file: options.out, ...result };
    if (options.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
    else {
      process.stdout.write(
        `wrote ${options.out}: ${result.pages} pages, ${result.uncompressedBytes} bytes, ` +
          `${result.compressedBytes} ${compression === 'none' ? 'written' : compression}` +
          `${result.metadata.checksum ? `, ${result.metadata.checksum}` : ''}\n`,
      );
    }
  } catch (error) {
    if (error instanceof AgentReadyError || error instanceof InputLineError) {
      const field = error instanceof AgentReadyError && error.field ? ` (${error.field})` : '';
      process.stderr.write(`agent-ready scp build: ${error.message}${field}\n`);
      process.exitCode = EXIT_INVALID;
      return;
    }
    throw error;
  }
}

function handleUsage(run: () => Promise<void>): Promise<void> {
  return run().catch((error: unknown) => {
    if (!(error instanceof CliUsageError)) throw error;
    process.stderr.write(`agent-ready scp: ${error.message}\n`);
    process.exitCode = EXIT_USAGE;
  });
}

export function registerScpCommands(program: Command): void {
  const scp = program
    .command('scp')
    .description('Site Content Protocol collections (.scp, .scp.gz, .scp.zst)');

  scp
    .command('inspect')
    .description('validate a collection and summarize it (exit code 0 only when it is valid)')
    .argument('<file>', 'collection file (compression detected by magic bytes)')
    .option('--json', 'print the summary as one JSON object')
    .option('--no-checksum', 'do not verify the checksum')
    .option('--max-ratio <n>', 'decompression ratio cap (default 100)', parseCount('--max-ratio'))
    .option(
      '--max-page-bytes <n>',
      'bytes per page line (default 100 MB)',
      parseCount('--max-page-bytes'),
    )
    .option(
      '--max-blocks-per-page <n>',
      'content blocks per page (default 1000)',
      parseCount('--max-blocks-per-page'),
    )
    .option(
      '--max-decompressed-bytes <n>',
      'decompressed size cap (default 500 GB)',
      parseCount('--max-decompressed-bytes'),
    )
    .option(
      '--max-compressed-bytes <n>',
      'compressed size cap (default 50 GB)',
      parseCount('--max-compressed-bytes'),
    )
    .action((file: string, options: InspectOptions) => handleUsage(() => inspect(file, options)));

  scp
    .command('build')
    .description('turn a JSON Lines file of pages into a collection')
    .argument('<input>', 'JSON Lines file of pages, or - for stdin')
    .requiredOption('--out <file>', 'collection to write (.scp, .scp.gz or .scp.zst)')
    .requiredOption('--id <id>', 'collection id')
    .requiredOption('--section <section>', 'section name')
    .option('--type <type>', 'snapshot or delta', 'snapshot')
    .option('--generated <time>', 'RFC 3339 generation time (default now)')
    .option('--since <time>', 'RFC 3339 start of a delta')
    .option('--compression <compression>', 'none, gzip or zstd (default from --out)')
    .option('--level <n>', 'compression level', parseCount('--level'))
    .option('--no-checksum', 'leave the checksum out (single pass)')
    .option('--json', 'print the result as one JSON object')
    .action((input: string, options: BuildOptions) => handleUsage(() => build(input, options)));
}
