import { useLingui } from "@lingui/react/macro";
import { ColumnTable, type DataTableColumn } from "@/components/ui/column-table";
import { formatCreditsInUsd, usePricing, type CreditValue, type ModelPricing } from "./use-pricing";
import { cn } from "@/lib/cn";
import { formatCredits } from "@/lib/format";

/** Narrow cells on a phone, roomier from `sm` up. */
const HEADER = "px-2.5 sm:px-6";
const CELL = "px-2.5 py-4 sm:px-6";

/** A price in credits, and in dollars beneath it while a credit has a value (decision 0075). */
function PriceCell({ credits, value }: { credits: number; value: CreditValue | null }) {
  return (
    <>
      <span className="block font-semibold tabular-nums text-foreground">{formatCredits(credits)}</span>
      {value ? (
        <span className="block text-xs tabular-nums text-muted-foreground">{formatCreditsInUsd(credits, value)}</span>
      ) : null}
    </>
  );
}

/**
 * The price of one video of every model offered (decision 0167, on /pricing for everyone): a row
 * per model, its credits on the website and through the API (an API token: n8n, Make or one's own
 * code), in dollars too while a credit has a value.
 */
export function PriceComparisonTable({ className }: { className?: string }) {
  const { t } = useLingui();
  const { models, creditValue } = usePricing();
  const columns: DataTableColumn<ModelPricing>[] = [
    {
      header: t`Model`,
      rowHeader: true,
      headerClassName: HEADER,
      className: cn(CELL, "font-normal"),
      cell: (row) => (
        <>
          <span className="block font-semibold text-foreground sm:whitespace-nowrap">{row.label}</span>
          <span className="hidden text-xs text-muted-foreground sm:block">{row.description}</span>
        </>
      ),
    },
    {
      header: t`Website`,
      align: "right",
      headerClassName: HEADER,
      className: CELL,
      cell: (row) => <PriceCell credits={row.web} value={creditValue} />,
    },
    {
      header: t`API`,
      align: "right",
      headerClassName: HEADER,
      className: CELL,
      cell: (row) => <PriceCell credits={row.api} value={creditValue} />,
    },
  ];

  return (
    <ColumnTable
      caption={t`Credits for one video of each model, on the website and through the API`}
      columns={columns}
      rows={models}
      rowKey={(row) => row.model}
      rowProps={() => ({ className: "transition-colors hover:bg-surface-raised/40" })}
      className={cn("rounded-2xl bg-surface/80 shadow-xl shadow-black/30", className)}
      tableClassName="min-w-[19rem]"
    />
  );
}
