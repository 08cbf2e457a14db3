import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { users, videoTasks } from "../../db/schema.js";
import { badRequest, notFound } from "../../http/errors.js";
import type { AdminUserView } from "../../../shared/schemas/admin-users.js";
import { deleteUserSessions } from "../auth/sessions.js";
import { setBalance } from "../credits/ledger.js";

const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  credits: users.credits,
  isAdmin: users.isAdmin,
  isActive: users.isActive,
  createdAt: users.createdAt,
};

export async function listUsers(db: Db): Promise<AdminUserView[]> {
  const videoCounts = db
    .select({ userId: videoTasks.userId, videoCount: count().as("video_count") })
    .from(videoTasks)
    .groupBy(videoTasks.userId)
    .as("video_counts");
  const rows = await db
    .select({ ...userColumns, videoCount: videoCounts.videoCount })
    .from(users)
    .leftJoin(videoCounts, eq(videoCounts.userId, users.id))
    .orderBy(desc(users.createdAt));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), videoCount: Number(r.videoCount ?? 0) }));
}

async function getUserView(db: Db, userId: string): Promise<AdminUserView> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, userId));
  if (!row) throw notFound("User not found");
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(videoTasks).where(eq(videoTasks.userId, userId));
  return { ...row, createdAt: row.createdAt.toISOString(), videoCount: Number(n) };
}

/** Enables or disables a user; disabling ends every session of theirs at once. */
export async function setUserActive(db: Db, actingAdminId: string, userId: string, isActive: boolean): Promise<AdminUserView> {
  if (userId === actingAdminId && !isActive) throw badRequest("You cannot disable your own account");
  await db.transaction(async (tx) => {
    const updated = await tx.update(users).set({ isActive }).where(eq(users.id, userId)).returning({ id: users.id });
    if (updated.length === 0) throw notFound("User not found");
    if (!isActive) await deleteUserSessions(tx, userId);
  });
  return getUserView(db, userId);
}

export async function setUserCredits(db: Db, adminUsername: string, userId: string, credits: number): Promise<AdminUserView> {
  await db.transaction((tx) => setBalance(tx, userId, credits, (previous) => `Credits set to ${credits} by admin ${adminUsername} (was ${previous})`));
  return getUserView(db, userId);
}
