import { useEffect, useState } from "react";
import { Check, Copy } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import { Button, type ButtonProps } from "@/components/ui/button";

/** Copies `text` to the clipboard and says so for two seconds ('Copied'). */
export function CopyButton({
  text,
  label,
  ...props
}: { text: string; label: string } & Omit<ButtonProps, "onClick" | "children">) {
  const { t } = useLingui();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      // Clipboard access can be refused (permissions, insecure origin): the text stays selectable.
      setState("failed");
    }
  }

  return (
    <>
      <Button type="button" variant="outline" size="sm" aria-label={label} onClick={() => void copy()} {...props}>
        {state === "copied" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {state === "copied" ? t`Copied` : state === "failed" ? t`Select and copy` : t`Copy`}
      </Button>
      <span role="status" className="sr-only">
        {state === "copied"
          ? t`Copied to the clipboard`
          : state === "failed"
            ? t`Copying failed: select the text and copy it`
            : ""}
      </span>
    </>
  );
}
