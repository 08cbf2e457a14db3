/**
 * While a section has unsaved changes, leaving it asks first (decision 0148): the browser asks
 * before a reload or a closed tab, and a link inside the app (the tabs, the header, the Admin menu)
 * opens "Leave without saving?" instead of dropping the changes.
 */
import { useEffect, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { useLocation } from "wouter";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** The same-origin address a plain click on a link inside the app would open, if it leaves this page. */
function leavingTo(event: MouseEvent): string | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  if (event.altKey || !(event.target instanceof Element)) return;
  const link = event.target.closest<HTMLAnchorElement>("a[href]");
  if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function useAskBeforeLeaving(dirty: boolean) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [leaving, setLeaving] = useState<string>();

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    // In the capture phase, before the router's own handler on the link.
    const ask = (event: MouseEvent) => {
      const to = leavingTo(event);
      if (!to) return;
      event.preventDefault();
      event.stopPropagation();
      setLeaving(to);
    };
    window.addEventListener("beforeunload", warn);
    document.addEventListener("click", ask, true);
    return () => {
      window.removeEventListener("beforeunload", warn);
      document.removeEventListener("click", ask, true);
    };
  }, [dirty]);

  return (
    <ConfirmDialog
      open={leaving !== undefined}
      onOpenChange={(open) => !open && setLeaving(undefined)}
      title={t`Leave without saving?`}
      description={t`The changes in this section are not saved yet. Leave, and they are lost.`}
      confirmLabel={t`Leave`}
      onConfirm={() => {
        if (leaving) navigate(leaving);
        setLeaving(undefined);
      }}
    />
  );
}
