import type { HttpClient } from '../http/http-client';

/** `Sitemap:` lines of a robots.txt (RFC 9309 §2.2.4 leaves them to sitemaps.org), resolved. */
export function readRobotsSitemaps(robotsTxt: string, robotsUrl: string): string[] {
  const urls: string[] = [];
  for (const line of robotsTxt.split(/\r?\n/)) {
    const match = /^\s*sitemap\s*:\s*(\S+)/i.exec(line);
    if (!match) continue;
    try {
      urls.push(new URL(match[1]!, robotsUrl).href);
    } catch {
      // a malformed line is skipped, as robots.txt parsers do
    }
  }
  return [...new Set(urls)];
}

/**
 * Where an origin's sitemap.xml files are: the `Sitemap:` lines of /robots.txt, or, when it
 * names none, /sitemap.xml (the location sitemaps.org and every crawler assume).
 */
export async function findSitemapXmlUrls(
  client: HttpClient,
  origin: string,
): Promise<{ urls: string[]; fromRobots: boolean }> {
  const robotsUrl = `${origin}/robots.txt`;
  const robots = await client.request(robotsUrl, {
    headers: { 'accept-encoding': 'identity', accept: 'text/plain' },
    maxBodyBytes: 512 * 1024,
  });
  const listed =
    robots.status === 200 ? readRobotsSitemaps(robots.body.toString('utf8'), robots.url) : [];
  if (listed.length > 0) return { urls: listed, fromRobots: true };
  return { urls: [`${origin}/sitemap.xml`], fromRobots: false };
}
