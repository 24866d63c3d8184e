// A bare node:http server answering exactly the response another server answered for one URL
// (fetched once at start: status, headers and bytes): the ceiling to compare that server against.
import http from 'node:http';

async function main(): Promise<void> {
  const url = process.argv[2]!;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  // Every header the server sent, so both answer the same response, byte for byte (a Strapi's
  // security and CORS headers included), but those that belong to one response or connection.
  const perResponse = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!perResponse.has(name) && name !== 'content-length') headers[name] = value;
  });
  // A 304 carries the validators and what describes the resource, not the body's headers.
  const bodyHeaders = new Set(['content-type', 'content-digest', 'content-encoding']);
  const validators = Object.fromEntries(
    Object.entries(headers).filter(([name]) => !bodyHeaders.has(name)),
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
