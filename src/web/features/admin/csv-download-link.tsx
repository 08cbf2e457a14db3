import { useLingui } from "@lingui/react/macro";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * The address of a CSV export (decision 0054) with a list's current filters: empty values are
 * left out, so the file holds exactly what the list shows.
 */
export function csvExportHref(path: string, filters: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const v = value?.trim();
    if (v) params.set(key, v);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * "Download CSV": a plain link to an export, so the browser downloads the file itself as it
 * streams (the session cookie goes with it; nothing is held in the page's memory).
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
