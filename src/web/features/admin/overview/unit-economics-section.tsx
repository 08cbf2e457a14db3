/**
 * The overview's unit economics (issue 42): per model and vendor, what the range's videos earned,
 * what they cost us and the margin left, and the price cells that sell below KIE's cost.
 */
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminOverview } from "../../../../shared/schemas/admin-overview";
import type { UnitEconomics } from "../../../../shared/schemas/unit-economics";
import { modelLabel } from "../../../../shared/videos";
import { Badge } from "@/components/ui/badge";
import { SectionCard } from "@/components/ui/section-card";
import { cn } from "@/lib/cn";
import { BelowCostWarning, unitUsd } from "./below-cost-warning";
import { DataTable } from "./data-table";
import { formatCount, formatMoney, formatRate, RANGE_PHRASES } from "./overview-format";

type ModelEconomics = UnitEconomics["models"][number];

// eslint-disable-next-line lingui/no-unlocalized-strings -- brand names
const VENDOR_LABELS: Record<string, string> = { kie: "KIE", google: "Google", vertex: "Vertex AI" };
const vendorLabel = (vendor: string) => VENDOR_LABELS[vendor] ?? vendor;

const usd = (value: number | null) => (value === null ? "—" : formatMoney(value, "USD"));

const losing = (m: ModelEconomics) => m.marginUsd !== null && m.marginUsd < 0;

/** The table's totals row: the sums, and the margin rate of the sums. */
function totalsOf(models: ModelEconomics[]): ModelEconomics {
  const sum = (pick: (m: ModelEconomics) => number) => models.reduce((s, m) => s + pick(m), 0);
  const earned = models.every((m) => m.earnedUsd !== null) ? sum((m) => m.earnedUsd ?? 0) : null;
  const cost = sum((m) => m.costUsd);
  return {
    model: "",
    vendor: "",
    videos: sum((m) => m.videos),
    creditsCharged: sum((m) => m.creditsCharged),
    earnedUsd: earned,
    costUsd: cost,
    reportedCosts: sum((m) => m.reportedCosts),
    marginUsd: earned === null ? null : earned - cost,
    marginRate: earned === null || earned <= 0 ? null : (earned - cost) / earned,
  };
}

export function UnitEconomicsSection({ data }: { data: Pick<AdminOverview, "range" | "economics"> }) {
  const { t } = useLingui();
  const economics = data.economics;
  if (!economics) return null;
  const range = t(RANGE_PHRASES[data.range]);
  const perCredit = economics.revenuePerCreditUsd === null ? "" : unitUsd(economics.revenuePerCreditUsd);
  const kieCredit = unitUsd(economics.kieCreditUsd);
  const models = economics.models;

  const costCell = (m: ModelEconomics) => {
    const estimated = m.videos - m.reportedCosts;
    return (
      <>
        {usd(m.costUsd)}
        {estimated > 0 ? (
          <span className="block text-xs font-normal text-muted-foreground">
            {m.reportedCosts === 0
              ? t`our estimate`
              : t`${plural(estimated, { one: "our estimate for # video", other: "our estimate for # videos" })}`}
          </span>
        ) : null}
      </>
    );
  };
  const marginClass = (m: ModelEconomics) => cn(losing(m) && "font-medium text-red-300");

  return (
    <SectionCard
      id="overview-economics"
      title={t`Cost and margin per model`}
      description={t`The videos completed in the range and not refunded, per model and vendor: what they earned (credits charged, delivered 4K upgrades included, × what a credit brought in), what they cost us, and the margin left.`}
    >
      <div className="mb-4 grid gap-1 text-sm text-muted-foreground" data-testid="economics-basis">
        <p>
          {economics.revenueSource === "sales"
            ? t`A credit brought in ${perCredit} (${range}): USD sales ÷ credits sold, bonus credits included.`
            : economics.revenueSource === "credit_value"
              ? t`No USD sales (${range}): a credit is counted at the credit value, ${perCredit} (Settings, else the packages' prices).`
              : t`No USD sales (${range}) and no credit value: what the videos earned is not known.`}
        </p>
        <p>{t`KIE credit price used: ${kieCredit} per KIE credit (Settings).`}</p>
      </div>
      {economics.belowCost.length > 0 ? <BelowCostWarning cells={economics.belowCost} /> : null}
      {models.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          <Trans>No videos were completed in the range: there is no cost or margin to show.</Trans>
        </p>
      ) : (
        <>
          <DataTable<ModelEconomics>
            className="max-h-none"
            caption={t`Earnings, cost and margin per model and vendor, ${range}`}
            rowKey={(m) => `${m.model}|${m.vendor}`}
            rows={models}
            columns={[
              { header: t`Model`, cell: (m) => modelLabel(m.model) },
              { header: t`Vendor`, cell: (m) => vendorLabel(m.vendor) },
              { header: t`Videos`, numeric: true, cell: (m) => formatCount(m.videos) },
              { header: t`Credits charged`, numeric: true, cell: (m) => formatCount(m.creditsCharged) },
              { header: t`Earned`, numeric: true, cell: (m) => usd(m.earnedUsd) },
              { header: t`Cost`, numeric: true, cell: costCell },
              {
                header: t`Margin`,
                numeric: true,
                cell: (m) => <span className={marginClass(m)}>{usd(m.marginUsd)}</span>,
              },
              {
                header: t`Margin %`,
                numeric: true,
                cell: (m) => (
                  <span className="inline-flex items-center justify-end gap-2">
                    {losing(m) ? (
                      <Badge variant="destructive">
                        <Trans>Sells below cost</Trans>
                      </Badge>
                    ) : null}
                    <span className={marginClass(m)}>{formatRate(m.marginRate)}</span>
                  </span>
                ),
              },
            ]}
            footer={{ label: t`All models`, row: totalsOf(models) }}
          />
          <p className="mt-3 text-xs text-muted-foreground">
            <Trans>
              Cost: what the vendor reported for the video (KIE&apos;s credits consumed, at the KIE credit price); where
              it reported nothing, our estimate from the price table. Margin %: margin ÷ earned.
            </Trans>
          </p>
        </>
      )}
    </SectionCard>
  );
}
