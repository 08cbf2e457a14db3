/**
 * GET /api/admin/overview/setup (issue 38, decision 0074): what a new install still lacks before
 * it can sell, each step computed on the server and linking to its setting, and whether videos
 * are failing now.
 */
import { z } from "zod";
import { isoTimestamp } from "./common.js";

const SETUP_STEPS = [
  "provider",
  "payment",
  "packages",
  "prices",
  "contact",
  "mail",
  "legal",
  "showcase",
  "welcome",
] as const;
export type SetupStepId = (typeof SETUP_STEPS)[number];

/**
 * Why a step is not done, where there is more than one way for it not to be: `simulator` (videos
 * are the built-in simulator's: add a KIE key to sell real ones), `failing` (the provider is
 * configured but videos are failing), `not_enabled` (no payment method is switched on and fully
 * configured), `not_tested` (one is, but nobody has paid through it yet; for mail: a mail server is
 * set but has not taken a message yet), `local_outbox` (no mail server: mail stays on /admin/mail).
 * `failing` also says mail failed in the last day. `below_cost`: something on sale sells below its
 * vendor's cost at the cheapest credit a buyer can get (`belowCost` says what). `creem_incomplete`,
 * `paypal_incomplete`: switched on but missing a key (Creem: its API key or webhook secret), so
 * buyers cannot pay with it. `no_creem_product`: Creem is on and a package on sale has no Creem
 * product, so it cannot be bought with Creem. `welcome_off`: the welcome grant is off (the owner's
 * choice); `welcome_unverifiable`: it is on, but with no mail server and no Google sign-in nobody can
 * verify an address to get it (issue 70).
 */
const SETUP_NOTES = [
  "simulator",
  "failing",
  "not_enabled",
  "not_tested",
  "local_outbox",
  "below_cost",
  "creem_incomplete",
  "paypal_incomplete",
  "no_creem_product",
  "welcome_off",
  "welcome_unverifiable",
] as const;

const setupStepSchema = z.object({
  id: z.enum(SETUP_STEPS),
  done: z.boolean(),
  note: z.enum(SETUP_NOTES).nullable(),
  href: z.string().meta({ description: "The web app's page (and section) where the step is done." }),
  values: z
    .record(z.string(), z.number())
    .optional()
    .meta({ description: "What the step's sentence names (the welcome grant: credits and days)." }),
});
export type SetupStep = z.infer<typeof setupStepSchema>;

const generationProblemSchema = z
  .object({
    reason: z.string().meta({ description: "The provider's last failure, as it said it (English)." }),
    failed: z.number().int().min(0).meta({ description: "Of the last finished videos counted, how many failed." }),
    finished: z.number().int().min(0).meta({ description: "How many finished videos were counted." }),
    lastFailedAt: isoTimestamp,
    href: z.string(),
  })
  .nullable()
  .meta({
    description:
      "Set when more than half of the last finished videos of the past hour failed for provider reasons, or the latest one did; null when generation is well.",
  });

const mailProblemSchema = z
  .object({
    failed: z
      .number()
      .int()
      .min(1)
      .meta({ description: "Messages the mail server refused or never took, last 24 hours." }),
    lastError: z.string().nullable().meta({ description: "The mail server's last answer, as it said it." }),
    href: z.string(),
  })
  .nullable()
  .meta({ description: "Set when mail failed in the last 24 hours (decision 0085); null when it did not." });

const belowCostSchema = z
  .object({
    items: z.array(z.object({ item: z.string(), label: z.string() })).min(1),
    creditUsd: z.number().meta({ description: "The cheapest a buyer gets a credit for: the lowest package on sale." }),
    marginPercent: z.number().int().meta({ description: "The margin 'set every price to cost + margin' keeps." }),
  })
  .nullable()
  .meta({ description: "What sells below its vendor's cost today (issue 68); null when nothing does." });

const testPurchaseSchema = z
  .object({
    packageId: z
      .string()
      .nullable()
      .meta({ description: "The cheapest package on sale, to buy as a test; null with none on sale." }),
    live: z
      .array(z.enum(["creem", "paypal"]))
      .meta({ description: "Providers on in live mode: a test purchase there charges real money." }),
    last: z
      .object({
        provider: z.string(),
        status: z.string().meta({ description: "created (not confirmed yet), completed, failed, or a reversal's." }),
        credits: z.number().int(),
        failureReason: z.string().nullable(),
        at: isoTimestamp,
      })
      .nullable()
      .meta({ description: "An admin's latest purchase: whether it was credited, and why not." }),
  })
  .nullable()
  .meta({ description: "Making a test purchase (issue 68); null while no payment method takes money." });

export const adminSetupSchema = z
  .object({
    steps: z.array(setupStepSchema),
    belowCost: belowCostSchema,
    testPurchase: testPurchaseSchema,
    allDone: z.boolean(),
    generationProblem: generationProblemSchema,
    mailProblem: mailProblemSchema,
  })
  .meta({ id: "AdminSetup" });
export type AdminSetup = z.infer<typeof adminSetupSchema>;
export type GenerationProblem = NonNullable<AdminSetup["generationProblem"]>;
export type MailProblem = NonNullable<AdminSetup["mailProblem"]>;
