/**
 * What is wrong with a settings field as typed, in the owner's words (issue 68 §3): found before the
 * save with the server's own rules and shown beside the field, never the server's
 * "paypalWebhookId must be ...".
 */
import { t } from "@lingui/core/macro";
import { MARGIN_PERCENT_LIMITS } from "../../../../shared/price-rule";
import { PRICE_ITEMS, type PriceItem } from "../../../../shared/catalogue";
import { priceLimitsOf, pricesUpdate, settingsUpdateSchema } from "../../../../shared/schemas/settings";
import type { Problems } from "./field-binders";
import { refusedFields } from "./refused-fields";
import type { GoogleDraft, ModelDraft, PaymentDraft } from "./part-keys";
import { patchOf, type Draft, type PriceDraft } from "./settings-draft";

/** What the settings' own rule refuses in the save a part would send, worded for the owner. */
const refusedSettings = (draft: Partial<Draft>, words: Record<string, string>): Problems =>
  refusedFields(settingsUpdateSchema, patchOf(draft), words);

export const paymentProblems = (draft: PaymentDraft): Problems =>
  refusedSettings(draft, {
    paypalWebhookId: t`Paste the webhook ID exactly as PayPal shows it: letters and digits, e.g. 8PT597110X687430LKGECATA.`,
  });

export const googleProblems = (draft: GoogleDraft): Problems =>
  refusedSettings(draft, {
    googleRedirectUri: t`Enter a full address starting with https://, or leave it blank.`,
  });

export const modelProblems = (draft: ModelDraft): Problems =>
  refusedSettings(draft, {
    kieCreditUsd: t`Enter what one KIE credit costs you in dollars, between 0.000001 and 1, e.g. 0.005.`,
  });

function marginProblems(draft: { priceMarginPercent: string }): Problems {
  const { min, max } = MARGIN_PERCENT_LIMITS;
  return refusedSettings(
    { priceMarginPercent: draft.priceMarginPercent },
    { priceMarginPercent: t`Enter a whole percentage from ${min} to ${max}, e.g. 30.` },
  );
}

/** The id of a price cell's input in the price table (price-table.tsx). */
export const priceCellId = (item: PriceItem, side: "web" | "api") => `price-${item}-${side}`;

function priceCellWords(item: PriceItem, side: "web" | "api"): string {
  const { min, creditsMax, priceMax, centsOfCredits } = priceLimitsOf(item);
  if (side === "api") return t`Enter a price from ${min} to ${priceMax}, with at most two decimals.`;
  return centsOfCredits
    ? t`Enter credits from ${min} to ${creditsMax}, with at most two decimals.`
    : t`Enter whole credits from ${min} to ${creditsMax}.`;
}

/** The margin's problem and each price cell's, checked with the server's own rules. */
export function priceProblems(draft: { prices: Record<PriceItem, PriceDraft>; priceMarginPercent: string }): Problems {
  const problems = marginProblems(draft);
  for (const item of PRICE_ITEMS) {
    const price = draft.prices[item];
    if (!price) continue;
    const typed = { webCredits: price.webCredits.trim(), apiPrice: price.apiPrice.trim() };
    const result = pricesUpdate.safeParse({ [item]: typed });
    for (const issue of result.error?.issues ?? []) {
      const side = issue.path[1] === "apiPrice" ? "api" : "web";
      problems[priceCellId(item, side)] = priceCellWords(item, side);
    }
  }
  return problems;
}
