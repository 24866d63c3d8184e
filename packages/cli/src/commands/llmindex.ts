import type { Command } from 'commander';
import { AgentReadyError, isAgentReadyError } from '@agent-ready/core/errors';
import {
  buildLlmindexJwks,
  generateLlmindexKeyPair,
  LLMINDEX_KEYS_PATH,
  readLlmindexResponse,
  signLlmindexManifest,
  validateLlmindexManifest,
  validateLlmindexProductFeed,
  verifyLlmindexManifestSignature,
  type LlmindexProblem,
} from '@agent-ready/core/llmindex';
import { resolveUri } from '@agent-ready/core/uri';
import {
  DEFAULT_MAX_BYTES,
  isUrl,
  readSource,
  SourceReadError,
  type SourceContent,
} from '../io/read-source';

/** Exit codes: 0 valid / verified, 1 invalid / not verified, 2 could not check (I/O, usage). */
const EXIT_INVALID = 1;
const EXIT_ERROR = 2;
const FEED_MAX_BYTES = 64 * 1024 * 1024;

interface FetchOptions {
  timeout: number;
  maxBytes?: number;
}

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number <= 0)
    throw new Error(`not a positive integer: ${value}`);
  return number;
}

function addFetchOptions(command: Command): Command {
  return command
    .option(
      '--timeout <ms>',
      'give up on a URL after this many milliseconds',
      positiveInteger,
      10_000,
    )
    .option('--max-bytes <n>', 'refuse inputs larger than this many bytes', positiveInteger);
}

function writeJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

function fail(message: string, code = EXIT_ERROR): void {
  process.stderr.write(`agent-ready: ${message}\n`);
  process.exitCode = code;
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new SourceReadError(`${what} is not JSON: ${(error as Error).message}`);
  }
}

function formatProblem(
  level: 'error' | 'warning',
  problem: LlmindexProblem & { line?: number },
): string {
  const where = [problem.line === undefined ? '' : `line ${problem.line}`, problem.field]
    .filter(Boolean)
    .join(': ');
  const value = problem.value === undefined ? '' : ` (got ${JSON.stringify(problem.value)})`;
  return `  ${level} ${where || '(document)'}: ${problem.message} [${problem.code}]${value}\n`;
}

/** Run an action, turning I/O and core errors into a message and exit code 2. */
function guarded<A extends unknown[]>(
  action: (...args: A) => Promise<void>,
): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await action(...args);
    } catch (error) {
      if (error instanceof SourceReadError) return fail(error.message);
      if (isAgentReadyError(error)) return fail(`${error.message} [${error.code}]`, EXIT_INVALID);
      throw error;
    }
  };
}

/** A source named like a JSON Lines file: `products.jsonl`, `feed.ndjson` (path or URL path). */
function namesFeed(source: string): boolean {
  let path = source;
  if (isUrl(source)) {
    try {
      path = new URL(source).pathname;
    } catch {
      return false;
    }
  }
  return /\.(?:jsonl|ndjson)$/i.test(path);
}

/**
 * Content that is a feed, not a manifest: served as JSON Lines, or not one JSON document but
 * several lines of which the first is a JSON object (a manifest is a single JSON object).
 */
function looksLikeFeed(content: SourceContent): boolean {
  if (/^application\/(?:jsonl|x-ndjson|jsonlines)\b/i.test(content.contentType ?? '')) return true;
  try {
    JSON.parse(content.text);
    return false;
  } catch {
    // not one JSON document
  }
  const lines = content.text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length < 2) return false;
  try {
    const first: unknown = JSON.parse(lines[0]!);
    return typeof first === 'object' && first !== null && !Array.isArray(first);
  } catch {
    return false;
  }
}

async function validateAction(
  source: string,
  options: FetchOptions & { json?: boolean; feed?: boolean },
) {
  const feedByName = options.feed === true || namesFeed(source);
  const content = await readSource(source, {
    timeoutMs: options.timeout,
    maxBytes: options.maxBytes ?? (feedByName ? FEED_MAX_BYTES : DEFAULT_MAX_BYTES),
    accept: feedByName ? 'application/jsonl, application/x-ndjson, */*' : 'application/json',
  });
  if (feedByName || looksLikeFeed(content)) return reportFeed(source, content, options.json);
  const warnings: LlmindexProblem[] = [];
  if (content.status !== undefined) {
    const read = readLlmindexResponse({
      status: content.status,
      contentType: content.contentType,
      body: content.text,
    });
    if (!read.supported && (read.reason === 'not_found' || read.reason === 'http_error')) {
      const message =
        read.reason === 'not_found'
          ? `${source} answered ${content.status}: the site does not support llmindex (§9)`
          : `${source} answered ${content.status}`;
      if (options.json)
        writeJson({
          source,
          status: content.status,
          valid: false,
          supported: false,
          problems: [],
          warnings: [],
        });
      return fail(message, EXIT_INVALID);
    }
    warnings.push(...read.warnings.filter((warning) => warning.code === 'content_type'));
    if (/^http:/i.test(content.url ?? source)) {
      warnings.push({
        field: '',
        code: 'https',
        message: 'the manifest must be served over HTTPS (§10)',
      });
    }
  }
  let problems: LlmindexProblem[];
  let manifest: unknown;
  try {
    manifest = JSON.parse(content.text.replace(/^\uFEFF/, ''));
    const result = validateLlmindexManifest(manifest);
    problems = result.problems;
    warnings.push(...result.warnings);
  } catch (error) {
    problems = [{ field: '', code: 'json', message: `not JSON: ${(error as Error).message}` }];
  }
  const valid = problems.length === 0;
  if (options.json) {
    writeJson({
      source,
      ...(content.status === undefined ? {} : { status: content.status }),
      valid,
      problems,
      warnings,
    });
  } else {
    const summary = valid
      ? `valid llmindex v0.1 manifest: ${source}`
      : `invalid llmindex manifest: ${source} (${problems.length} problem${problems.length === 1 ? '' : 's'})`;
    process.stdout.write(`${summary}\n`);
    for (const problem of problems) process.stdout.write(formatProblem('error', problem));
    for (const warning of warnings) process.stdout.write(formatProblem('warning', warning));
  }
  process.exitCode = valid ? 0 : EXIT_INVALID;
}

function reportFeed(source: string, content: SourceContent, json?: boolean): void {
  if (content.status !== undefined && (content.status < 200 || content.status > 299)) {
    return fail(
      `${source} answered ${content.status}; the feed is unavailable (§9: skip it)`,
      EXIT_INVALID,
    );
  }
  const result = validateLlmindexProductFeed(content.text);
  if (json) {
    writeJson({ source, ...result });
  } else {
    const summary = result.valid
      ? `valid products.jsonl feed: ${source} (${result.lineCount} lines)`
      : `invalid products.jsonl feed: ${source} (${result.problems.length} problems in ${result.lineCount} lines)`;
    process.stdout.write(`${summary}\n`);
    for (const problem of result.problems) process.stdout.write(formatProblem('error', problem));
    for (const warning of result.warnings) process.stdout.write(formatProblem('warning', warning));
  }
  process.exitCode = result.valid ? 0 : EXIT_INVALID;
}

async function keygenAction(options: { kid?: string }) {
  const pair = await generateLlmindexKeyPair({ kid: options.kid });
  writeJson({
    kid: pair.kid,
    privateJwk: pair.privateJwk,
    jwks: buildLlmindexJwks([pair.publicJwk]),
  });
  process.stderr.write(
    `agent-ready: keep "privateJwk" secret; publish "jwks" at ${LLMINDEX_KEYS_PATH}\n`,
  );
}

async function signAction(
  source: string,
  options: FetchOptions & { key: string; kid?: string; detached?: boolean },
) {
  const manifest = parseJson(
    (await readSource(source, { timeoutMs: options.timeout, maxBytes: options.maxBytes })).text,
    source,
  );
  const keyFile = parseJson(
    (await readSource(options.key, { maxBytes: 64 * 1024 })).text,
    options.key,
  );
  // Accept the output of `keygen` as it is, or a bare private JWK.
  const key =
    typeof keyFile === 'object' && keyFile !== null && 'privateJwk' in keyFile
      ? keyFile.privateJwk
      : keyFile;
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) {
    return fail(`${source} is not a JSON object`, EXIT_INVALID);
  }
  try {
    const signed = await signLlmindexManifest(manifest as Record<string, unknown>, key, {
      kid: options.kid,
      detached: options.detached,
    });
    writeJson(signed);
  } catch (error) {
    if (error instanceof AgentReadyError && 'problems' in error) {
      process.stderr.write(`agent-ready: cannot sign an invalid manifest:\n`);
      for (const problem of error.problems as LlmindexProblem[])
        process.stderr.write(formatProblem('error', problem));
      process.exitCode = EXIT_INVALID;
      return;
    }
    throw error;
  }
}

function keysUrlFor(manifest: unknown): string {
  const entity =
    typeof manifest === 'object' && manifest !== null
      ? (manifest as { entity?: unknown }).entity
      : undefined;
  const canonical =
    typeof entity === 'object' && entity !== null
      ? (entity as { canonical_url?: unknown }).canonical_url
      : undefined;
  if (typeof canonical !== 'string' || !isUrl(canonical)) {
    throw new SourceReadError(
      'the manifest has no usable entity.canonical_url; pass --jwks <file|url>',
    );
  }
  return resolveUri(canonical, LLMINDEX_KEYS_PATH);
}

async function verifyAction(
  source: string,
  options: FetchOptions & { jwks?: string; json?: boolean },
) {
  const content = await readSource(source, {
    timeoutMs: options.timeout,
    maxBytes: options.maxBytes,
    accept: 'application/json',
  });
  if (content.status !== undefined && (content.status < 200 || content.status > 299)) {
    return fail(`${source} answered ${content.status}`, EXIT_INVALID);
  }
  const manifest = parseJson(content.text, source);
  const jwksSource = options.jwks ?? keysUrlFor(manifest);
  const jwksContent = await readSource(jwksSource, {
    timeoutMs: options.timeout,
    maxBytes: 256 * 1024,
    accept: 'application/json',
  });
  if (jwksContent.status !== undefined && (jwksContent.status < 200 || jwksContent.status > 299)) {
    return fail(`the keys at ${jwksSource} answered ${jwksContent.status}`);
  }
  const check = await verifyLlmindexManifestSignature(
    manifest,
    parseJson(jwksContent.text, jwksSource),
  );
  if (options.json) {
    writeJson({ source, jwks: jwksSource, ...check });
  } else if (check.valid) {
    process.stdout.write(
      `verified: ${source} is signed by kid "${check.kid}" (${check.form} JWS, keys from ${jwksSource})\n`,
    );
  } else {
    process.stdout.write(`not verified: ${source}: ${check.message} [${check.code}]\n`);
  }
  process.exitCode = check.valid ? 0 : EXIT_INVALID;
}

/** `agent-ready llmindex …`: validate, keygen, sign, verify. */
export function registerLlmindexCommands(program: Command): void {
  const llmindex = program
    .command('llmindex')
    .description('llmindex v0.1 manifests (/.well-known/llmindex.json): validate, sign, verify');

  addFetchOptions(
    llmindex
      .command('validate <source>')
      .description('validate a manifest (file, URL or -) strictly as v0.1; exit 0 only if valid')
      .option('--json', 'print the result as JSON')
      .option(
        '--feed',
        'validate a products.jsonl feed (found without it by a .jsonl/.ndjson name, a JSON Lines type, or its lines)',
      ),
  ).action(guarded(validateAction));

  llmindex
    .command('keygen')
    .description('generate an Ed25519 signing key: prints the private JWK and the public JWKS')
    .option('--kid <kid>', 'key id (default: the RFC 7638 thumbprint)')
    .action(guarded(keygenAction));

  addFetchOptions(
    llmindex
      .command('sign <source>')
      .description('sign a manifest with EdDSA (JWS over its JCS form); prints the signed manifest')
      .requiredOption('--key <jwk-file>', 'private JWK, or the output of keygen')
      .option('--kid <kid>', "key id to use instead of the key's own")
      .option('--detached', 'write the detached JWS form (header..signature)'),
  ).action(guarded(signAction));

  addFetchOptions(
    llmindex
      .command('verify <source>')
      .description(
        "verify a manifest's signature; keys default to <canonical_url>/.well-known/llmindex-keys.json",
      )
      .option('--jwks <source>', 'JWKS (or JWK) file or URL')
      .option('--json', 'print the result as JSON'),
  ).action(guarded(verifyAction));
}
