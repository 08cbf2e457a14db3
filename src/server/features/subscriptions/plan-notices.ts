/**
 * What a person is told when their plan's state changes (issue 69): a mail when a renewal failed
 * (past due) and when the plan ended; the web shows the past-due banner from GET /api/subscription.
 * Called by each provider's event handler in the transaction that applied the change, with
 * applyProviderChange()'s outcome, so a repeated event mails nothing new.
 */
import type { Tx } from "../../db/connect.js";
import type { Mailer } from "../mail/outbox.js";
import type { ChangeOutcome } from "./lifecycle.js";
import { PAST_DUE_GRACE_DAYS } from "./periods.js";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function afterPlanChange(tx: Tx, mailer: Mailer, outcome: ChangeOutcome): Promise<void> {
  if (outcome.kind !== "applied" || outcome.from === outcome.to) return;
  const sub = outcome.subscription;
  if (outcome.to === "past_due") {
    const until = sub.currentPeriodEnd ? new Date(sub.currentPeriodEnd.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS) : null;
    await mailer.toUser(tx, sub.userId, {
      kind: "plan_past_due",
      planName: sub.planName,
      until,
      link: `${mailer.publicUrl}/my-account#plan`,
    });
  } else if (outcome.to === "ended" && outcome.from !== "pending") {
    await mailer.toUser(tx, sub.userId, {
      kind: "plan_ended",
      planName: sub.planName,
      link: `${mailer.publicUrl}/pricing`,
    });
  }
}
