/**
 * Our own media as the browser loads it (issue 38): the server writes some of its file URLs in
 * full from PUBLIC_URL (uploaded images, the simulator's clips), and a page reached by another of
 * the site's host names (a LAN address, a second domain) could not load them. A URL of ours is
 * used as a path on the page's own origin; the provider's URLs are left as they are.
 */
const OWN_PATHS = ["/media/", "/uploads/", "/simulator/kie/"];

export function sameSiteUrl(url: string): string;
export function sameSiteUrl(url: string | null | undefined): string | null;
export function sameSiteUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith("/") && !url.startsWith("//")) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!/^https?:$/.test(parsed.protocol) || !OWN_PATHS.some((prefix) => parsed.pathname.startsWith(prefix))) {
    return url;
  }
  return parsed.pathname + parsed.search + parsed.hash;
}
