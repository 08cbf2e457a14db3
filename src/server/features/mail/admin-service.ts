/** What the admin reads of the mail (decision 0085): where it goes, the outbox page by page, one message. */
import { and, count, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { mailMessages } from "../../db/schema.js";
import {
  MAIL_PAGE_SIZE,
  type MailMessageView,
  type MailPage,
  type MailQuery,
  type MailStatus,
  type MailSummary,
} from "../../../shared/schemas/admin-mail.js";
import type { Settings } from "../settings/service.js";
import { isNewLinkKind } from "./kinds.js";
import { chooseMailServer, type MailEnvironment } from "./mail-server.js";
import { hideLinkSecrets } from "./masked-links.js";

type Row = typeof mailMessages.$inferSelect;
const DAY_MS = 24 * 60 * 60 * 1000;

function summary(r: Row): MailSummary {
  return {
    id: r.id,
    toAddress: r.toAddress,
    kind: r.kind,
    locale: r.locale,
    subject: r.subject,
    status: r.status as MailSummary["status"],
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    hasBody: r.html !== null,
  };
}

/** The cursor is the last row's creation time (ms) and id: newest first, ties broken by id. */
function after(cursor: string): SQL {
  const [ms, id] = cursor.split("_");
  const at = new Date(Number(ms));
  return or(lt(mailMessages.createdAt, at), and(eq(mailMessages.createdAt, at), lt(mailMessages.id, id!)))!;
}

export async function mailPage(db: Db, q: MailQuery): Promise<MailPage> {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(mailMessages.status, q.status));
  if (q.to) conditions.push(sql`strpos(lower(${mailMessages.toAddress}), ${q.to.toLowerCase()}) > 0`);
  if (q.cursor) conditions.push(after(q.cursor));
  const rows = await db
    .select()
    .from(mailMessages)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(MAIL_PAGE_SIZE + 1);
  const page = rows.slice(0, MAIL_PAGE_SIZE);
  const last = page.at(-1);
  return {
    data: page.map(summary),
    nextCursor: rows.length > MAIL_PAGE_SIZE && last ? `${last.createdAt.getTime()}_${last.id}` : null,
  };
}

/** One message, its single-use links' secrets hidden (decision 0130). */
export async function mailMessage(db: Db, id: string): Promise<MailMessageView | null> {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
  if (!row) return null;
  const html = row.html === null ? null : hideLinkSecrets(row.html);
  const text = row.textBody === null ? null : hideLinkSecrets(row.textBody);
  return {
    ...summary(row),
    html: html?.body ?? null,
    text: text?.body ?? null,
    headers: row.headers,
    linksHidden: (html?.hidden ?? 0) + (text?.hidden ?? 0) > 0,
    newLink: row.userId !== null && isNewLinkKind(row.kind),
  };
}

/** A failed message becomes due again (its attempts start over); anything else is left as it is. */
export async function retryMail(db: Db, id: string): Promise<"retried" | "not_failed" | "missing"> {
  const [row] = await db
    .update(mailMessages)
    .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(), lastError: null })
    .where(and(eq(mailMessages.id, id), eq(mailMessages.status, "failed")))
    .returning({ id: mailMessages.id });
  if (row) return "retried";
  const [exists] = await db.select({ id: mailMessages.id }).from(mailMessages).where(eq(mailMessages.id, id));
  return exists ? "not_failed" : "missing";
}

export async function mailStatus(
  db: Db,
  settings: Settings,
  env: MailEnvironment,
  now = new Date(),
): Promise<MailStatus> {
  const choice = chooseMailServer(settings, env);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const [byStatus, sentLastDay, failedLastDay] = await Promise.all([
    db.select({ status: mailMessages.status, n: count() }).from(mailMessages).groupBy(mailMessages.status),
    db
      .select({ n: count() })
      .from(mailMessages)
      .where(and(eq(mailMessages.status, "sent"), gte(mailMessages.sentAt, dayAgo))),
    db
      .select({ n: count() })
      .from(mailMessages)
      .where(and(eq(mailMessages.status, "failed"), gte(mailMessages.createdAt, dayAgo))),
  ]);
  const of = (status: string) => Number(byStatus.find((r) => r.status === status)?.n ?? 0);
  const server = choice.server;
  return {
    source: choice.source,
    host: server ? ("url" in server ? new URL(server.url).hostname : server.host) : null,
    security: server && !("url" in server) ? server.security : null,
    from: choice.from,
    counts: {
      pending: of("pending"),
      failed: of("failed"),
      kept: of("kept"),
      sentLastDay: Number(sentLastDay[0]?.n ?? 0),
      failedLastDay: Number(failedLastDay[0]?.n ?? 0),
    },
  };
}
