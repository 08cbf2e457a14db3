/**
 * Buying credits with Creem (decision 0013) or PayPal (decision 0014), as the routes declare it
 * (decision 0040). Price and credits always come from the package in the database: the amounts a
 * client sends along are accepted and ignored.
 */
import { z } from "zod";

const choosePackage = z.uuid({ error: "Choose a credit package" });

/**
 * A discount code typed in the purchase dialog (decision 0158): optional; an empty one is no code. The server checks it (POST /api/codes/quote previews the same answer) and charges the
 * price after it.
 */
export const discountCodeField = z
  .string({ error: "The discount code must be text" })
  .trim()
  .max(64, "That discount code is too long")
  .optional()
  .meta({ description: "A discount code: the price asked is the package's (or plan's) price after it." });

/** POST /api/creem/checkout. Price and credits come from the package in the database, never from here. */
export const creemCheckoutSchema = z.object({
  packageId: choosePackage,
  code: discountCodeField,
  amount: z.unknown().optional(),
  currency: z.unknown().optional(),
  credits: z.unknown().optional(),
  packageName: z.unknown().optional(),
});

export const creemCheckoutResponseSchema = z
  .object({ checkoutUrl: z.string().meta({ description: "Creem's hosted checkout page: send the browser there." }) })
  .meta({ id: "CreemCheckout" });

/**
 * POST /api/creem/confirm {checkoutId}: the return page asks the server to check the checkout
 * with Creem (the redirect itself proves nothing) and credit it if it is paid.
 */
export const creemConfirmSchema = z.object({
  checkoutId: z
    .string({ error: "checkoutId is required" })
    .trim()
    .min(1, "checkoutId is required")
    .max(200, "checkoutId is too long"),
});

/** POST /api/creem/webhook: Creem's notice was taken (handled, a duplicate, or ignored). */
export const webhookReceivedSchema = z.object({ received: z.literal(true) }).meta({ id: "WebhookReceived" });

/** What a purchase attempt came to, from the return page or a PayPal capture. */
/** A failed payment's finer outcome, so the web can word it in the person's language (decision 0056). */
const PAYMENT_RESULT_REASONS = ["checkout_expired", "amount_mismatch"] as const;
export type PaymentResultReason = (typeof PAYMENT_RESULT_REASONS)[number];

export const paymentResultSchema = z
  .object({
    status: z.enum(["completed", "pending", "failed"]).meta({
      description: "completed: credited (now or earlier); pending: paid, not yet settled; failed: not paid.",
    }),
    credits: z.number().int(),
    bonusCredits: z.number().int().meta({
      description: "The package's bonus credits, given with `credits` as their own history row (0 for none).",
    }),
    balance: z.number().int().meta({ description: "The buyer's balance after this call." }),
    packageName: z.string(),
    message: z.string(),
    reason: z.enum(PAYMENT_RESULT_REASONS).optional().meta({
      description:
        "Why a payment failed, when it is not a plain failure: the checkout expired unpaid, or the amount paid did not match.",
    }),
  })
  .meta({ id: "PaymentResult" });
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** GET /paypal/setup: what the PayPal buttons need; never the secret. */
export const paypalSetupSchema = z
  .object({
    clientId: z.string(),
    environment: z.enum(["sandbox", "production"]),
  })
  .meta({ id: "PaypalSetup" });
export type PaypalSetup = z.infer<typeof paypalSetupSchema>;

/** POST /paypal/order. Only `packageId` decides what is sold; the rest is accepted and ignored. */
export const paypalOrderSchema = z.object({
  packageId: choosePackage,
  code: discountCodeField,
  intent: z.unknown().optional(),
  amount: z.unknown().optional(),
  currency: z.unknown().optional(),
});

/** POST /paypal/order: PayPal's order id, which the PayPal buttons ask the buyer to approve. */
export const paypalOrderCreatedSchema = z
  .object({ id: z.string().meta({ description: "PayPal's order id." }) })
  .meta({ id: "PaypalOrderCreated" });

/** POST /paypal/order/{orderId}/capture */
export const paypalCaptureSchema = z.object({
  packageId: choosePackage.optional(),
});

/** Checked by the route itself: an id that cannot be PayPal's answers 404, not 400. */
export const paypalCaptureParams = z.object({ orderId: z.string() });
