/**
 * The person's choice of notices (decision 0086): the users.notify_* columns, read and changed
 * here and by a one-click unsubscribe. Essential mail (receipts, security notices) has no choice.
 */
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { users } from "../../db/schema.js";
import { NOTICE_FIELDS, NOTICE_KINDS, type NoticeKind } from "../../../shared/notices.js";
import type { NoticePreferences, NoticePreferencesUpdate } from "../../../shared/schemas/notices.js";
import { lowBalanceThreshold } from "../credits/low-balance.js";
import { NOTICE_COLUMN } from "../mail/kinds.js";

type UserRow = typeof users.$inferSelect;

function toPreferences(user: UserRow): NoticePreferences {
  return {
    videoReady: user.notifyVideoReady,
    videoFailed: user.notifyVideoFailed,
    lowBalance: user.notifyLowBalance,
    newSignIn: user.notifyNewSignIn,
    lowBalanceBelow: lowBalanceThreshold(user.lowCreditsThreshold),
    email: user.email,
    emailConfirmed: user.emailVerified,
  };
}

export async function readNotices(db: Queryable, userId: string): Promise<NoticePreferences | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user && toPreferences(user);
}

/** Changes the choices given, leaves the others; the choices as they are now. */
export async function updateNotices(
  db: Queryable,
  userId: string,
  patch: NoticePreferencesUpdate,
): Promise<NoticePreferences | undefined> {
  const changes: Partial<Record<(typeof NOTICE_COLUMN)[NoticeKind], boolean>> = {};
  for (const kind of NOTICE_KINDS) {
    const value = patch[NOTICE_FIELDS[kind]];
    if (value !== undefined) changes[NOTICE_COLUMN[kind]] = value;
  }
  if (Object.keys(changes).length === 0) return readNotices(db, userId);
  const [user] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return user && toPreferences(user);
}

/** One notice off for one person (a one-click unsubscribe): the same whether it was on or off. */
export async function turnOffNotice(db: Queryable, userId: string, kind: NoticeKind): Promise<void> {
  await db
    .update(users)
    .set({ [NOTICE_COLUMN[kind]]: false })
    .where(eq(users.id, userId));
}
