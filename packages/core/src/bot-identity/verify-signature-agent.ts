import { helpers, jwkToKeyID, verify as verifyWebBotAuth } from 'web-bot-auth';
import { verifierFromJWK } from 'web-bot-auth/crypto';
import { readSignatureAgent } from './read-signature-agent';

/** A request as adapters see it: absolute URL, lower-case headers. */
export interface SignedRequest {
  method: string;
  url: string;
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
}

export type BotVerification =
  | { status: 'absent' }
  | { status: 'verified'; agent: string; keyId: string }
  | { status: 'invalid'; reason: string; agent?: string };

export interface BotVerifierOptions {
  /** Key directory fetch timeout (default 2 s). */
  timeoutMs?: number;
  /** Largest key directory read (default 64 KiB). */
  maxDirectoryBytes?: number;
  /** How long a fetched directory is trusted (default 1 h), and a failed fetch remembered (5 min). */
  cacheTtlMs?: number;
  failureTtlMs?: number;
  /** Accept `http:` Signature-Agent URLs (tests on localhost); production requires https. */
  allowHttp?: boolean;
}

const DIRECTORY_PATH = '/.well-known/http-message-signatures-directory';

/** An Ed25519 public JWK as directories publish them. */
type PublicJwk = { kty?: string; crv?: string; x?: string; [member: string]: unknown };

interface DirectoryEntry {
  expires: number;
  keys?: Map<string, PublicJwk>;
  error?: string;
}

function header(request: SignedRequest, name: string): string | undefined {
  const value = request.headers[name];
  return value === undefined ? undefined : typeof value === 'string' ? value : value.join(', ');
}

/** Reads a body up to `max` bytes, aborting past it. */
async function readCapped(response: Response, max: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new Error(`key directory larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Web Bot Auth: verifies an agent's HTTP Message Signature (RFC 9421, `web-bot-auth` tag) against
 * the keys its `Signature-Agent` publishes at `/.well-known/http-message-signatures-directory`.
 * Directories are fetched with a tight time and size limit, no redirects, and cached (failures
 * too, briefly). Never throws: the answer says verified, invalid (with why) or absent.
 */
export function createBotVerifier(options: BotVerifierOptions = {}) {
  const timeoutMs = options.timeoutMs ?? 2000;
  const maxBytes = options.maxDirectoryBytes ?? 64 * 1024;
  const cacheTtl = options.cacheTtlMs ?? 3_600_000;
  const failureTtl = options.failureTtlMs ?? 300_000;
  const directories = new Map<string, DirectoryEntry | Promise<DirectoryEntry>>();

  async function fetchDirectory(origin: string): Promise<DirectoryEntry> {
    try {
      const response = await fetch(`${origin}${DIRECTORY_PATH}`, {
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/http-message-signatures-directory+json, application/json' },
      });
      if (response.status !== 200) throw new Error(`key directory answered ${response.status}`);
      const json = JSON.parse(await readCapped(response, maxBytes)) as { keys?: unknown };
      if (!Array.isArray(json.keys)) throw new Error('key directory has no keys');
      const keys = new Map<string, PublicJwk>();
      for (const key of json.keys as PublicJwk[]) {
        if (
          key &&
          typeof key === 'object' &&
          key.kty === 'OKP' &&
          key.crv === 'Ed25519' &&
          typeof key.x === 'string'
        ) {
          keys.set(
            await jwkToKeyID(key as never, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE),
            key,
          );
        }
      }
      return { expires: Date.now() + cacheTtl, keys };
    } catch (error) {
      return { expires: Date.now() + failureTtl, error: (error as Error).message || String(error) };
    }
  }

  async function directory(origin: string): Promise<DirectoryEntry> {
    const cached = directories.get(origin);
    if (cached && !(cached instanceof Promise) && cached.expires > Date.now()) return cached;
    if (cached instanceof Promise) return cached;
    if (directories.size > 1000) directories.clear();
    const pending = fetchDirectory(origin);
    directories.set(origin, pending);
    const entry = await pending;
    directories.set(origin, entry);
    return entry;
  }

  return {
    async verify(request: SignedRequest): Promise<BotVerification> {
      if (
        header(request, 'signature') === undefined ||
        header(request, 'signature-input') === undefined
      ) {
        return { status: 'absent' };
      }
      const agentField = readSignatureAgent(
        header(request, 'signature-agent'),
        header(request, 'signature-input'),
      );
      if ('error' in agentField) return { status: 'invalid', reason: agentField.error };
      const agentUrl = agentField.url;
      let origin: string;
      try {
        const url = new URL(agentUrl);
        if (url.protocol !== 'https:' && !(options.allowHttp && url.protocol === 'http:')) {
          return {
            status: 'invalid',
            reason: 'Signature-Agent must be an https URL',
            agent: agentUrl,
          };
        }
        origin = url.origin;
      } catch {
        return { status: 'invalid', reason: 'Signature-Agent is not a URL', agent: agentUrl };
      }
      const entry = await directory(origin);
      if (!entry.keys)
        return { status: 'invalid', reason: entry.error ?? 'no key directory', agent: origin };
      let keyId = '';
      try {
        await verifyWebBotAuth(
          {
            method: request.method,
            url: request.url,
            headers: request.headers as Record<string, string>,
          },
          async (data, signature, params) => {
            keyId = params.keyid;
            const jwk = entry.keys!.get(params.keyid);
            if (!jwk) throw new Error(`key ${params.keyid} is not in the agent's directory`);
            await (
              await verifierFromJWK(jwk)
            )(data, signature, params);
          },
        );
        return { status: 'verified', agent: new URL(origin).host, keyId };
      } catch (error) {
        return {
          status: 'invalid',
          reason: (error as Error).message || 'signature does not verify',
          agent: origin,
        };
      }
    },
  };
}

export type BotVerifier = ReturnType<typeof createBotVerifier>;
