/**
 * The origin of this Strapi's own pages, where it is not the site's: its `server.url` when
 * absolute (the URL it is reached at behind a proxy). The MCP endpoint accepts calls from it
 * beside the public site's origin (its DNS-rebinding check refuses other origins); a loopback
 * page calling over loopback on Strapi's port (`http://localhost:1337`, as the MCP Inspector and
 * the conformance suite do) passes that check by itself.
 */
export function strapiServerOrigins(server: { url?: unknown } | undefined): string[] {
  const url = server?.url;
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return [];
  try {
    return [new URL(url).origin];
  } catch {
    // Not a URL: Strapi itself refuses it at start-up.
    return [];
  }
}
