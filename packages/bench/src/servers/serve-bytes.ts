// A bare node:http server answering exactly the bytes and validators another server answered for
// one URL (fetched once at start): the ceiling to compare that server against.
import http from 'node:http';

async function main(): Promise<void> {
  const url = process.argv[2]!;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  const keep = [
    'etag',
    'cache-control',
    'vary',
    'last-modified',
    'link',
    'content-type',
    'content-digest',
  ];
  const headers: Record<string, string> = {};
  for (const name of keep) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const validators = Object.fromEntries(
    Object.entries(headers).filter(([name]) => !['content-type', 'content-digest'].includes(name)),
  );
  const full = { ...headers, 'content-length': String(body.length) };
  const etag = headers.etag ?? '"none"';
  const server = http.createServer((req, res) => {
    if (req.headers['if-none-match'] === etag) res.writeHead(304, validators).end();
    else res.writeHead(200, full).end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(
      `ready ${(server.address() as { port: number }).port} ${new URL(url).pathname} ${etag}\n`,
    );
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
