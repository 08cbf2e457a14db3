import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { CsvDownloadLink } from "@/features/admin/csv-download-link";
import { errorMessage } from "@/lib/api";
import { formatCredits, formatDateTime } from "@/lib/format";
import { codesCsvUrl, useCodeRedemptions, type AdminCode, type CodeRedemption } from "./codes-api";
import { centsText, redemptionStatusLabel, usesText, validityText, valueText } from "./code-words";

/** When, who (their admin page), how it ended, credits granted, discount and paid. */
function useRedemptionColumns(): DataTableColumn<CodeRedemption>[] {
  const { t } = useLingui();
  return [
    {
      header: t`When`,
      className: "whitespace-nowrap text-muted-foreground tabular-nums",
      cell: (r) => <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>,
    },
    {
      header: t`Who`,
      rowHeader: true,
      cell: (r) => (
        <Link href={`/admin/users/${r.userId}`} className="text-violet-300 underline-offset-4 hover:underline">
          {r.username}
        </Link>
      ),
    },
    { header: t`Status`, cell: (r) => redemptionStatusLabel(r.status) },
    { header: t`Credits`, align: "right", className: "tabular-nums", cell: (r) => formatCredits(r.credits) },
    { header: t`Discount`, align: "right", className: "tabular-nums", cell: (r) => centsText(r.discountCents) },
    { header: t`Paid`, align: "right", className: "tabular-nums", cell: (r) => centsText(r.paidCents) },
  ];
}

/** One code: what it gives, its uses and dates, and every redemption, newest first. */
export function CodeDetailDialog({ code, onClose }: { code: AdminCode; onClose: () => void }) {
  const { t } = useLingui();
  const query = useCodeRedemptions(code.id);
  const columns = useRedemptionColumns();
  const value = valueText(code);
  const uses = usesText(code);
  const valid = validityText(code);
  const shown = code.display;
  const reason = query.isError ? errorMessage(query.error) : "";
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle className="font-mono">{code.display}</DialogTitle>
          <DialogDescription>
            <Trans>
              {value} · uses {uses} · valid {valid}
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <DataTable
          caption={t`Redemptions of ${shown}, newest first`}
          captionVisible
          columns={columns}
          rows={query.data ?? []}
          rowKey={(r) => r.id}
          tableClassName="min-w-[36rem]"
          loading={query.isPending ? t`Loading the redemptions` : undefined}
          error={
            query.isError
              ? {
                  message: <Trans>The redemptions could not be loaded: {reason}</Trans>,
                  onRetry: () => void query.refetch(),
                }
              : undefined
          }
          empty={<Trans>Nobody has used this code yet.</Trans>}
        />
        {code.batchId ? (
          <div className="flex justify-end">
            <CsvDownloadLink href={codesCsvUrl(code.batchId)} label={t`Download its batch (CSV)`} />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
