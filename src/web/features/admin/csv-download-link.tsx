import { useLingui } from "@lingui/react/macro";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * "Download CSV": a plain link to an export (decision 0054; its address is the contract's URL with
 * the list's filters, `urlFor`), so the browser downloads the file itself as it streams (the
 * session cookie goes with it; nothing is held in the page's memory).
 */
export function CsvDownloadLink({ href, label }: { href: string; label?: string }) {
  const { t } = useLingui();
  return (
    <Button asChild variant="secondary" size="sm">
      <a href={href} download>
        <Download aria-hidden="true" />
        {label ?? t`Download CSV`}
      </a>
    </Button>
  );
}
