/**
 * POST /api/codes/quote's work (decision 0156): the list price of the package or plan the
 * purchase dialog shows, read from the catalogue (never from the browser), and the discount code
 * quoted against it, in the dialog's money strings.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { creditPackages, plans } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import { formatCents, toCents } from "../../lib/money.js";
import { reasoned } from "../../../shared/error-reasons.js";
import type { CodeQuote, QuoteCodeBody } from "../../../shared/schemas/codes.js";
import { displayCode } from "./code-format.js";
import { quoteDiscount, type DiscountTarget } from "./discounts.js";

/** The target and its list price in cents; 404 with a reason for one not on sale. */
async function listPriceOf(db: Db, body: QuoteCodeBody): Promise<{ target: DiscountTarget; listCents: number }> {
  if (body.packageId) {
    const [pkg] = await db
      .select({ price: creditPackages.price })
      .from(creditPackages)
      .where(and(eq(creditPackages.id, body.packageId), eq(creditPackages.isActive, true)));
    if (!pkg) throw new AppError("not_found", "This credit package is not available.", reasoned("package_unavailable"));
    return { target: { kind: "package", packageId: body.packageId }, listCents: toCents(pkg.price) };
  }
  const interval = body.interval ?? "month";
  const [plan] = await db
    .select({ monthly: plans.monthlyPrice, yearly: plans.yearlyPrice })
    .from(plans)
    .where(and(eq(plans.id, body.planId!), eq(plans.isActive, true)));
  const price = interval === "month" ? plan?.monthly : plan?.yearly;
  if (!price) throw new AppError("not_found", "This plan is not available.", reasoned("plan_unavailable"));
  return { target: { kind: "plan", planId: body.planId!, interval }, listCents: toCents(price) };
}

export async function quoteForDialog(
  db: Db,
  userId: string,
  clientAddress: string,
  body: QuoteCodeBody,
): Promise<CodeQuote> {
  const { target, listCents } = await listPriceOf(db, body);
  const quote = await quoteDiscount(db, { userId, code: body.code, target, listCents, clientAddress });
  return {
    code: displayCode(quote.code),
    listAmount: formatCents(quote.listCents),
    discount: formatCents(quote.discountCents),
    amount: formatCents(quote.amountCents),
    percentOff: quote.percentOff,
    amountOff: quote.amountOffCents === null ? null : formatCents(quote.amountOffCents),
  };
}
