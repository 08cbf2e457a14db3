import { useEffect } from "react";

/**
 * Brings the section named by the address's #hash into view once `ready` (the page's data has
 * drawn it): a link from the overview's set-up checklist opens the setting it names.
 */
export function useScrollToHash(ready: boolean): void {
  useEffect(() => {
    if (!ready || !window.location.hash) return;
    const target = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    target?.scrollIntoView({ block: "start" });
  }, [ready]);
}
