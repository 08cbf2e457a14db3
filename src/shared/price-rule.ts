/**
 * How a price is made from a cost (issue 68, decision 0144): the vendor's list cost of one unit (a
 * video or a second of one), kept as a margin of the sale price, at what one credit sells for.
 * The catalogue's default prices come from it at the defaults below; the admin's "set every price
 * to cost + margin" uses it with the admin's own margin, KIE credit price and credit value.
 */

/** What one credit is taken to sell for before any package says otherwise: 10 US cents. */
export const DEFAULT_CREDIT_VALUE_USD = 0.1;
/** The share of a sale kept over the vendor's cost, unless the admin sets another. */
export const DEFAULT_MARGIN_PERCENT = 30;
/** What one KIE credit costs (KIE's price list: about $0.005; kie-2026.md §1.12), unless the admin sets another. */
export const DEFAULT_KIE_CREDIT_USD = 0.005;
/** The API's price is always this many times the website's (the spec's Fast 1 → 2, Quality 5 → 10). */
export const API_PRICE_FACTOR = 2;

export const MARGIN_PERCENT_LIMITS = { min: 0, max: 90 } as const;

/** `value` rounded up to a multiple of `step`, float noise ignored (0.07 / 0.7 / 0.1 is 1, not 1.0000000002). */
function ceilTo(value: number, step: number): number {
  const steps = Math.ceil(Number((value / step).toFixed(6)));
  return Number((steps * step).toFixed(2));
}

/** The step of a web price: whole credits for a video, cents of a credit for a second. */
export const webPriceStep = (unit: "video" | "second"): number => (unit === "second" ? 0.01 : 1);

/**
 * The web price (credits per unit) that keeps `marginPercent` of the sale over `costUsd` when a
 * credit sells for `creditValueUsd`: $0.30 at 30 % and $0.10 a credit is 4.29, so 5 credits a video.
 */
export function webPriceFor(
  costUsd: number,
  rule: { marginPercent: number; creditValueUsd: number; unit: "video" | "second" },
): number {
  if (costUsd <= 0) return 0;
  const saleUsd = costUsd / (1 - rule.marginPercent / 100);
  return Math.max(webPriceStep(rule.unit), ceilTo(saleUsd / rule.creditValueUsd, webPriceStep(rule.unit)));
}

/** The API price that goes with a web price. */
export const apiPriceFor = (web: number): number => Number((web * API_PRICE_FACTOR).toFixed(2));
