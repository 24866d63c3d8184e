import http from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import { helpers, jwkToKeyID, signatureHeaders } from 'web-bot-auth';
import { Ed25519Signer } from 'web-bot-auth/crypto';
import { createBotVerifier } from './verify-signature-agent';

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

/** A Signature-Agent on a real socket publishing its key directory. */
function startAgentDirectory(publicJwk: object) {
  return listen((req, res) => {
    if (req.url === '/.well-known/http-message-signatures-directory') {
      res.writeHead(200, { 'content-type': 'application/http-message-signatures-directory+json' });
      res.end(JSON.stringify({ keys: [publicJwk] }));
    } else res.writeHead(404).end();
  });
}

function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicJwk: publicKey.export({ format: 'jwk' }),
    privateJwk: privateKey.export({ format: 'jwk' }),
  };
}

async function signedRequest(
  agentOrigin: string,
  privateJwk: object,
  publicJwk: object,
  times: { created: Date; expires: Date },
  signatureAgent: (origin: string) => string = (origin) => `"${origin}"`,
) {
  const keyid = await jwkToKeyID(
    publicJwk as never,
    helpers.WEBCRYPTO_SHA256,
    helpers.BASE64URL_DECODE,
  );
  const signer = await Ed25519Signer.fromJWK({ ...privateJwk, kid: keyid } as never);
  const request = {
    method: 'GET',
    url: 'https://example.com/a/llm.json',
    headers: { 'signature-agent': signatureAgent(agentOrigin) } as Record<string, string>,
  };
  const headers = await signatureHeaders(request, signer, times);
  return {
    ...request,
    headers: {
      ...request.headers,
      signature: headers.Signature,
      'signature-input': headers['Signature-Input'],
    },
  };
}

describe('Web Bot Auth verification', () => {
  const keys = keyPair();
  let agent: Awaited<ReturnType<typeof startAgentDirectory>>;
  const now = () => ({
    created: new Date(Date.now() - 1000),
    expires: new Date(Date.now() + 60_000),
  });

  beforeAll(async () => {
    agent = await startAgentDirectory(keys.publicJwk);
  });
  afterAll(() => agent.server.close());

  it('verifies a signature made with a key from the agent’s directory', async () => {
    const verifier = createBotVerifier({ allowHttp: true });
    const request = await signedRequest(agent.origin, keys.privateJwk, keys.publicJwk, now());
    expect(await verifier.verify(request)).toMatchObject({
      status: 'verified',
      agent: new URL(agent.origin).host,
    });
  });

  // The signature label web-bot-auth signs with is "sig1".
  it.each([
    ['an sf-string (early drafts)', (origin: string) => `"${origin}"`],
    ['a Dictionary keyed by label (current drafts)', (origin: string) => `sig1="${origin}"`],
    [
      'a Dictionary with other members',
      (origin: string) => `sig0="https://other.example", sig1="${origin}";p=1`,
    ],
    ['a bare URL', (origin: string) => origin],
  ])('reads Signature-Agent as %s', async (_form, signatureAgent) => {
    const verifier = createBotVerifier({ allowHttp: true });
    const request = await signedRequest(
      agent.origin,
      keys.privateJwk,
      keys.publicJwk,
      now(),
      signatureAgent,
    );
    expect(await verifier.verify(request)).toMatchObject({
      status: 'verified',
      agent: new URL(agent.origin).host,
    });
  });

  it.each([
    ['no member for the signature label', (origin: string) => `a="${origin}", b="${origin}"`],
    ['not a structured field', () => '"unterminated'],
    ['a member that is not a string', () => 'sig1=?1'],
  ])('rejects a Signature-Agent with %s', async (_why, signatureAgent) => {
    const verifier = createBotVerifier({ allowHttp: true });
    const request = await signedRequest(
      agent.origin,
      keys.privateJwk,
      keys.publicJwk,
      now(),
      signatureAgent,
    );
    expect(await verifier.verify(request)).toMatchObject({
      status: 'invalid',
      reason: expect.stringMatching(/Signature-Agent/),
    });
  });

  it('says absent for an unsigned request', async () => {
    const verifier = createBotVerifier({ allowHttp: true });
    expect(
      await verifier.verify({ method: 'GET', url: 'https://example.com/', headers: {} }),
    ).toEqual({
      status: 'absent',
    });
  });

  it('rejects a key the directory does not publish', async () => {
    const other = keyPair();
    const verifier = createBotVerifier({ allowHttp: true });
    const request = await signedRequest(agent.origin, other.privateJwk, other.publicJwk, now());
    expect(await verifier.verify(request)).toMatchObject({
      status: 'invalid',
      reason: expect.stringMatching(/not in the agent's directory/),
    });
  });

  it('rejects an expired signature', async () => {
    const verifier = createBotVerifier({ allowHttp: true });
    const request = await signedRequest(agent.origin, keys.privateJwk, keys.publicJwk, {
      created: new Date(Date.now() - 120_000),
      expires: new Date(Date.now() - 60_000),
    });
    expect(await verifier.verify(request)).toMatchObject({
      status: 'invalid',
      reason: expect.stringMatching(/expired/),
    });
  });

  it('rejects a tampered request: another authority, or altered signature bytes', async () => {
    const verifier = createBotVerifier({ allowHttp: true });
    const request = await signedRequest(agent.origin, keys.privateJwk, keys.publicJwk, now());
    // The signature covers the target's authority and the Signature-Agent header.
    expect(
      await verifier.verify({ ...request, url: 'https://evil.example/a/llm.json' }),
    ).toMatchObject({
      status: 'invalid',
    });
    const signature = request.headers.signature!;
    const at = signature.indexOf(':') + 1;
    const flipped = `${signature.slice(0, at)}${signature[at] === 'A' ? 'B' : 'A'}${signature.slice(at + 1)}`;
    expect(
      await verifier.verify({ ...request, headers: { ...request.headers, signature: flipped } }),
    ).toMatchObject({
      status: 'invalid',
    });
  });

  it('fails closed, quickly, when the key directory is unreachable or redirects', async () => {
    const verifier = createBotVerifier({ allowHttp: true, timeoutMs: 500 });
    const unreachable = await signedRequest(
      'http://127.0.0.1:1',
      keys.privateJwk,
      keys.publicJwk,
      now(),
    );
    expect(await verifier.verify(unreachable)).toMatchObject({ status: 'invalid' });
    const redirecting = await listen((_req, res) =>
      res
        .writeHead(302, {
          location: `${agent.origin}/.well-known/http-message-signatures-directory`,
        })
        .end(),
    );
    try {
      const redirected = await signedRequest(
        redirecting.origin,
        keys.privateJwk,
        keys.publicJwk,
        now(),
      );
      expect(await verifier.verify(redirected)).toMatchObject({
        status: 'invalid',
        reason: expect.stringMatching(/302/),
      });
    } finally {
      redirecting.server.close();
    }
  });

  it('requires an https Signature-Agent outside tests', async () => {
    const verifier = createBotVerifier();
    const request = await signedRequest(agent.origin, keys.privateJwk, keys.publicJwk, now());
    expect(await verifier.verify(request)).toMatchObject({
      status: 'invalid',
      reason: expect.stringMatching(/https/),
    });
  });
});
