/**
 * What an agent gets from a site the install test set up, on a real socket: the M-URL (200,
 * then 304 on its ETag), the sitemap listing it with the same hash, llms.txt, the change feed,
 * the SCP sitemap, and every concrete path the README's "What is served" table names.
 */
export async function checkServedSite(
  origin: string,
  mPath: string,
  tablePaths: readonly string[],
): Promise<string[]> {
  const problems: string[] = [];
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${origin}${path}`, { headers, redirect: 'manual' });

  const mUrl = await get(mPath);
  const etag = mUrl.headers.get('etag');
  if (mUrl.status !== 200 || !etag?.startsWith('"sha256-'))
    problems.push(`${mPath}: ${mUrl.status}, ETag ${String(etag)}`);
  else {
    const again = await get(mPath, { 'if-none-match': etag, 'cache-control': 'no-cache' });
    if (again.status !== 304)
      problems.push(`${mPath} with If-None-Match: ${again.status}, not 304`);
  }
  const sitemap = await get('/llm-sitemap.json');
  const listed = sitemap.status === 200 ? await sitemap.text() : '';
  if (!listed.includes(mPath) || (etag && !listed.includes(etag.slice(1, -1))))
    problems.push(`/llm-sitemap.json (${sitemap.status}) does not list ${mPath} with its ETag`);
  const paths = new Set(['/llms.txt', '/llm-changes.json', '/scp/sitemap.xml', ...tablePaths]);
  for (const path of paths) {
    // Those only served with an option the README's setup does not set.
    if (['/llm-policy.json', '/.well-known/llmindex.json', '/robots.txt'].includes(path)) continue;
    // Artifacts follow a publish by a debounced rebuild: wait for them as an agent would.
    if (path !== '/')
      await waitForStatus(origin, path, 200).catch((error: Error) => problems.push(error.message));
    const res = await get(path, { 'accept-encoding': 'gzip' });
    if (path === '/') {
      if (res.status >= 400) problems.push(`/: ${res.status}`);
      if (!res.headers.get('link')?.includes('/llm-sitemap.json'))
        problems.push(`/: no Link to /llm-sitemap.json (${String(res.headers.get('link'))})`);
    }
    await res.arrayBuffer().catch(() => undefined);
  }
  return problems;
}

/**
 * Polls `path` until it answers `status` (an agent's view of a save), or gives up. The deadline
 * only bounds a failure: the apps start beside Strapi's admin build and the test suites on two
 * cores, where the README's Express server (under a second alone) once missed a one-minute one.
 */
export async function waitForStatus(
  origin: string,
  path: string,
  status: number,
  deadlineMs = 180_000,
): Promise<void> {
  const until = Date.now() + deadlineMs;
  let last = 0;
  while (Date.now() < until) {
    last = await fetch(`${origin}${path}`)
      .then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      })
      .catch(() => 0);
    if (last === status) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${origin}${path} still answers ${last}, not ${status}`);
}
