import { HttpClient } from '@agent-ready/client';
import type { McpLlmsTxt } from '@agent-ready/mcp';

/** An llms.txt is an index of the site, not its content: more than this is not one. */
const MAX_LLMS_TXT_BYTES = 1024 * 1024;

/** The site's llms.txt as the stdio MCP server offers it, kept current with each sync. */
export interface FollowedLlmsTxt {
  /** The copy in force (undefined: the site has none, or it was never read). */
  current(): McpLlmsTxt | undefined;
  /** The site's name as its llms.txt gives it (its H1, the one part llms.txt requires). */
  siteName(): string | undefined;
  /**
   * Asks the site again, with the copy's ETag: unchanged costs one 304. A 404 or 410 removes
   * the copy; any other failure keeps it (a site that is down serves its last llms.txt here).
   */
  refresh(): Promise<void>;
}

/** Follows `${origin}/llms.txt` (the same resource the HTTP MCP server offers). */
export function followLlmsTxt(origin: string, userAgent?: string): FollowedLlmsTxt {
  const url = new URL('/llms.txt', origin).href;
  let copy: McpLlmsTxt | undefined;
  /** The copy's own ETag, when the site gave one (a copy without is asked for whole). */
  let validator: string | undefined;
  return {
    current: () => copy,
    siteName: () => (copy ? /^# +(.+?)\s*$/m.exec(copy.text.split('\n', 1)[0]!)?.[1] : undefined),
    async refresh() {
      const http = new HttpClient({
        maxBodyBytes: MAX_LLMS_TXT_BYTES,
        retry: false,
        ...(userAgent ? { userAgent } : {}),
      });
      const headers: Record<string, string> = { accept: 'text/plain, text/markdown;q=0.9' };
      if (copy && validator) headers['if-none-match'] = validator;
      let answer;
      try {
        answer = await http.request(url, { headers, decode: true });
      } catch {
        return;
      }
      if (answer.status === 404 || answer.status === 410) copy = validator = undefined;
      if (answer.status !== 200) return;
      const modified = answer.headers['last-modified'];
      const lastModified = modified ? new Date(modified) : undefined;
      validator = answer.headers.etag;
      copy = {
        text: answer.body.toString('utf8'),
        etag: validator ?? '""',
        ...(lastModified && !Number.isNaN(lastModified.getTime()) ? { lastModified } : {}),
      };
    },
  };
}
