/**
 * The buying-credits API as both sides see it (spec sections 3 and 7; issue 5). Server routes
 * answer with these shapes; the /pricing and /purchase-credits pages read them.
 */
import { z } from "zod";

/** A package as everyone sees it: GET /api/credit-packages (active ones only). */
export interface CreditPackageView {
  id: string;
  name: string;
  credits: number;
  /** USD with two decimals, e.g. "10.00". */
  price: string;
  popular: boolean;
  description: string | null;
  /** A note such as '25 bonus credits' (display only: `credits` is what the buyer gets). */
  bonus: string | null;
}

/** GET /api/admin/credit-packages: every package, active or not. */
export interface AdminCreditPackageView extends CreditPackageView {
  creemProductId: string | null;
  isActive: boolean;
  createdAt: string;
}

const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;

/** POST /api/admin/credit-packages and PUT /api/admin/credit-packages/{id} (spec section 5). */
export const creditPackageSchema = z.object({
  name: z.string({ error: "Package name is required" }).trim().min(1, "Package name is required").max(100, "Package name must be at most 100 characters"),
  credits: z
    .union([z.number(), z.string().trim()], { error: "Credits must be positive" })
    .transform((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v))
    .pipe(
      z
        .number({ error: "Credits must be positive" })
        .int("Credits must be a whole number")
        .min(1, "Credits must be positive")
        .max(10_000_000, "Credits must be at most 10,000,000"),
    ),
  price: z
    .union([z.string().trim(), z.number()], { error: "Price must be valid" })
    .transform((v) => String(v))
    .pipe(
      z
        .string()
        .regex(PRICE_PATTERN, "Price must be valid")
        .refine((v) => Number(v) > 0, "Price must be valid")
        .refine((v) => Number(v) <= 100_000, "Price must be at most 100000"),
    ),
  creemProductId: z
    .string()
    .trim()
    .max(200, "Creem product id must be at most 200 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
  isActive: z.boolean({ error: "isActive must be true or false" }).default(true),
  popular: z.boolean({ error: "popular must be true or false" }).default(false),
  description: z
    .string()
    .trim()
    .max(300, "Description must be at most 300 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
  bonus: z
    .string()
    .trim()
    .max(100, "Bonus must be at most 100 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CreditPackageInput = z.input<typeof creditPackageSchema>;

/** GET /api/settings/payment-methods: a provider counts only when switched on and configured. */
export interface PaymentMethods {
  creemEnabled: boolean;
  paypalEnabled: boolean;
}

/** GET /api/user/stats. `totalSpent` is credits used on videos, net of refunds. */
export interface UserStats {
  credits: number;
  videosCreated: number;
  totalSpent: number;
}

export const TRANSACTIONS_PAGE_SIZE = 50;

/** A row of GET /api/transactions?page= (the signed-in user's own, newest first). */
export interface TransactionView {
  id: string;
  type: "purchase" | "refund" | "usage" | "adjustment";
  /** Signed: purchases, refunds and upward adjustments positive; usage negative. */
  amount: number;
  description: string | null;
  videoTaskId: string | null;
  packageId: string | null;
  createdAt: string;
}

export interface TransactionsPage {
  data: TransactionView[];
  total: number;
}

/** POST /api/creem/checkout. Price and credits come from the package in the database, never from here. */
export const creemCheckoutSchema = z.object({
  packageId: z.uuid({ error: "Choose a credit package" }),
  amount: z.unknown().optional(),
  currency: z.unknown().optional(),
  credits: z.unknown().optional(),
  packageName: z.unknown().optional(),
});

export interface CreemCheckoutResponse {
  checkoutUrl: string;
}

/** A payment error: `message` says what went wrong, `suggestion` (when present) what to do. */
export interface PaymentErrorBody {
  message: string;
  suggestion?: string;
}

/**
 * POST /api/creem/confirm {checkoutId}: the return page asks the server to check the checkout
 * with Creem (the redirect itself proves nothing) and credit it if it is paid.
 */
export const creemConfirmSchema = z.object({
  checkoutId: z.string({ error: "checkoutId is required" }).trim().min(1, "checkoutId is required").max(200, "checkoutId is too long"),
});

/** What a purchase attempt came to, from the return page or a PayPal capture. */
export interface PaymentResult {
  /** completed: credited (now or earlier); pending: paid, not yet settled; failed: not paid. */
  status: "completed" | "pending" | "failed";
  credits: number;
  /** The buyer's balance after this call. */
  balance: number;
  packageName: string;
  message: string;
}

/** GET /paypal/setup */
export interface PaypalSetup {
  clientId: string;
  environment: "sandbox" | "production";
}

/** POST /paypal/order. Only `packageId` decides what is sold; the rest is accepted and ignored. */
export const paypalOrderSchema = z.object({
  packageId: z.uuid({ error: "Choose a credit package" }),
  intent: z.unknown().optional(),
  amount: z.unknown().optional(),
  currency: z.unknown().optional(),
});

/** POST /paypal/order/{orderId}/capture */
export const paypalCaptureSchema = z.object({
  packageId: z.uuid({ error: "Choose a credit package" }).optional(),
});
