import { useEffect, useState } from "react";

/**
 * The `?token=` of a link sent by mail (decision 0088), taken out of the address bar once read:
 * it stays out of the history, bookmarks and anything that reads the address later. The page
 * keeps it in its state.
 */
export function useLinkToken(): string | null {
  const [token] = useState(() => new URLSearchParams(window.location.search).get("token"));
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has("token")) return;
    url.searchParams.delete("token");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, []);
  return token;
}
