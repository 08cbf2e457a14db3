import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminOverview } from "../../../../shared/schemas/admin-overview";
import { Badge } from "@/components/ui/badge";
import { SectionCard } from "@/components/ui/section-card";
import { formatDateTime } from "@/lib/format";
import { DataTable } from "./data-table";
import { formatCount, KIE_STATUS_LABELS } from "./overview-format";

/** Each KIE account's state and last known balance. */
export function ProviderAccountsSection({ data }: { data: AdminOverview }) {
  const { t } = useLingui();
  return (
    <SectionCard
      id="overview-accounts"
      title={t`Provider accounts`}
      description={t`Each KIE account's last known balance: Check Balance in Settings reads it from KIE; each video subtracts its cost in between.`}
    >
      {data.providerAccounts.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No provider accounts: videos use the key in Settings or the environment.</Trans>
        </p>
      ) : (
        <DataTable
          className="max-h-none"
          caption={t`Provider accounts and their last known balances`}
          rowKey={(r) => r.id}
          rows={data.providerAccounts}
          columns={[
            { header: t`Name`, cell: (r) => r.name },
            {
              header: t`Status`,
              cell: (r) => (
                <span className="flex gap-1.5">
                  <Badge variant={r.status === "Available" ? "success" : "warning"}>
                    {t(KIE_STATUS_LABELS[r.status])}
                  </Badge>
                  {r.isEnabled ? null : (
                    <Badge variant="secondary">
                      <Trans>Disabled</Trans>
                    </Badge>
                  )}
                </span>
              ),
            },
            { header: t`Balance (KIE credits)`, numeric: true, cell: (r) => formatCount(r.totalCredits) },
            { header: t`Last used`, cell: (r) => formatDateTime(r.lastUsed) },
            { header: t`Balance as of`, cell: (r) => formatDateTime(r.balanceUpdatedAt) },
          ]}
        />
      )}
    </SectionCard>
  );
}
