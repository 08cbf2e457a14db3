import { Check } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ColumnTable, type DataTableColumn } from "@/components/ui/column-table";
import { formatCreditsInUsd, usePricing } from "@/features/pricing";
import { modelDescription } from "@/lib/catalogue-text";
import { cn } from "@/lib/cn";
import { formatCredits } from "@/lib/format";

/** The names of two automation tools (names: the same in every language). */
const AUTOMATION_TOOLS = "N8N / Make";

/** Narrow cells on a phone, roomier from `sm` up. */
const HEADER = "px-2.5 sm:px-6";
const CELL = "px-2.5 py-4 sm:px-6";

interface Row {
  name: string;
  detail: string;
  credits: number;
  automation: boolean;
}

/** "YES" in a green pill, or a dash read as "No". */
function AutomationCell({ automation }: { automation: boolean }) {
  if (automation)
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-emerald-500/15 px-2.5 py-0.5 text-xs font-semibold text-emerald-300">
        <Check className="hidden size-3.5 sm:block" aria-hidden="true" />
        <Trans>YES</Trans>
      </span>
    );
  return (
    <>
      <span className="text-muted-foreground" aria-hidden="true">
        -
      </span>
      <span className="sr-only">
        <Trans>No</Trans>
      </span>
    </>
  );
}

/** A web row for every model of the catalogue, then an API row for every model; dollars only with a credit value. */
export function PriceComparisonTable() {
  const { t } = useLingui();
  const { models, creditValue } = usePricing();
  const rows: Row[] = [
    ...models.map(({ label, model, web }) => {
      const description = modelDescription(model);
      return { name: t`${label} web`, detail: t`${description}, on the website`, credits: web, automation: false };
    }),
    ...models.map(({ label, api }) => ({
      name: t`${label} API`,
      detail: t`${label} through the API`,
      credits: api,
      automation: true,
    })),
  ];
  const columns: DataTableColumn<Row>[] = [
    {
      header: t`Option`,
      rowHeader: true,
      headerClassName: HEADER,
      className: cn(CELL, "font-normal"),
      cell: (row) => (
        <>
          <span className="block font-semibold text-foreground sm:whitespace-nowrap">{row.name}</span>
          <span className="hidden text-xs text-muted-foreground sm:block">{row.detail}</span>
        </>
      ),
    },
    {
      header: t`Credits`,
      align: "right",
      headerClassName: HEADER,
      className: cn(CELL, "font-semibold tabular-nums"),
      cell: (row) => formatCredits(row.credits),
    },
    ...(creditValue
      ? [
          {
            header: creditValue.source === "setting" ? "USD" : t`From (USD)`,
            align: "right",
            headerClassName: HEADER,
            className: cn(CELL, "tabular-nums text-zinc-300"),
            cell: (row: Row) => formatCreditsInUsd(row.credits, creditValue),
          } satisfies DataTableColumn<Row>,
        ]
      : []),
    {
      header: AUTOMATION_TOOLS,
      headerClassName: cn(HEADER, "text-center"),
      className: cn(CELL, "text-center"),
      cell: (row) => <AutomationCell automation={row.automation} />,
    },
  ];

  return (
    <ColumnTable
      caption={t`Price of a video by model and channel`}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.name}
      rowProps={() => ({ className: "transition-colors hover:bg-surface-raised/40" })}
      className="mt-10 rounded-2xl bg-surface/80 shadow-xl shadow-black/30"
      tableClassName="min-w-[19rem]"
    />
  );
}
