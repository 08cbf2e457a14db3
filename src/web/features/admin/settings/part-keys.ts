/**
 * Which keys of the stored settings each section's part edits and saves (decision 0148). Module
 * constants: useSettingsPart measures "unsaved" against them.
 */
import type { Draft } from "./settings-draft";

export const PAYMENT_KEYS = [
  "paypalEnabled",
  "paypalClientId",
  "paypalClientSecret",
  "paypalEnvironment",
  "paypalWebhookId",
  "creemEnabled",
  "creemApiKey",
  "creemWebhookSecret",
  "creemEnvironment",
] as const satisfies readonly (keyof Draft)[];
export type PaymentDraft = Pick<Draft, (typeof PAYMENT_KEYS)[number]>;

export const PRICE_KEYS = [
  "prices",
  "disabledModels",
  "priceMarginPercent",
] as const satisfies readonly (keyof Draft)[];

export const MODEL_KEYS = [
  "kieToken",
  "kieWebhookHmacKey",
  "kieSurface",
  "vendorOrder",
  "pauseDegradedModels",
  "kieCreditUsd",
] as const satisfies readonly (keyof Draft)[];
export type ModelDraft = Pick<Draft, (typeof MODEL_KEYS)[number]>;

export const GOOGLE_KEYS = [
  "googleAuthEnabled",
  "googleClientId",
  "googleClientSecret",
  "googleRedirectUri",
] as const satisfies readonly (keyof Draft)[];
export type GoogleDraft = Pick<Draft, (typeof GOOGLE_KEYS)[number]>;
