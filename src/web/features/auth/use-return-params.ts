import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";

/**
 * Back from an outside flow (Google) with the outcome in this page's address: `handle` reads the
 * parameters as they were at the first render (a signed-in user may be redirected away before
 * effects run), acts once, and says whether they were its own; if so the address is cleaned, so a
 * reload does not repeat the toast.
 */
export function useReturnParams(path: string, handle: (params: URLSearchParams) => boolean): void {
  const [, navigate] = useLocation();
  const [search] = useState(() => window.location.search);
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current || !handle(new URLSearchParams(search))) return;
    handled.current = true;
    if (window.location.pathname === path && window.location.search) navigate(path, { replace: true });
  }, [handle, navigate, path, search]);
}
