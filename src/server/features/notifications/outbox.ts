/**
 * Admin notifications, queued in the outbox table inside the caller's transaction (decision
 * 0023): a purchase or failure and its notification are written together or not at all, and
 * the sender delivers them later, so Telegram being slow or down never touches the request.
 */
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { adminNotifications, users } from "../../db/schema.js";
import { escapeHtml } from "../../integrations/telegram/client.js";
import { KIE_AVAILABLE_THRESHOLD } from "../../../shared/schemas/vendor-accounts.js";
import { creditsText } from "../../../shared/credits-text.js";
import { formatCents } from "../../lib/money.js";

type NotificationKind =
  | "purchase"
  | "video_failed"
  | "provider_low"
  | "provider_rejected"
  | "provider_empty"
  | "archive_failed"
  | "payment_reversed"
  | "dispute"
  | "model_retired"
  | "model_degraded";

async function queue(db: Queryable, kind: NotificationKind, text: string): Promise<void> {
  await db.insert(adminNotifications).values({ kind, text });
}

async function usernameOf(db: Queryable, userId: string): Promise<string> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? "unknown user";
}

const e = escapeHtml;

export async function notifyPurchase(
  db: Queryable,
  p: { userId: string; credits: number; amount: string; currency: string; provider: string; packageName: string },
): Promise<void> {
  const who = await usernameOf(db, p.userId);
  await queue(
    db,
    "purchase",
    `💰 <b>Purchase</b>\n${e(who)} bought ${p.credits} credits (${e(p.packageName)}) for ${e(p.amount)} ${e(p.currency)} via ${e(p.provider)}.`,
  );
}

export async function notifyVideoFailed(
  db: Queryable,
  v: { userId: string; model: string; taskId: string; errorMessage: string; refunded: number; refused?: boolean },
): Promise<void> {
  const who = await usernameOf(db, v.userId);
  const refund = v.refunded > 0 ? `${creditsText(v.refunded)} refunded.` : "No credits refunded.";
  // A prompt the provider refused for its content is the person's, not a failure (decision 0082).
  const title = v.refused ? "🚫 <b>Prompt refused</b>" : "⚠️ <b>Video failed</b>";
  await queue(
    db,
    "video_failed",
    `${title}\nUser: ${e(who)}\nModel: ${e(v.model)}\nTask: <code>${e(v.taskId)}</code>\nError: ${e(v.errorMessage.slice(0, 500))}\n${refund}`,
  );
}

export async function notifyArchiveFailed(
  db: Queryable,
  f: { taskId: string; quality: string; attempts: number; error: string },
): Promise<void> {
  await queue(
    db,
    "archive_failed",
    `🗄️ <b>Video not saved</b>\nTask: <code>${e(f.taskId)}</code> (${e(f.quality)})\nGave up after ${f.attempts} tries: ${e(f.error.slice(0, 300))}\nThe provider's link is served while it lives.`,
  );
}

export async function notifyProviderLow(db: Queryable, a: { name: string; totalCredits: number }): Promise<void> {
  await queue(
    db,
    "provider_low",
    `🔋 <b>KIE account low</b>\n${e(a.name)} has about ${a.totalCredits} credits left (below ${KIE_AVAILABLE_THRESHOLD}). Top it up or add another account.`,
  );
}

export async function notifyProviderProblem(
  db: Queryable,
  a: { name: string },
  problem: "unauthorized" | "insufficient_credits",
): Promise<void> {
  if (problem === "unauthorized") {
    await queue(
      db,
      "provider_rejected",
      `⛔ <b>KIE account rejected</b>\nKIE refused the key of ${e(a.name)}; the account was disabled. Check the key on /admin.`,
    );
  } else {
    await queue(
      db,
      "provider_empty",
      `🪫 <b>KIE account empty</b>\n${e(a.name)} is out of KIE credits; videos go to the other accounts.`,
    );
  }
}

/** A vendor no longer knows the id a model was sent by (decision 0173): that mapping is skipped from now on. */
export async function notifyModelRetired(
  db: Queryable,
  m: { label: string; message: string; said: string },
): Promise<void> {
  await queue(
    db,
    "model_retired",
    `🚫 <b>Model id gone</b>\n${e(m.label)}: ${e(m.message)} (the vendor answered “${e(m.said.slice(0, 300))}”). New videos go to its other vendors, and the model is hidden while none is left; set a new id in /admin settings › Models › Model ids.`,
  );
}

/** A model's videos fail more than the threshold (issue 42, model-health.ts). */
export async function notifyModelDegraded(
  db: Queryable,
  m: { label: string; failed: number; finished: number; paused: boolean },
): Promise<void> {
  await queue(
    db,
    "model_degraded",
    `⚠️ <b>Model failing often</b>\n${e(m.label)}: ${m.failed} of the last hour's ${m.finished} finished videos failed.${m.paused ? " It is paused until it recovers." : ""}`,
  );
}

/** A refund or lost chargeback took credits back (decision 0084). */
export async function notifyPaymentReversed(
  db: Queryable,
  r: {
    userId: string;
    kind: "refund" | "chargeback";
    provider: string;
    packageName: string;
    amountCents: number;
    currency: string;
    credits: number;
    owed: number;
  },
): Promise<void> {
  const who = await usernameOf(db, r.userId);
  const title = r.kind === "chargeback" ? "🚨 <b>Chargeback lost</b>" : "↩️ <b>Payment refunded</b>";
  const owed = r.owed > 0 ? `\n${creditsText(r.owed)} already spent: owed, generation blocked until paid.` : "";
  await queue(
    db,
    "payment_reversed",
    `${title}\n${e(who)}: ${formatCents(r.amountCents)} ${e(r.currency)} of ${e(r.packageName)} via ${e(r.provider)}.\n${creditsText(r.credits)} taken back.${owed}`,
  );
}

/** A dispute opened or was decided (decision 0084). */
export async function notifyDispute(
  db: Queryable,
  d: {
    userId: string;
    provider: string;
    order: { packageName: string };
    amountCents: number;
    currency: string;
    reason: string | null;
    state: "opened" | "won" | "lost";
    frozenCredits: number;
  },
): Promise<void> {
  const who = await usernameOf(db, d.userId);
  const what = `${e(who)}: ${formatCents(d.amountCents)} ${e(d.currency.toUpperCase())} of ${e(d.order.packageName)} via ${e(d.provider)}`;
  const reason = d.reason ? ` (${e(d.reason.slice(0, 200))})` : "";
  const text =
    d.state === "opened"
      ? `⚠️ <b>Chargeback opened</b>\n${what}${reason}.\n${creditsText(d.frozenCredits)} frozen; generation blocked until it is decided.`
      : d.state === "won"
        ? `✅ <b>Dispute won</b>\n${what}. The hold is lifted.`
        : `🚨 <b>Dispute lost</b>\n${what}. The credits were taken back.`;
  await queue(db, "dispute", text);
}
