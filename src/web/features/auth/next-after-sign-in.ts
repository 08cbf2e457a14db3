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

/**
 * The sign-up form's address (decision 0167): /login with the Register tab open, coming back to
 * `next` once the account is made (and signed in).
 */
export function signUpHref(next?: string | null): string {
  const path = safeNext(next);
  return path ? `/login?mode=register&next=${encodeURIComponent(path)}` : "/login?mode=register";
}

/** Whether this page's address asks for the Register tab (`mode=register`). */
export function readSignUpMode(search: string = window.location.search): boolean {
  return new URLSearchParams(search).get("mode") === "register";
}

/** The page to go to once signed in, read from this page's address when the login page first renders. */
export function readNextAfterSignIn(search: string = window.location.search): string {
  return safeNext(new URLSearchParams(search).get("next")) ?? "/";
}

/** The page being shown, with its query: where a sign-in or sign-up comes back to. */
function useHere(): string {
  const [path] = useLocation();
  const search = useSearch();
  return search ? `${path}?${search}` : path;
}

/** The sign-in page's address that comes back to the page being shown. */
export function useLoginHref(): string {
  return loginHref(useHere());
}

/** The sign-up form's address that comes back to the page being shown. */
export function useSignUpHref(): string {
  return signUpHref(useHere());
}
