/**
 * The receipt of a completed payment (decision 0086): GET /api/payments/orders/:orderId/receipt,
 * the printable /receipts/:orderId page and the receipt e-mail's link.
 */
import { z } from "zod";
import { isoTimestamp } from "./common.js";

const DECIMAL = /^\d+\.\d{2}$/;

export const receiptParamsSchema = z.object({ orderId: z.string().max(100) });

export const receiptSchema = z
  .object({
    orderId: z.string(),
    completedAt: isoTimestamp,
    packageName: z.string(),
    credits: z.number().int(),
    bonusCredits: z.number().int().min(0),
    amount: z.string().regex(DECIMAL).meta({ description: 'What was paid, a decimal with two places: "25.00".' }),
    discount: z
      .object({
        code: z.string().meta({ description: "The discount code, as it is shown." }),
        listAmount: z.string().regex(DECIMAL).meta({ description: "The price before the discount." }),
        amountOff: z.string().regex(DECIMAL).meta({ description: "What the code took off." }),
      })
      .nullable()
      .meta({ description: "The discount code the payment was made with (decision 0158); null: none." }),
    currency: z.string().meta({ description: "ISO 4217, upper case." }),
    provider: z.enum(["creem", "paypal"]),
    providerPaymentId: z.string().nullable().meta({
      description: "The provider's id of the payment: the PayPal capture, or the Creem order.",
    }),
    providerTransactionId: z.string().nullable().meta({ description: "Creem's transaction id (tran_…), when known." }),
    refundedAmount: z.string().regex(DECIMAL).meta({
      description: 'What the provider has refunded or charged back of it so far ("0.00": nothing).',
    }),
    disputeStatus: z.enum(["open", "won", "lost"]).nullable().meta({
      description: "A chargeback's state: open while undecided; null when never disputed.",
    }),
    buyer: z.object({ username: z.string(), email: z.string().nullable() }),
    seller: z.object({
      name: z.string(),
      address: z.string().nullable().meta({ description: "Several lines, as the admin wrote it." }),
    }),
  })
  .meta({ id: "Receipt" });
export type Receipt = z.infer<typeof receiptSchema>;
