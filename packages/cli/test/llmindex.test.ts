import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const BIN = resolve(__dirname, '../dist/bin.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Spawn the built command asynchronously, so the test's HTTP server keeps answering. */
function run(args: string[]): Promise<Run> {
  return new Promise((done) => {
    execFile(process.execPath, [BIN, ...args], { timeout: 20_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      done({ code, stdout, stderr });
    });
  });
}

const MANIFEST = {
  version: '0.1',
  updated_at: '2026-02-20T00:00:00Z',
  entity: { name: 'Example Shop', canonical_url: 'https://127.0.0.1:1/' },
  language: 'en',
  topics: ['outdoor'],
  endpoints: {
    products: 'https://127.0.0.1:1/llm/products',
    policies: 'https://127.0.0.1:1/llm/policies',
    faq: 'https://127.0.0.1:1/llm/faq',
    about: 'https://127.0.0.1:1/llm/about',
  },
};

let dir: string;
let server: Server;
let base: string;
const routes = new Map<string, { status?: number; type?: string; body: string | (() => void) }>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agent-ready-llmindex-'));
  server = createServer((request, response) => {
    const route = routes.get(request.url ?? '');
    if (route === undefined) {
      response.writeHead(404).end('not found');
      return;
    }
    if (typeof route.body === 'function') return; // never answer: exercises --timeout
    response
      .writeHead(route.status ?? 200, { 'content-type': route.type ?? 'application/json' })
      .end(route.body);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((closed) => server.close(closed));
  rmSync(dir, { recursive: true, force: true });
});

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('agent-ready llmindex validate', () => {
  it('accepts a valid manifest file with exit 0', async () => {
    const result = await run(['llmindex', 'validate', file('valid.json', MANIFEST)]);
    expect(result).toEqual(
      expect.objectContaining({
        code: 0,
        stdout: expect.stringMatching(/^valid llmindex v0\.1 manifest/),
      }),
    );
  });

  it('lists every problem with its field and exits 1; --json gives the structure', async () => {
    const path = file('invalid.json', {
      ...MANIFEST,
      language: 'english',
      languages: ['en'],
      topics: [],
    });
    const text = await run(['llmindex', 'validate', path]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('error languages: languages is a v0.2 field');
    expect(text.stdout).toContain('error language: ');
    const json = await run(['llmindex', 'validate', '--json', path]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual(
      expect.objectContaining({
        valid: false,
        problems: [
          expect.objectContaining({ field: 'languages', code: 'unknown_field' }),
          expect.objectContaining({ field: 'language', code: 'language', value: 'english' }),
          expect.objectContaining({ field: 'topics', code: 'empty' }),
        ],
      }),
    );
  });

  it('reports a file that is not JSON as invalid, and a missing file as an error (exit 2)', async () => {
    expect((await run(['llmindex', 'validate', file('html.json', '<html>')])).code).toBe(1);
    const missing = await run(['llmindex', 'validate', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read/);
  });

  it('fetches a URL: valid with warnings over http, 404 means unsupported', async () => {
    routes.set('/.well-known/llmindex.json', {
      type: 'text/plain',
      body: JSON.stringify(MANIFEST),
    });
    const ok = await run(['llmindex', 'validate', '--json', `${base}/.well-known/llmindex.json`]);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).warnings.map((w: { code: string }) => w.code)).toEqual([
      'content_type',
      'https',
    ]);
    const missing = await run(['llmindex', 'validate', `${base}/missing.json`]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/does not support llmindex/);
  });

  it('enforces the size cap and the timeout on URLs', async () => {
    routes.set('/big.json', { body: 'x'.repeat(5000) });
    const big = await run(['llmindex', 'validate', '--max-bytes', '1000', `${base}/big.json`]);
    expect(big.code).toBe(2);
    expect(big.stderr).toMatch(/larger than 1000 bytes/);
    routes.set('/slow.json', { body: () => undefined });
    const slow = await run(['llmindex', 'validate', '--timeout', '200', `${base}/slow.json`]);
    expect(slow.code).toBe(2);
    expect(slow.stderr).toMatch(/timed out after 200 ms/);
  });

  it('validates a products.jsonl feed with --feed, naming lines', async () => {
    const line = {
      id: 'a',
      title: 'A',
      url: 'https://127.0.0.1:1/a',
      price: 1,
      currency: 'EUR',
      availability: 'in_stock',
      updated_at: '2026-02-20T00:00:00Z',
    };
    const good = await run([
      'llmindex',
      'validate',
      '--feed',
      file('feed.jsonl', `${JSON.stringify(line)}\n`),
    ]);
    expect(good.code).toBe(0);
    const bad = await run([
      'llmindex',
      'validate',
      '--feed',
      file('bad.jsonl', `${JSON.stringify(line)}\n{oops\n`),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('  error line 2: the line is not JSON [json]');
  });

  it('knows a feed without --feed: by a .jsonl name, or by its lines', async () => {
    const line = (id: string) =>
      JSON.stringify({
        id,
        title: id.toUpperCase(),
        url: `https://127.0.0.1:1/${id}`,
        price: 1,
        currency: 'EUR',
        availability: 'in_stock',
        updated_at: '2026-02-20T00:00:00Z',
      });
    const lines = `${line('a')}\n${line('b')}\n`;
    for (const name of ['products.jsonl', 'products.txt']) {
      const result = await run(['llmindex', 'validate', file(name, lines)]);
      expect([name, result.code, result.stdout]).toEqual([
        name,
        0,
        expect.stringMatching(/^valid products\.jsonl feed: .* \(2 lines\)/),
      ]);
    }
    // A manifest is still read as one: a single JSON document is never taken for a feed.
    const manifest = await run(['llmindex', 'validate', file('one.json', `${line('a')}\n`)]);
    expect(manifest.stdout).not.toMatch(/feed/);
  });
});

describe('agent-ready llmindex keygen, sign, verify', () => {
  let keyPath: string;
  let jwksPath: string;
  let signedPath: string;

  beforeAll(async () => {
    const keygen = await run(['llmindex', 'keygen', '--kid', 'shop-2026']);
    expect(keygen.code).toBe(0);
    const keys = JSON.parse(keygen.stdout);
    keyPath = file('key.json', keys);
    jwksPath = file('jwks.json', keys.jwks);
  });

  it('keygen prints a private JWK with kid and a public-only JWKS', () => {
    const keys = JSON.parse(readFileSync(keyPath, 'utf8'));
    expect(keys.privateJwk).toEqual(
      expect.objectContaining({
        kid: 'shop-2026',
        kty: 'OKP',
        crv: 'Ed25519',
        d: expect.any(String),
      }),
    );
    expect(keys.jwks.keys).toEqual([
      expect.objectContaining({ kid: 'shop-2026', use: 'sig', alg: 'EdDSA' }),
    ]);
    expect(JSON.stringify(keys.jwks)).not.toContain('"d"');
  });

  it('signs a manifest and verifies it against the JWKS file and URL', async () => {
    const signed = await run(['llmindex', 'sign', file('m.json', MANIFEST), '--key', keyPath]);
    expect(signed.code).toBe(0);
    const manifest = JSON.parse(signed.stdout);
    expect(manifest.sig).toEqual(expect.objectContaining({ alg: 'EdDSA', kid: 'shop-2026' }));
    signedPath = file('signed.json', manifest);
    const verified = await run(['llmindex', 'verify', signedPath, '--jwks', jwksPath]);
    expect(verified).toEqual(
      expect.objectContaining({
        code: 0,
        stdout: expect.stringMatching(/^verified: .* kid "shop-2026" \(attached JWS/),
      }),
    );
    routes.set('/keys.json', { body: readFileSync(jwksPath, 'utf8') });
    routes.set('/signed.json', { body: readFileSync(signedPath, 'utf8') });
    const overHttp = await run([
      'llmindex',
      'verify',
      '--json',
      `${base}/signed.json`,
      '--jwks',
      `${base}/keys.json`,
    ]);
    expect(JSON.parse(overHttp.stdout)).toEqual(
      expect.objectContaining({ valid: true, kid: 'shop-2026', form: 'attached' }),
    );
  });

  it('signs detached on request; verification fails once the manifest changes', async () => {
    const signed = await run([
      'llmindex',
      'sign',
      file('m2.json', MANIFEST),
      '--key',
      keyPath,
      '--detached',
    ]);
    const manifest = JSON.parse(signed.stdout);
    expect(manifest.sig.jws).toMatch(/^[\w-]+\.\.[\w-]+$/);
    expect(
      (await run(['llmindex', 'verify', file('d.json', manifest), '--jwks', jwksPath])).code,
    ).toBe(0);
    const tampered = await run([
      'llmindex',
      'verify',
      file('t.json', { ...manifest, topics: ['x'] }),
      '--jwks',
      jwksPath,
    ]);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toMatch(/^not verified: .*\[bad_signature\]/);
  });

  it('refuses to sign an invalid manifest, listing its problems', async () => {
    const result = await run([
      'llmindex',
      'sign',
      file('bad.json', { ...MANIFEST, version: '0.2' }),
      '--key',
      keyPath,
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/cannot sign an invalid manifest:\n {2}error version/);
  });

  it('looks the keys up under the canonical URL when --jwks is not given', async () => {
    const result = await run(['llmindex', 'verify', signedPath, '--timeout', '2000']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('https://127.0.0.1:1/.well-known/llmindex-keys.json');
  });
});
