import { useState } from "react";
import { Copy, Download, Printer } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { saveDownload } from "@/lib/save-download";

type Copying = "idle" | "copied" | "refused";

/** Copy, Download (.txt) and Print for the recovery codes, with what the clipboard answered. */
export function RecoveryCodesActions({
  codes,
  fileName,
  fileText,
}: {
  codes: string[];
  fileName: string;
  fileText: string;
}) {
  const { t } = useLingui();
  const [copying, setCopying] = useState<Copying>("idle");

  async function copy() {
    try {
      // Without a secure origin or the person's permission the clipboard is missing or refuses.
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopying("copied");
    } catch {
      setCopying("refused");
    }
  }

  return (
    <div className="grid gap-2 print:hidden">
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          <Trans>Copy codes</Trans>
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => void saveDownload(new Response(fileText), fileName)}
        >
          <Download aria-hidden="true" />
          <Trans>Download codes</Trans>
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          <Trans>Print codes</Trans>
        </Button>
      </div>
      <p role="status" className={copying === "refused" ? "text-sm text-amber-200" : "text-sm text-emerald-300"}>
        {copying === "copied"
          ? t`The codes are copied to the clipboard.`
          : copying === "refused"
            ? t`The browser did not allow copying. Select the codes and copy them, or download them.`
            : ""}
      </p>
    </div>
  );
}
