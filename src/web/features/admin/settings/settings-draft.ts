/** The settings form's draft: what it reads from the settings and what it sends back. */
import type { z } from "zod";
import { defaultPriceOf, PRICE_ITEMS, type PriceItem } from "../../../../shared/catalogue";
import type { AdminSettingsView, settingsUpdateSchema } from "../../../../shared/schemas/settings";

/** A price as typed: web credits and the API price, both text until saved. */
export type PriceDraft = { webCredits: string; apiPrice: string };

/** The four old price fields repeat two of `prices` (for old clients): the form reads and writes `prices` only. */
export type Draft = Omit<
  AdminSettingsView,
  | "id"
  | "updatedAt"
  | "telegramBotToken"
  | "telegramChatId"
  | "veo3Credits"
  | "veo3FastCredits"
  | "veo3ApiPrice"
  | "veo3FastApiPrice"
  | "prices"
  | "degradedModels"
  | "priceMarginPercent"
  | ContactFields
> & { prices: Record<PriceItem, PriceDraft>; priceMarginPercent: string };

/** The draft's keys that hold text (or nothing, or one of a few words) and those that hold a yes or no. */
export type TextKey = { [K in keyof Draft]: Draft[K] extends string | null ? K : never }[keyof Draft];
export type FlagKey = { [K in keyof Draft]: Draft[K] extends boolean ? K : never }[keyof Draft];

/** Saved by the contact card (contact-card.tsx), not by this form. */
type ContactFields =
  "contactZaloPhone" | "contactZaloGroupUrl" | "contactTelegram" | "contactEmail" | "contactDefaults";

export function draftOf(s: AdminSettingsView): Draft {
  const {
    id: _id,
    updatedAt: _u,
    telegramBotToken: _t,
    telegramChatId: _c,
    veo3Credits: _vc,
    veo3FastCredits: _fc,
    veo3ApiPrice: _va,
    veo3FastApiPrice: _fa,
    prices,
    contactZaloPhone: _zp,
    contactZaloGroupUrl: _zg,
    contactTelegram: _tg,
    contactEmail: _em,
    contactDefaults: _cd,
    degradedModels: _dm,
    ...rest
  } = s;
  const draftPrices = Object.fromEntries(
    PRICE_ITEMS.map((item) => {
      // An item the server does not list yet (a newer catalogue) starts at its default.
      const own = (prices as Partial<typeof prices>)[item] ?? {
        webCredits: defaultPriceOf(item).web,
        apiPrice: defaultPriceOf(item).api.toFixed(2),
      };
      return [item, { webCredits: String(own.webCredits), apiPrice: own.apiPrice }];
    }),
  ) as Record<PriceItem, PriceDraft>;
  return { ...rest, prices: draftPrices, priceMarginPercent: String(s.priceMarginPercent) };
}

const SECRETS = [
  "kieToken",
  "kieWebhookHmacKey",
  "paypalClientSecret",
  "creemApiKey",
  "creemWebhookSecret",
  "googleClientSecret",
] as const satisfies readonly (keyof Draft)[];
const OPTIONAL_TEXTS = [
  "paypalClientId",
  "paypalWebhookId",
  "googleClientId",
  "googleRedirectUri",
] as const satisfies readonly (keyof Draft)[];

/** The draft's values at `keys`: what one section's part of the settings edits. */
export function pick<K extends keyof Draft>(draft: Draft, keys: readonly K[]): Pick<Draft, K> {
  return Object.fromEntries(keys.map((key) => [key, draft[key]])) as Pick<Draft, K>;
}

/**
 * The save of a part of the draft, only its keys. Blank text fields mean "not set"; secrets left
 * masked or blank keep what is stored (server rule).
 */
export function patchOf(d: Partial<Draft>): z.input<typeof settingsUpdateSchema> {
  const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
  const patch: z.input<typeof settingsUpdateSchema> = { ...d, prices: undefined, priceMarginPercent: undefined };
  if (d.prices) {
    const prices = d.prices;
    patch.prices = Object.fromEntries(
      PRICE_ITEMS.flatMap((item) => {
        const price = prices[item];
        return price ? [[item, { webCredits: price.webCredits.trim(), apiPrice: price.apiPrice.trim() }]] : [];
      }),
    );
  }
  if (d.priceMarginPercent !== undefined) patch.priceMarginPercent = d.priceMarginPercent.trim();
  for (const key of SECRETS) if (key in d) patch[key] = d[key] ?? "";
  for (const key of OPTIONAL_TEXTS) if (key in d) patch[key] = text(d[key]);
  return patch;
}
