/**
 * Every price in one compact table (issue 68): each model's cells, then the surcharges, with the
 * web and API price fields and what one video costs the owner, earns at the cheapest credit a
 * buyer can get, and keeps; a per-second price is shown for a video of the model's default length.
 */
import type { ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import {
  MODEL_CATALOGUE,
  PRICE_CELLS,
  PRICE_ITEMS,
  type PriceItem,
  type Surcharge,
} from "../../../../shared/catalogue";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { fieldErrorId } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { priceItemText, surchargeDescription } from "@/lib/catalogue-text";
import { MarginCell, usd } from "./price-economics-cells";
import type { usePriceEconomics } from "./price-economics";
import type { PriceDraft } from "./settings-draft";
import type { Problems } from "./field-binders";
import { priceCellId } from "./part-problems";

type Economics = ReturnType<typeof usePriceEconomics>;

/** The smallest web price and its step: cents for a price per second, whole credits otherwise. */
const webStep = (item: PriceItem) =>
  PRICE_CELLS.has(item) && MODEL_CATALOGUE[PRICE_CELLS.get(item)!.model].pricing.unit === "second" ? 0.01 : 1;

export function PriceTable({
  prices,
  disabledModels,
  economics,
  problems = {},
  onPrice,
}: {
  prices: Record<PriceItem, PriceDraft>;
  disabledModels: readonly string[];
  economics: Economics;
  /** What is wrong with a cell as typed, by its input's id, in the owner's words. */
  problems?: Problems;
  onPrice: (item: PriceItem) => (value: PriceDraft) => void;
}) {
  const { t } = useLingui();
  /** A field with a problem says so and points at it. */
  const invalid = (id: string) =>
    problems[id] ? { "aria-invalid": true as const, "aria-describedby": fieldErrorId(id) } : {};
  const offered = (item: PriceItem) => {
    const model = PRICE_CELLS.get(item)?.model;
    return model === undefined || !disabledModels.includes(model);
  };
  const webLabel = (item: PriceItem) => {
    const name = priceItemText(item);
    return t`Web credits for ${name}`;
  };
  const apiLabel = (item: PriceItem) => {
    const name = priceItemText(item);
    return t`API price for ${name}`;
  };
  const unitText = (item: PriceItem) => {
    if (!PRICE_CELLS.has(item)) return surchargeDescription(item as Surcharge);
    const seconds = economics.ofItem(item).seconds;
    return seconds === null ? t`per video` : t`per second; figures for a ${seconds}-second video`;
  };
  const columns: DataTableColumn<PriceItem>[] = [
    {
      header: t`Price`,
      rowHeader: true,
      className: "min-w-52",
      cell: (item) => (
        <span className="grid gap-0.5">
          <span className="font-medium">{priceItemText(item)}</span>
          <span className="text-xs font-normal text-muted-foreground">
            {unitText(item)}
            {offered(item) ? "" : ` · ${t`not offered`}`}
          </span>
        </span>
      ),
    },
    {
      header: t`Web credits`,
      cell: (item) => (
        <CellWithProblem id={priceCellId(item, "web")} problem={problems[priceCellId(item, "web")]}>
          <Input
            id={priceCellId(item, "web")}
            aria-label={webLabel(item)}
            {...invalid(priceCellId(item, "web"))}
            type="number"
            inputMode={webStep(item) < 1 ? "decimal" : "numeric"}
            step={webStep(item)}
            min={0}
            className={cn("w-24", economics.ofItem(item).belowCost && "border-red-500")}
            value={prices[item]?.webCredits ?? ""}
            onChange={(e) => onPrice(item)({ ...prices[item]!, webCredits: e.target.value })}
          />
        </CellWithProblem>
      ),
    },
    {
      header: t`API price`,
      cell: (item) => (
        <CellWithProblem id={priceCellId(item, "api")} problem={problems[priceCellId(item, "api")]}>
          <Input
            id={priceCellId(item, "api")}
            aria-label={apiLabel(item)}
            {...invalid(priceCellId(item, "api"))}
            inputMode="decimal"
            className={cn("w-24", economics.apiBelowCost(item) && "border-red-500")}
            value={prices[item]?.apiPrice ?? ""}
            onChange={(e) => onPrice(item)({ ...prices[item]!, apiPrice: e.target.value })}
          />
        </CellWithProblem>
      ),
    },
    { header: t`Costs you`, align: "right", cell: (item) => usd(economics.ofItem(item).costUsd) },
    { header: t`Earns`, align: "right", cell: (item) => usd(economics.ofItem(item).priceUsd) },
    { header: t`Margin`, align: "right", cell: (item) => <MarginCell economics={economics.ofItem(item)} /> },
  ];
  return (
    <DataTable
      caption={t`Prices, with what one video costs you, earns and keeps`}
      columns={columns}
      rows={PRICE_ITEMS}
      rowKey={(item) => item}
      rowProps={(item) => ({
        "data-item": item,
        className: cn(!offered(item) && "opacity-60", economics.ofItem(item).belowCost && "bg-red-950/30"),
      })}
      className="rounded-xl border border-border/70"
      tableClassName="min-w-[52rem] text-sm"
    />
  );
}

/** A price field and, under it, what is wrong with it (one shape either way: the field keeps its focus). */
function CellWithProblem({ id, problem, children }: { id: string; problem: string | undefined; children: ReactNode }) {
  return (
    <span className="grid max-w-40 gap-1">
      {children}
      {problem ? (
        <span id={fieldErrorId(id)} className="text-xs font-medium text-red-400">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
