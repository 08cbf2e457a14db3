/**
 * What was last tried of each payment provider's keys, and when (decision 0145): the Creem and
 * PayPal cards of /admin/settings show it beside "Connected".
 */
import { z } from "zod";

const checkedAt = z.string().meta({ description: "When the keys were tried (ISO 8601)" });

/** Switched off, or a key it needs is missing: nothing is tried. */
const off = z.object({ status: z.literal("off") });
/** On with its keys, but they were not tried since they were last changed (saved before keys were tried). */
const unchecked = z.object({ status: z.literal("unchecked") });

export const creemKeyCheckSchema = z.object({
  environment: z.enum(["test", "prod"]),
  checkedAt,
});
export type CreemKeyCheck = z.infer<typeof creemKeyCheckSchema>;

const PAYPAL_WEBHOOK_CHECKS = ["found", "not_found", "not_checked", "not_set"] as const;

export const paypalKeyCheckSchema = z.object({
  environment: z.enum(["sandbox", "production"]),
  checkedAt,
  webhook: z.enum(PAYPAL_WEBHOOK_CHECKS).meta({
    description:
      "The webhook id: found in this PayPal app, not_found (PayPal's notices will be refused), not_checked (PayPal would not say), not_set",
  }),
  webhookUrl: z.string().nullable().meta({ description: "Where PayPal sends that webhook's notices, when found" }),
});
export type PaypalKeyCheck = z.infer<typeof paypalKeyCheckSchema>;

export const paymentKeyChecksSchema = z
  .object({
    creem: z.discriminatedUnion("status", [
      off,
      unchecked,
      creemKeyCheckSchema.extend({ status: z.literal("checked") }),
    ]),
    paypal: z.discriminatedUnion("status", [
      off,
      unchecked,
      paypalKeyCheckSchema.extend({ status: z.literal("checked") }),
    ]),
  })
  .meta({ id: "PaymentKeyChecks" });
export type PaymentKeyChecks = z.infer<typeof paymentKeyChecksSchema>;
