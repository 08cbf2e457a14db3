import { useState } from "react";
import { Layers, Plus } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { AdminLayout } from "@/features/admin/admin-layout";
import { BatchDialog } from "@/features/admin/codes/batch-dialog";
import { CodeDialog } from "@/features/admin/codes/code-dialog";
import { CodesFilters, NO_CODE_FILTERS } from "@/features/admin/codes/codes-filters";
import { CodesList } from "@/features/admin/codes/codes-list";
import { codesCsvUrl } from "@/features/admin/codes/codes-api";
import { CodesSwitch } from "@/features/admin/codes/codes-switch";
import { CsvDownloadLink } from "@/features/admin/csv-download-link";

/**
 * /admin/codes (issue 70, decision 0156): codes that grant credits or take money off a package or
 * plan; each one's uses, credits granted and revenue, and its redemptions; a batch of single-use
 * codes and its CSV; codes on or off for everyone (admin only: gated in app/app.tsx).
 */
export function AdminCodesPage() {
  const { t } = useLingui();
  const [making, setMaking] = useState<"code" | "batch">();
  const [filters, setFilters] = useState(NO_CODE_FILTERS);
  return (
    <AdminLayout
      title={t`Codes`}
      description={t`Credits to give away and discounts to sell with: for promotions, resellers and events.`}
      actions={<CodesSwitch />}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <CsvDownloadLink href={codesCsvUrl()} label={t`Download all codes (CSV)`} />
        <Button variant="secondary" size="sm" onClick={() => setMaking("batch")}>
          <Layers aria-hidden="true" />
          <Trans>Make a batch</Trans>
        </Button>
        <Button size="sm" onClick={() => setMaking("code")}>
          <Plus aria-hidden="true" />
          <Trans>New code</Trans>
        </Button>
      </div>
      <CodesFilters value={filters} onChange={setFilters} />
      <CodesList filters={filters} />
      {making === "code" ? <CodeDialog onClose={() => setMaking(undefined)} /> : null}
      {making === "batch" ? <BatchDialog onClose={() => setMaking(undefined)} /> : null}
    </AdminLayout>
  );
}
