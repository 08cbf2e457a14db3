/**
 * The moderation log (decision 0089): screenings that did not simply pass, newest first with their
 * filters; an admin marks one reviewed (audited); and a person's refusals of the last 24 hours.
 */
import { and, desc, eq, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Queryable } from "../../db/connect.js";
import { moderationEvents, users } from "../../db/schema.js";
import { conflict, notFound } from "../../http/errors.js";
import {
  MODERATION_PAGE_SIZE,
  type ModerationEventView,
  type ModerationLogPage,
  type ModerationLogQuery,
} from "../../../shared/schemas/moderation.js";
import { recordAudit, type AuditActor } from "../audit/audit-log.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const reviewers = alias(users, "reviewers");

function filters(q: ModerationLogQuery): SQL[] {
  const e = moderationEvents;
  const where: SQL[] = [];
  if (q.decision) where.push(eq(e.decision, q.decision));
  if (q.screener) where.push(eq(e.screener, q.screener));
  if (q.source) where.push(eq(e.source, q.source));
  if (q.outcome) where.push(eq(e.outcome, q.outcome));
  if (q.needsReview === "true") where.push(and(eq(e.outcome, "review"), isNull(e.reviewedAt))!);
  if (q.needsReview === "false") where.push(sql`not (${e.outcome} = 'review' and ${e.reviewedAt} is null)`);
  if (q.userId) where.push(eq(e.userId, q.userId));
  if (q.username) where.push(sql`strpos(lower(${users.username}), ${q.username.toLowerCase()}) > 0`);
  if (q.dateFrom) where.push(gte(e.createdAt, new Date(`${q.dateFrom}T00:00:00Z`)));
  if (q.dateTo) where.push(lt(e.createdAt, new Date(new Date(`${q.dateTo}T00:00:00Z`).getTime() + DAY_MS)));
  // Keyset: strictly older than the cursor's row (the time, then the id, as the index orders them).
  if (q.cursor)
    where.push(
      sql`(${e.createdAt}, ${e.id}) < (select created_at, id from moderation_events where id = ${q.cursor}::uuid)`,
    );
  return where;
}

function eventsQuery(db: Queryable) {
  return db
    .select({ event: moderationEvents, username: users.username, reviewedBy: reviewers.username })
    .from(moderationEvents)
    .leftJoin(users, eq(users.id, moderationEvents.userId))
    .leftJoin(reviewers, eq(reviewers.id, moderationEvents.reviewedBy));
}

interface Row {
  event: typeof moderationEvents.$inferSelect;
  username: string | null;
  reviewedBy: string | null;
}

function toView({ event, username, reviewedBy }: Row): ModerationEventView {
  return {
    id: event.id,
    createdAt: event.createdAt.toISOString(),
    userId: event.userId,
    username,
    source: event.source as ModerationEventView["source"],
    field: event.field as ModerationEventView["field"],
    text: event.text,
    screener: event.screener as ModerationEventView["screener"],
    decision: event.decision as ModerationEventView["decision"],
    outcome: event.outcome as ModerationEventView["outcome"],
    detail: event.detail,
    reviewedAt: event.reviewedAt?.toISOString() ?? null,
    reviewedBy,
  };
}

export async function moderationLogPage(db: Db, q: ModerationLogQuery): Promise<ModerationLogPage> {
  const where = filters(q);
  const rows = await eventsQuery(db)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(moderationEvents.createdAt), desc(moderationEvents.id))
    .limit(MODERATION_PAGE_SIZE + 1);
  const page = rows.slice(0, MODERATION_PAGE_SIZE);
  return {
    data: page.map(toView),
    nextCursor: rows.length > MODERATION_PAGE_SIZE ? page.at(-1)!.event.id : null,
  };
}

/** Marks one entry reviewed, once, with its audit entry in the same transaction. */
export async function markReviewed(db: Db, id: string, actor: AuditActor): Promise<ModerationEventView> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(moderationEvents)
      .set({ reviewedAt: new Date(), reviewedBy: actor.adminId })
      .where(and(eq(moderationEvents.id, id), isNull(moderationEvents.reviewedAt)))
      .returning({ id: moderationEvents.id });
    const [row] = await eventsQuery(tx).where(eq(moderationEvents.id, id));
    if (!row) throw notFound("No such entry in the moderation log");
    if (!changed) throw conflict("This entry was already marked reviewed.");
    await recordAudit(tx, actor, {
      action: "moderation.review",
      targetType: "moderation_event",
      targetId: id,
      targetLabel: row.username,
      details: { screener: row.event.screener, decision: row.event.decision, outcome: row.event.outcome },
    });
    return toView(row);
  });
}

/**
 * How many of a person's requests were refused for their content in the last 24 hours. One
 * screening writes its rows in one statement, so they share their time: each time counts once.
 */
export async function refusalsInDay(db: Queryable, userId: string): Promise<number> {
  const e = moderationEvents;
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${e.createdAt})::int` })
    .from(e)
    .where(
      and(
        eq(e.userId, userId),
        eq(e.outcome, "refused"),
        sql`${e.decision} in ('deny', 'flag')`,
        gte(e.createdAt, sql`now() - interval '24 hours'`),
      ),
    );
  return Number(row?.n ?? 0);
}
