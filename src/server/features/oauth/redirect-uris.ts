/**
 * Which redirect URIs a client may use (decision 0169): https anywhere, or plain http to this
 * machine's loopback (native apps, RFC 8252 §7.3), never a fragment or credentials. A loopback
 * URI matches on any port, as RFC 8252 asks: the app picks a free port when it starts.
 */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);
const REDIRECT_URI_MAX = 2000;

/** What is wrong with `uri` as a redirect URI, or undefined when it may be registered. */
export function redirectUriProblem(uri: string): string | undefined {
  if (uri.length > REDIRECT_URI_MAX) return `A redirect URI must be at most ${REDIRECT_URI_MAX} characters`;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `The redirect URI ${JSON.stringify(uri.slice(0, 200))} is not a URL`;
  }
  if (url.hash || uri.includes("#")) return "A redirect URI cannot have a fragment (#...)";
  if (url.username || url.password) return "A redirect URI cannot carry a user name or password";
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return "A redirect URI must be https, or http to this computer (127.0.0.1, [::1] or localhost)";
}

/** Whether `given` is one of `registered`, exactly, or on another port of the same loopback URI. */
export function isRegisteredRedirect(registered: readonly string[], given: string): boolean {
  if (registered.includes(given)) return true;
  const url = parse(given);
  if (!url || url.protocol !== "http:" || !LOOPBACK_HOSTS.has(url.hostname)) return false;
  return registered.some((r) => {
    const candidate = parse(r);
    return (
      candidate !== undefined &&
      candidate.protocol === "http:" &&
      candidate.hostname === url.hostname &&
      candidate.pathname === url.pathname &&
      candidate.search === url.search
    );
  });
}

function parse(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}
