/**
 * The low-balance notice (decision 0086): when a spend takes the balance from at least the
 * person's threshold to below it, written in the spending transaction. The spend's own statement
 * tells the balance before and after, so of two spends racing across the line only one crosses it.
 * The threshold is the one the person set for the credits.low webhook, else LOW_BALANCE_DEFAULT.
 */
import type { Tx } from "../../db/connect.js";
import type { Mailer } from "../mail/outbox.js";

/** Two videos of the dearest model at the default prices: time to buy before the next one is refused. */
const LOW_BALANCE_DEFAULT = 10;

/** The threshold in force for a person: the one they chose, else the default. */
export const lowBalanceThreshold = (chosen: number | null) => chosen ?? LOW_BALANCE_DEFAULT;

export async function noticeLowBalance(
  tx: Tx,
  mailer: Mailer,
  spend: { userId: string; before: number; after: number; chosenThreshold: number | null },
): Promise<void> {
  const threshold = lowBalanceThreshold(spend.chosenThreshold);
  if (spend.before < threshold || spend.after >= threshold) return;
  await mailer.toUser(tx, spend.userId, {
    kind: "low_balance",
    credits: spend.after,
    threshold,
    chosen: spend.chosenThreshold !== null,
    link: `${mailer.publicUrl}/purchase-credits`,
  });
}
