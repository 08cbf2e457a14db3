import { useLingui } from "@lingui/react/macro";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { freshSecondFactor } from "@/features/second-factor";

/**
 * "Download CSV": a plain link to an export (decision 0054; its address is the contract's URL with
 * the list's filters, `urlFor`), so the browser downloads the file itself as it streams (the
 * session cookie goes with it; nothing is held in the page's memory). An export is sensitive: an
 * admin with a second factor confirms it first when their last check is old (decision 0092).
 */
export function CsvDownloadLink({ href, label }: { href: string; label?: string }) {
  const { t } = useLingui();
  return (
    <Button asChild variant="secondary" size="sm">
      <a
        href={href}
        download
        onClick={(event) => {
          if (event.currentTarget.dataset.checked === "yes") return;
          event.preventDefault();
          const link = event.currentTarget;
          void freshSecondFactor()
            .catch(() => true)
            .then((go) => {
              if (!go) return;
              link.dataset.checked = "yes";
              link.click();
              delete link.dataset.checked;
            });
        }}
      >
        <Download aria-hidden="true" />
        {label ?? t`Download CSV`}
      </a>
    </Button>
  );
}
