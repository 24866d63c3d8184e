import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import { helpers, jwkToKeyID, signatureHeaders } from 'web-bot-auth';
import { Ed25519Signer } from 'web-bot-auth/crypto';

export interface SigningAgent {
  /** `http://127.0.0.1:<port>`: where its key directory is served (the `Signature-Agent`). */
  origin: string;
  /**
   * Web Bot Auth headers for `GET http://<host><path>`; `valid: false` tampers the signature.
   * `form`: `Signature-Agent` as an sf-string (early drafts, default) or as a Dictionary keyed by
   * the signature's label (`sig1="…"`, current drafts).
   */
  sign(
    host: string,
    path: string,
    valid?: boolean,
    form?: 'string' | 'dictionary',
  ): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * A Web Bot Auth agent for tests: a fresh Ed25519 key, its key directory on a local port, and
 * signed request headers (RFC 9421, the `web-bot-auth` tag) as a real crawler sends them.
 */
export async function startSigningAgent(): Promise<SigningAgent> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const publicJwk = publicKey.export({ format: 'jwk' });
  const directory = http.createServer((req, res) => {
    if (req.url === '/.well-known/http-message-signatures-directory')
      res.end(JSON.stringify({ keys: [publicJwk] }));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => directory.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(directory.address() as { port: number }).port}`;
  const keyid = await jwkToKeyID(
    publicJwk as never,
    helpers.WEBCRYPTO_SHA256,
    helpers.BASE64URL_DECODE,
  );
  const signer = await Ed25519Signer.fromJWK({
    ...privateKey.export({ format: 'jwk' }),
    kid: keyid,
  } as never);
  return {
    origin,
    async sign(host, path, valid = true, form = 'string') {
      // web-bot-auth signs with the label sig1.
      const signatureAgent = form === 'dictionary' ? `sig1="${origin}"` : `"${origin}"`;
      const message = {
        method: 'GET',
        url: `http://${host}${path}`,
        headers: { 'signature-agent': signatureAgent } as Record<string, string>,
      };
      const headers = await signatureHeaders(message, signer, {
        created: new Date(Date.now() - 1000),
        expires: new Date(Date.now() + 60_000),
      });
      return {
        'Signature-Agent': signatureAgent,
        Signature: valid ? headers.Signature : headers.Signature.replace(/:.{4}/, ':AAAA'),
        'Signature-Input': headers['Signature-Input'],
      };
    },
    close: () => new Promise<void>((resolve) => directory.close(() => resolve())),
  };
}
