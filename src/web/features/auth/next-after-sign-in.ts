/**
 * Where a person goes after signing in (decision 0078): the page they were on, carried as
 * `/login?next=/my-account`. Only a path of this site is taken (`safeNext`, shared with the
 * server); anything else falls back to the home page. Google's round trip carries it through the
 * server (decision 0083), which comes back to `/login?auth=...&next=...`.
 */
import { useLocation, useSearch } from "wouter";
import { safeNext } from "../../../shared/next-path";

/** The sign-in page's address that comes back to `next` (the page itself when it is a page of this site). */
export function loginHref(next?: string | null): string {
  const path = safeNext(next);
  return path ? `/login?next=${encodeURIComponent(path)}` : "/login";
}

/** The page to go to once signed in, read from this page's address when the login page first renders. */
export function readNextAfterSignIn(search: string = window.location.search): string {
  return safeNext(new URLSearchParams(search).get("next")) ?? "/";
}

/** The sign-in page's address that comes back to the page being shown. */
export function useLoginHref(): string {
  const [path] = useLocation();
  const search = useSearch();
  return loginHref(search ? `${path}?${search}` : path);
}
