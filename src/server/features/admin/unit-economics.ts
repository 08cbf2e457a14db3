/**
 * Unit economics per model (issue 42): for the videos finished in a range, what they cost us (the
 * vendor's reported cost, e.g. KIE's creditsConsumed, where it gave one; else our price table's:
 * the catalogue's KIE price of the chosen cell, or Google's per-second price), what they earned
 * (credits charged × what a credit brought in over the range) and the margin; and the price cells
 * that sell below KIE's cost at today's prices (the spec's Fast price does).
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Queryable } from "../../db/connect.js";
import {
  MODEL_CATALOGUE,
  optionsFor,
  PRICE_CELLS,
  priceItemLabel,
  SURCHARGE_CATALOGUE,
  type ModelId,
  type Resolution,
} from "../../../shared/catalogue.js";
import { priceOf, resolvePrices } from "../../../shared/prices.js";
import type { UnitEconomics } from "../../../shared/schemas/unit-economics.js";
import type { Settings } from "../settings/service.js";
import { GOOGLE_USD_PER_SECOND, vendorCostOf } from "../../../shared/vendor-costs.js";

interface Row {
  model: string;
  vendor: string;
  duration_seconds: number | null;
  resolution: string | null;
  audio: boolean | null;
  videos: unknown;
  credits: unknown;
  uhd: unknown;
  reported: unknown;
  reported_cost: unknown;
}

const isModel = (m: string): m is ModelId => m in MODEL_CATALOGUE;

/** `range` is whole UTC days (the overview's): its videos are read from overview_video_costs (decision 0106). */
export async function unitEconomics(
  db: Queryable,
  range: { from: Date; to: Date },
  settings: Pick<Settings, "prices" | "kieCreditUsd">,
  revenuePerCredit: { usd: number; source: "sales" | "credit_value" } | null,
): Promise<UnitEconomics> {
  const kieCreditUsd = Number(settings.kieCreditUsd);
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select model, vendor, duration_seconds, resolution, audio, sum(videos)::int as videos,
        sum(credits)::int as credits, sum(uhd)::int as uhd,
        sum(reported)::int as reported, sum(reported_cost) as reported_cost
      from overview_video_costs
      where day >= ${range.from.toISOString().slice(0, 10)}::date and day < ${range.to.toISOString().slice(0, 10)}::date
      group by 1, 2, 3, 4, 5
      having sum(videos) <> 0`),
  );
  const byModel = new Map<string, UnitEconomics["models"][number]>();
  for (const r of rows) {
    const videos = Number(r.videos);
    const reported = Number(r.reported);
    // Unreported videos cost what our table says their cell costs.
    let estimate = 0;
    if (isModel(r.model)) {
      const options = optionsFor(r.model, {
        ...(r.duration_seconds !== null ? { durationSeconds: r.duration_seconds } : {}),
        ...(r.resolution !== null ? { resolution: r.resolution as Resolution } : {}),
        ...(r.audio !== null ? { audio: r.audio } : {}),
      });
      estimate =
        r.vendor === "google" || r.vendor === "vertex"
          ? (GOOGLE_USD_PER_SECOND[r.model] ?? 0) * options.durationSeconds
          : vendorCostOf(r.model, options) * kieCreditUsd;
    }
    // Google reports no cost; KIE reports credits.
    const reportedUsd =
      r.vendor === "google" || r.vendor === "vertex" ? Number(r.reported_cost) : Number(r.reported_cost) * kieCreditUsd;
    const cost =
      reportedUsd +
      estimate * (videos - reported) +
      Number(r.uhd) * SURCHARGE_CATALOGUE["4k"].vendorCost * kieCreditUsd;
    const key = `${r.model}|${r.vendor}`;
    const sum = byModel.get(key) ?? {
      model: r.model,
      vendor: r.vendor,
      videos: 0,
      creditsCharged: 0,
      earnedUsd: null,
      costUsd: 0,
      reportedCosts: 0,
      marginUsd: null,
      marginRate: null,
    };
    sum.videos += videos;
    sum.creditsCharged += Number(r.credits);
    sum.costUsd += cost;
    sum.reportedCosts += reported;
    byModel.set(key, sum);
  }
  const models = [...byModel.values()].map((m) => {
    if (!revenuePerCredit) return m;
    const earned = m.creditsCharged * revenuePerCredit.usd;
    return {
      ...m,
      earnedUsd: earned,
      marginUsd: earned - m.costUsd,
      marginRate: earned > 0 ? (earned - m.costUsd) / earned : null,
    };
  });
  models.sort((a, b) => a.model.localeCompare(b.model) || a.vendor.localeCompare(b.vendor));

  const prices = resolvePrices(settings.prices);
  const belowCost = revenuePerCredit
    ? [...PRICE_CELLS].flatMap(([item, { model, cell }]) => {
        const priceUsd = priceOf(prices, item).web * revenuePerCredit.usd;
        const costUsd = cell.vendorCost * kieCreditUsd;
        return priceUsd < costUsd
          ? [{ item, label: priceItemLabel(item), unit: MODEL_CATALOGUE[model].pricing.unit, priceUsd, costUsd }]
          : [];
      })
    : [];
  return {
    revenuePerCreditUsd: revenuePerCredit?.usd ?? null,
    revenueSource: revenuePerCredit?.source ?? null,
    kieCreditUsd,
    models,
    belowCost,
  };
}

/** What a credit brought in over the range: USD sales / credits sold with their bonus; else the credit value. */
export function revenuePerCredit(
  sales: { usd: number; credits: number },
  creditValue: { usd: number } | null,
): { usd: number; source: "sales" | "credit_value" } | null {
  if (sales.credits > 0 && sales.usd > 0) return { usd: sales.usd / sales.credits, source: "sales" };
  return creditValue ? { usd: creditValue.usd, source: "credit_value" } : null;
}
