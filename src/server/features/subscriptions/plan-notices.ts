/**
 * What a person is told when their plan's state changes (issue 69): a mail when a renewal failed
 * (past due) and when the plan ended. Called by each provider's event handler in the transaction
 * that applied the change, with applyProviderChange()'s outcome.
 */
import type { Tx } from "../../db/connect.js";
import type { Mailer } from "../mail/outbox.js";
import type { ChangeOutcome } from "./lifecycle.js";

export async function afterPlanChange(_tx: Tx, _mailer: Mailer, outcome: ChangeOutcome): Promise<void> {
  if (outcome.kind !== "applied" || outcome.from === outcome.to) return;
  // Filled in by the plan notices change (mail kinds past_due and ended).
}
