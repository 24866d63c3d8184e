import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import type { Transform } from 'node:stream';
import type * as ZstdNapiModule from 'zstd-napi';
import type * as ZstdNapiBindingModule from 'zstd-napi/binding.js';
import { ScpError } from './scp-errors';
import type { ScpCompression } from './scp-types';

/**
 * zstd where it comes from: Node's own `zlib` from v22.15 / v23.8, the `zstd-napi` package
 * (loaded only when needed) on older Node. Both are libzstd; the bytes may differ between the
 * two only by library version. `zstd-napi` is an optional peer dependency (a native module that
 * is compiled at install): without it, on older Node, what publishes SCP writes gzip only
 * (`hasZstd()`) and reading or writing zstd fails with `scp.zstd_unavailable`.
 */
type ZlibWithZstd = typeof zlib & {
  createZstdCompress?: (options?: { params?: Record<number, number> }) => Transform;
  createZstdDecompress?: (options?: { chunkSize?: number }) => Transform;
  constants: typeof zlib.constants & { ZSTD_c_compressionLevel?: number };
};

const nodeZlib = zlib as ZlibWithZstd;

export type ZstdNapi = typeof ZstdNapiModule;
export type ZstdNapiBinding = typeof ZstdNapiBindingModule;

/**
 * `zstd-napi` is CommonJS with a native addon: loaded with `require` (not `import()`, which
 * sandboxes such as jest's vm reject) and only on first use, so Node ≥ 22.15 never loads it.
 */
const requireFromHere = createRequire(import.meta.url);

const ZSTD_UNAVAILABLE =
  'zstd needs Node 22.15 or later, or the zstd-napi package: npm install zstd-napi';

/** `zstd-napi` (or one of its files), or a typed error saying how to get zstd when it is absent. */
export function requireZstdNapi<T>(id: string, requireFrom: NodeJS.Require = requireFromHere): T {
  try {
    return requireFrom(id) as T;
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code !== 'MODULE_NOT_FOUND' || !message.includes('zstd-napi')) throw error;
    throw new ScpError('scp.zstd_unavailable', ZSTD_UNAVAILABLE, { cause: error });
  }
}

export function loadZstdNapi(): Promise<ZstdNapi> {
  return Promise.resolve().then(() => requireZstdNapi<ZstdNapi>('zstd-napi'));
}

export function loadZstdNapiBinding(): Promise<ZstdNapiBinding> {
  return Promise.resolve().then(() => requireZstdNapi<ZstdNapiBinding>('zstd-napi/binding.js'));
}

/**
 * Whether this process can write and read zstd: Node's own, or `zstd-napi` installed and
 * loadable (its native part built). Publishers store SCP collections in zstd only then.
 */
export function hasZstd(requireFrom: NodeJS.Require = requireFromHere): boolean {
  if (hasNodeZstd()) return true;
  try {
    requireZstdNapi('zstd-napi', requireFrom);
    return true;
  } catch {
    return false;
  }
}

/** Whether this Node has zstd in `zlib` (then `zstd-napi` is never loaded). */
export function hasNodeZstd(): boolean {
  return (
    typeof nodeZlib.createZstdCompress === 'function' &&
    typeof nodeZlib.createZstdDecompress === 'function'
  );
}

export function createNodeZstdDecompress(chunkSize: number): Transform | undefined {
  return hasNodeZstd() ? nodeZlib.createZstdDecompress!({ chunkSize }) : undefined;
}

/** Default levels: gzip 6 (zlib's default, the reference generator's), zstd 3 (libzstd's). */
export const SCP_DEFAULT_LEVELS = { gzip: 6, zstd: 3 } as const;

/** A compressing Transform for the collection bytes, or `undefined` for `none`. */
export async function createScpCompressor(
  compression: ScpCompression,
  level?: number,
): Promise<Transform | undefined> {
  if (compression === 'none') return undefined;
  if (compression === 'gzip') {
    return zlib.createGzip({ level: level ?? SCP_DEFAULT_LEVELS.gzip, chunkSize: 64 * 1024 });
  }
  const zstdLevel = level ?? SCP_DEFAULT_LEVELS.zstd;
  if (hasNodeZstd()) {
    const param = nodeZlib.constants.ZSTD_c_compressionLevel ?? 100;
    return nodeZlib.createZstdCompress!({ params: { [param]: zstdLevel } });
  }
  const { CompressStream } = await loadZstdNapi();
  return new CompressStream({ compressionLevel: zstdLevel });
}

/**
 * `bytes` (a whole collection held in memory) compressed in one call, to the same bytes as
 * `createScpCompressor`'s stream. Where zstd comes from `zstd-napi`, one compression context per
 * level serves every call: each stream allocates a context sized for any input (megabytes,
 * reported to V8 as external memory), and a rebuild writing a few dozen small collections made
 * V8 collect the whole heap about twice per rebuild, in a CMS process most of the rebuild's CPU.
 */
export async function compressScpBytes(
  compression: ScpCompression,
  bytes: Buffer,
  level?: number,
): Promise<Buffer> {
  if (compression === 'none') return bytes;
  if (compression === 'gzip') {
    const gzipLevel = level ?? SCP_DEFAULT_LEVELS.gzip;
    return new Promise((resolve, reject) =>
      zlib.gzip(bytes, { level: gzipLevel }, (error, result) =>
        error ? reject(error) : resolve(result),
      ),
    );
  }
  const zstdLevel = level ?? SCP_DEFAULT_LEVELS.zstd;
  if (hasNodeZstd()) {
    const chunks: Buffer[] = [];
    const compressor = (await createScpCompressor('zstd', zstdLevel))!;
    compressor.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise<void>((resolve, reject) => {
      compressor.once('error', reject).once('end', resolve);
      compressor.end(bytes);
    });
    return Buffer.concat(chunks);
  }
  return compressWithSharedZstdContext(await loadZstdNapiBinding(), zstdLevel, bytes);
}

/** A reused zstd-napi context and its output buffer, per compression level. */
const sharedZstdContexts = new Map<
  number,
  { cctx: InstanceType<ZstdNapiBinding['CCtx']>; output: Buffer }
>();

/**
 * `bytes` through a shared zstd-napi context as its `CompressStream` would compress them (all of
 * the input, then the end of the frame: no content size in the header), reset before each use so
 * that a call that failed half-way leaves nothing behind.
 */
function compressWithSharedZstdContext(
  binding: ZstdNapiBinding,
  level: number,
  bytes: Buffer,
): Buffer {
  let shared = sharedZstdContexts.get(level);
  if (!shared) {
    const cctx = new binding.CCtx();
    cctx.setParameter(binding.CParameter.compressionLevel, level);
    shared = { cctx, output: Buffer.allocUnsafe(binding.cStreamOutSize()) };
    sharedZstdContexts.set(level, shared);
  }
  const { cctx, output } = shared;
  cctx.reset(binding.ResetDirective.sessionOnly);
  const chunks: Buffer[] = [];
  const run = (input: Buffer, end: boolean) => {
    const directive = end ? binding.EndDirective.end : binding.EndDirective.continue;
    for (;;) {
      const [left, produced, consumed] = cctx.compressStream2(output, input, directive);
      if (produced > 0) chunks.push(Buffer.from(output.subarray(0, produced)));
      input = input.subarray(consumed);
      if (input.length === 0 && (!end || left === 0)) return;
    }
  };
  run(bytes, false);
  run(Buffer.alloc(0), true);
  return Buffer.concat(chunks);
}

const GZIP_MAGIC = [0x1f, 0x8b];
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);
}

/** Compression by magic bytes (spec IANA section: `1F 8B` gzip, `28 B5 2F FD` zstd). */
export function detectScpCompression(head: Uint8Array): ScpCompression {
  if (startsWith(head, GZIP_MAGIC)) return 'gzip';
  if (startsWith(head, ZSTD_MAGIC)) return 'zstd';
  return 'none';
}

/** `.scp`, `.scp.gz` or `.scp.zst`. */
export function scpFileExtension(compression: ScpCompression): string {
  return compression === 'gzip' ? '.scp.gz' : compression === 'zstd' ? '.scp.zst' : '.scp';
}

/** The compression a file name's extension names, `undefined` when it names none of the three. */
export function scpCompressionFromFileName(name: string): ScpCompression | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.scp.gz') || lower.endsWith('.gz')) return 'gzip';
  if (lower.endsWith('.scp.zst') || lower.endsWith('.zst')) return 'zstd';
  if (lower.endsWith('.scp')) return 'none';
  return undefined;
}
