/**
 * Admin notifications, queued in the outbox table inside the caller's transaction (decision
 * 0023): a purchase or failure and its notification are written together or not at all, and
 * the sender delivers them later, so Telegram being slow or down never touches the request.
 */
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { adminNotifications, users } from "../../db/schema.js";
import { escapeHtml } from "../../integrations/telegram/client.js";
import { KIE_AVAILABLE_THRESHOLD } from "../../../shared/schemas/kie-apis.js";

export type NotificationKind =
  "purchase" | "video_failed" | "provider_low" | "provider_rejected" | "provider_empty" | "archive_failed";

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
  v: { userId: string; model: string; taskId: string; errorMessage: string; refunded: number },
): Promise<void> {
  const who = await usernameOf(db, v.userId);
  const refund = v.refunded > 0 ? `${v.refunded} credits refunded.` : "No credits refunded.";
  await queue(
    db,
    "video_failed",
    `⚠️ <b>Video failed</b>\nUser: ${e(who)}\nModel: ${e(v.model)}\nTask: <code>${e(v.taskId)}</code>\nError: ${e(v.errorMessage.slice(0, 500))}\n${refund}`,
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
