/**
 * Where a person goes after signing in (decision 0078): a path of this site only. Shared by the
 * web app (the `next` of /login) and the server (Google sign-in carries it through its round trip,
 * decision 0083), so both refuse the same spellings.
 */
const BASE = "http://this-site.invalid";

/**
 * `raw` as a same-site path (with its query and fragment), or null when it is not one: a value a
 * browser could read as another host (`//evil.com`, `/\evil.com`, `https://evil.com`, or one that
 * becomes so once tabs and newlines are dropped), the sign-in page itself, or the home page.
 */
export function safeNext(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//")) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname === "/login") return null;
  const path = url.pathname + url.search + url.hash;
  return path === "/" ? null : path;
}
