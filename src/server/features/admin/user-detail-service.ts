/** One user's page on /admin/users/{id} (decision 0052): profile, tokens, sessions, orders, videos, and the two actions on them. */
import { livePlanOf } from "../subscriptions/lifecycle.js";
import { subscriptionView } from "../subscriptions/my-plan.js";
import { and, asc, count, desc, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import {
  apiTokens,
  paymentDisputes,
  paymentOrders,
  paymentReversals,
  sessions,
  users,
  videoTasks,
} from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import type { AdminUserDetail, AdminUserVideo, AdminUserVideosPage } from "../../../shared/schemas/admin-users.js";
import type {
  PaymentDisputeView,
  PaymentOrderState,
  PaymentReversalView,
} from "../../../shared/schemas/admin-payments.js";
import { ADMIN_USER_VIDEOS_LIMIT } from "../../../shared/schemas/admin-users.js";
import { SESSION_MAX_AGE_MS } from "../../identity/sessions.js";
import { endSessionsAndLinks } from "../../identity/ways-in.js";
import { recordAudit, type AuditActor } from "../audit/audit-log.js";
import { getUserView } from "./users-service.js";
import { refusalsInDay } from "../moderation/moderation-log.js";
import { inFlightOf } from "../videos/in-flight.js";
import { signInStanding, type SignInStandingDeps } from "./sign-in-standing.js";

const ORDERS_SHOWN = 50;
const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => d?.toISOString() ?? null;
/** When a session ends if unused: its sliding expiry, at most its absolute end. */
const endOf = (s: { createdAt: Date; expiresAt: Date }) =>
  new Date(Math.min(s.expiresAt.getTime(), s.createdAt.getTime() + SESSION_MAX_AGE_MS));

/**
 * `refusalsFlag`: refused this many times in 24 hours, the person is flagged on the page (decision
 * 0089). `standing`: what says why they cannot sign in (decision 0146).
 */
export async function getUserDetail(
  db: Db,
  userId: string,
  refusalsFlag: number,
  standing: SignInStandingDeps,
): Promise<AdminUserDetail> {
  const view = await getUserView(db, userId);
  const now = new Date();
  const [[extra], tokens, live, orders, [orderCount], refusals, inFlight, signIn, plan] = await Promise.all([
    db.select({ emailVerified: users.emailVerified, googleId: users.googleId }).from(users).where(eq(users.id, userId)),
    db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.oauthGrantId)))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id)),
    db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          gt(sessions.expiresAt, now),
          gt(sessions.createdAt, new Date(now.getTime() - SESSION_MAX_AGE_MS)),
        ),
      )
      .orderBy(desc(sessions.createdAt)),
    db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, userId))
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .limit(ORDERS_SHOWN),
    db.select({ n: count() }).from(paymentOrders).where(eq(paymentOrders.userId, userId)),
    refusalsInDay(db, userId),
    inFlightOf(db, userId),
    signInStanding(db, userId, standing),
    livePlanOf(db, userId).then((sub) => (sub ? subscriptionView(db, sub) : null)),
  ]);
  const { disputes, reversals } = await moneyBackOf(
    db,
    orders.map((o) => o.id),
  );
  return {
    ...view,
    emailVerified: extra?.emailVerified ?? false,
    googleLinked: Boolean(extra?.googleId),
    apiTokens: tokens.map((t) => ({
      id: t.id,
      name: t.name,
      token: t.tokenMasked,
      createdAt: iso(t.createdAt),
      lastUsed: isoOrNull(t.lastUsed),
    })),
    // The id is the SHA-256 of the cookie; a prefix of it names the session without being usable as one.
    sessions: live.map((s) => ({
      id: s.id.slice(0, 12),
      createdAt: iso(s.createdAt),
      expiresAt: iso(endOf(s)),
      ip: s.ip,
      userAgent: s.userAgent,
    })),
    paymentOrders: orders.map((o) => ({
      ...orderState(o),
      credits: o.credits,
      failureReason: o.failureReason,
      createdAt: iso(o.createdAt),
      completedAt: isoOrNull(o.completedAt),
      disputes: disputes.get(o.id) ?? [],
      reversals: reversals.get(o.id) ?? [],
    })),
    paymentOrderCount: Number(orderCount?.n ?? 0),
    moderation: { refusals24h: refusals, threshold: refusalsFlag, flagged: refusals >= refusalsFlag },
    inFlight,
    signIn,
    plan,
  };
}

/** An order's money state as the admin pages show it (decision 0084). */
function orderState(o: typeof paymentOrders.$inferSelect): PaymentOrderState {
  return {
    id: o.id,
    provider: o.provider as PaymentOrderState["provider"],
    packageName: o.packageName,
    amount: o.amount,
    currency: o.currency,
    status: o.status as PaymentOrderState["status"],
    refundedCents: o.refundedCents,
    reversedCredits: o.reversedCredits,
    disputeStatus: o.disputeStatus as PaymentOrderState["disputeStatus"],
  };
}

/** The disputes and reversals of these orders, oldest first, by order id. */
async function moneyBackOf(
  db: Db,
  orderIds: string[],
): Promise<{ disputes: Map<string, PaymentDisputeView[]>; reversals: Map<string, PaymentReversalView[]> }> {
  const disputes = new Map<string, PaymentDisputeView[]>();
  const reversals = new Map<string, PaymentReversalView[]>();
  if (orderIds.length === 0) return { disputes, reversals };
  const [disputeRows, reversalRows] = await Promise.all([
    db
      .select()
      .from(paymentDisputes)
      .where(inArray(paymentDisputes.orderId, orderIds))
      .orderBy(asc(paymentDisputes.openedAt), asc(paymentDisputes.id)),
    db
      .select()
      .from(paymentReversals)
      .where(inArray(paymentReversals.orderId, orderIds))
      .orderBy(asc(paymentReversals.createdAt), asc(paymentReversals.id)),
  ]);
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => map.set(key, [...(map.get(key) ?? []), value]);
  for (const d of disputeRows)
    push(disputes, d.orderId, {
      id: d.id,
      providerDisputeId: d.providerDisputeId,
      status: d.status as PaymentDisputeView["status"],
      amountCents: d.amountCents,
      reason: d.reason,
      frozenCredits: d.frozenCredits,
      openedAt: iso(d.openedAt),
      resolvedAt: isoOrNull(d.resolvedAt),
    });
  for (const r of reversalRows)
    push(reversals, r.orderId, {
      kind: r.kind as PaymentReversalView["kind"],
      amountCents: r.amountCents,
      credits: r.credits,
      creditsTaken: r.creditsTaken,
      creditsOwed: r.creditsOwed,
      reason: r.reason,
      source: r.source as PaymentReversalView["source"],
      createdAt: iso(r.createdAt),
    });
  return { disputes, reversals };
}

/** The user's videos, newest first, deleted ones included (their links are not: the files are gone). */
export async function listUserVideos(
  db: Db,
  userId: string,
  page: number,
  sign: (url: string) => string,
): Promise<AdminUserVideosPage> {
  await getUserView(db, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(videoTasks)
      .where(eq(videoTasks.userId, userId))
      .orderBy(desc(videoTasks.createdAt), desc(videoTasks.id))
      .limit(ADMIN_USER_VIDEOS_LIMIT)
      .offset((page - 1) * ADMIN_USER_VIDEOS_LIMIT),
    db.select({ n: count() }).from(videoTasks).where(eq(videoTasks.userId, userId)),
  ]);
  const link = (url: string | null | undefined, deleted: boolean) => (url && !deleted ? sign(url) : null);
  const data = rows.map((t): AdminUserVideo => ({
    id: t.id,
    taskId: t.taskId,
    prompt: t.prompt,
    model: t.model,
    mode: t.mode,
    aspectRatio: t.aspectRatio,
    status: t.status as AdminUserVideo["status"],
    hdStatus: t.hdStatus,
    uhdStatus: t.uhdStatus,
    creditsUsed: t.creditsUsed,
    refunded: t.refunded,
    createdVia: t.createdVia as AdminUserVideo["createdVia"],
    vendor: t.vendor as AdminUserVideo["vendor"],
    errorMessage: t.errorMessage,
    videoExpired: t.videoExpired,
    createdAt: iso(t.createdAt),
    completedAt: isoOrNull(t.completedAt),
    deletedAt: isoOrNull(t.deletedAt),
    videoUrl: link(t.resultUrls?.[0], t.deletedAt !== null || t.videoExpired),
    hdVideoUrl: t.hdStatus === "ready" ? link(t.hdVideoUrl, t.deletedAt !== null) : null,
    uhdVideoUrl: t.uhdStatus === "ready" ? link(t.uhdVideoUrl, t.deletedAt !== null) : null,
  }));
  return { data, total: Number(total?.n ?? 0) };
}

/** Ends every session of the user (they sign in again); one audit row with how many ended. */
export async function signOutEverywhere(db: Db, actor: AuditActor, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound("User not found");
    const ended = await endSessionsAndLinks(tx, userId);
    await recordAudit(tx, actor, {
      action: "user.sign_out",
      targetType: "user",
      targetId: userId,
      targetLabel: user.username,
      details: { sessions: ended },
    });
    return ended;
  });
}

/** Deletes one of the user's API tokens (automations using it get 401); another user's token id is 404. */
export async function revokeUserToken(db: Db, actor: AuditActor, userId: string, tokenId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [token] = await tx
      .delete(apiTokens)
      .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.oauthGrantId)))
      .returning({ name: apiTokens.name, masked: apiTokens.tokenMasked });
    if (!token) throw notFound("API token not found");
    const [user] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
    // The user is the target, so the revocation shows among the admin actions on their page.
    await recordAudit(tx, actor, {
      action: "user.api_token_revoke",
      targetType: "user",
      targetId: userId,
      targetLabel: user?.username ?? null,
      details: { tokenId, name: token.name, token: token.masked },
    });
  });
}
