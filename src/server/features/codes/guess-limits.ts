/**
 * Guessing codes is slowed, then refused (decision 0156). Each wrong code is a row in
 * `promo_code_failures` (the person and the client address). The failures counted are those by
 * this person or from this client address, so neither a new account nor a new address starts
 * afresh alone. After FREE_PER_HOUR failures in an hour, each try must wait a delay that doubles
 * with every further failure (30 s, 60 s, 2 min... at most an hour), counted from the last failure;
 * after PER_DAY failures in 24 hours every try is refused until the oldest of those leaves the
 * window. A right code resets nothing. A try refused here is not looked up, so it says nothing
 * about the code, and it is not counted.
 */
import { and, desc, eq, gt, lt, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/connect.js";
import { promoCodeFailures } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import { reasoned } from "../../../shared/error-reasons.js";

export const FREE_PER_HOUR = 5;
export const PER_DAY = 20;
const FIRST_DELAY_SECONDS = 30;
export const MAX_DELAY_SECONDS = 3600;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
/** Failure rows older than this are swept: nothing counts them any more. */
const FAILURE_KEEP_MS = 2 * DAY_MS;

export interface Guesser {
  userId: string | null;
  clientAddress: string;
}

/** The wait after `failures` in the last hour: none up to FREE_PER_HOUR, then doubling. */
export function delayAfter(failuresInHour: number): number {
  if (failuresInHour < FREE_PER_HOUR) return 0;
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (failuresInHour - FREE_PER_HOUR));
}

const whose = (who: Guesser) =>
  who.userId
    ? or(eq(promoCodeFailures.userId, who.userId), eq(promoCodeFailures.clientAddress, who.clientAddress))
    : eq(promoCodeFailures.clientAddress, who.clientAddress);

/** Throws 429 (with Retry-After) while this person or address must wait or is refused; else nothing. */
export async function checkGuessLimit(db: Db | Tx, who: Guesser, now = new Date()): Promise<void> {
  const rows = await db
    .select({ at: promoCodeFailures.createdAt })
    .from(promoCodeFailures)
    .where(and(whose(who), gt(promoCodeFailures.createdAt, new Date(now.getTime() - DAY_MS))))
    .orderBy(desc(promoCodeFailures.createdAt))
    .limit(PER_DAY);
  if (rows.length >= PER_DAY) {
    // Tries open again when the PER_DAY-th latest failure leaves the 24 hours.
    const seconds = Math.max(1, Math.ceil((rows[PER_DAY - 1]!.at.getTime() + DAY_MS - now.getTime()) / 1000));
    throw new AppError(
      "rate_limited",
      "Too many wrong codes today. Try again later, or contact us if you were given a code that does not work.",
      {
        headers: { "retry-after": String(seconds) },
        ...reasoned("code_guess_limit", { seconds }),
      },
    );
  }
  const hourAgo = now.getTime() - HOUR_MS;
  const inHour = rows.filter((r) => r.at.getTime() > hourAgo).length;
  const delay = delayAfter(inHour);
  if (delay === 0 || !rows[0]) return;
  const waitMs = rows[0].at.getTime() + delay * 1000 - now.getTime();
  if (waitMs <= 0) return;
  const seconds = Math.ceil(waitMs / 1000);
  throw new AppError("rate_limited", `Too many wrong codes. Wait ${seconds} seconds before you try another.`, {
    headers: { "retry-after": String(seconds) },
    ...reasoned("code_guess_wait", { seconds }),
  });
}

/** A wrong code: one row. Written outside any redemption's transaction, so a refusal keeps it. */
export async function recordGuessFailure(db: Db | Tx, who: Guesser): Promise<void> {
  await db.insert(promoCodeFailures).values({ userId: who.userId, clientAddress: who.clientAddress });
}

/** Removes failure rows nothing counts any more; returns how many. */
export async function sweepGuessFailures(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(promoCodeFailures)
    .where(lt(promoCodeFailures.createdAt, new Date(now.getTime() - FAILURE_KEEP_MS)))
    .returning({ id: promoCodeFailures.id });
  return gone.length;
}
