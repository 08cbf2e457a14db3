import { useEffect, useState } from "react";
import { Check, Copy } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";

/** The link to share, selectable, with a button that copies it and says so for two seconds. */
export function ReferralLink({ link }: { link: string }) {
  const { t } = useLingui();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setState("copied");
    } catch {
      // Clipboard access can be refused: the link stays selectable.
      setState("failed");
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        readOnly
        value={link}
        aria-label={t`Your referral link`}
        onFocus={(e) => e.currentTarget.select()}
        className="min-w-0 flex-1 rounded-md border border-input bg-background px-3 py-2 font-mono text-sm"
      />
      <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
        {state === "copied" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {state === "copied" ? t`Copied` : state === "failed" ? t`Select and copy` : t`Copy link`}
      </Button>
      <span role="status" className="sr-only">
        {state === "copied" ? t`Link copied to the clipboard` : ""}
      </span>
    </div>
  );
}
