/**
 * "Download my data" (decision 0087): everything the service holds about the signed-in person as
 * one JSON file, written as it is read. Every query names the person's id. Transactions and videos
 * (thousands, for some) are read in keyset batches only as fast as the browser takes the file, so
 * memory stays flat; no transaction is held open meanwhile (PGlite has one connection), so a row
 * written during a long download may or may not be in it. Never a secret, a hash or a masked token.
 */
import { Readable } from "node:stream";
import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/connect.js";
import { apiTokens, paymentOrders, transactions, users, videoTasks, webhookEndpoints } from "../../db/schema.js";
import { unauthorized } from "../../http/errors.js";
import { EXPORT_LINK_DAYS, type DataExport } from "../../../shared/schemas/leaving.js";
import type { TransactionType } from "../../../shared/schemas/account.js";
import { SHARE_PREFIX } from "../videos/share-service.js";
import { signedUntil, type VideoUrlSigner } from "../videos/video-files.js";

/** Rows per query. */
const BATCH_ROWS = 500;

export interface ExportDeps {
  db: Db;
  videoUrls: VideoUrlSigner;
  config: { publicUrl: string };
}

type Profile = DataExport["profile"];
type Video = DataExport["videos"][number];

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** The person's profile (read before the file starts: its name carries the username). */
export async function exportProfile(db: Db, userId: string): Promise<Profile> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u || u.deletedAt) throw unauthorized();
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    emailConfirmed: u.emailVerified,
    language: u.language,
    createdAt: iso(u.createdAt),
    credits: u.credits,
    creditsOwed: u.creditsOwed,
    googleConnected: u.googleId !== null,
    hasPassword: u.password !== "",
    lowCreditsThreshold: u.lowCreditsThreshold,
    notices: {
      videoReady: u.notifyVideoReady,
      videoFailed: u.notifyVideoFailed,
      lowBalance: u.notifyLowBalance,
      newSignIn: u.notifyNewSignIn,
    },
  };
}

/** `veo-studio-<username>-<UTC day>.json` (usernames are letters, digits, dots, dashes and underscores). */
export function exportFileName(username: string, now = new Date()): string {
  return `veo-studio-${username.replace(/[^A-Za-z0-9._-]/g, "_")}-${now.toISOString().slice(0, 10)}.json`;
}

/** A timestamp with its microseconds, as PostgreSQL keeps it (a Date would lose them, and rows between batches). */
const exactTime = (column: PgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Newest first, by (created_at, id), after the last row of the previous batch. */
function before(createdAt: PgColumn, id: PgColumn, after: { at: string; id: string } | undefined): SQL | undefined {
  if (!after) return undefined;
  return and(
    sql`${createdAt} <= ${after.at}::timestamptz`,
    sql`(${createdAt} < ${after.at}::timestamptz or ${id} < ${after.id}::uuid)`,
  );
}

/** Every row of `batch(after)` in turn, `after` being the previous batch's last row. */
async function* keyset<R>(batch: (after: R | undefined) => Promise<R[]>): AsyncGenerator<R> {
  let after: R | undefined;
  for (;;) {
    const rows = await batch(after);
    yield* rows;
    if (rows.length < BATCH_ROWS) return;
    after = rows.at(-1);
  }
}

async function* transactionRows(db: Db, userId: string): AsyncGenerator<DataExport["transactions"][number]> {
  const batch = (after: { at: string; id: string } | undefined) =>
    db
      .select({
        at: exactTime(transactions.createdAt),
        id: transactions.id,
        createdAt: transactions.createdAt,
        type: transactions.type,
        amount: transactions.amount,
        description: transactions.description,
        videoTaskId: transactions.videoTaskId,
        upgrade: transactions.upgrade,
        paymentOrderId: transactions.paymentOrderId,
      })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), before(transactions.createdAt, transactions.id, after)))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(BATCH_ROWS);
  for await (const { at: _at, ...r } of keyset(batch))
    yield { ...r, type: r.type as TransactionType, createdAt: iso(r.createdAt) };
}

async function* videoRows(deps: ExportDeps, userId: string): AsyncGenerator<Video> {
  const { db, videoUrls, config } = deps;
  const until = signedUntil(EXPORT_LINK_DAYS * 24 * 3600);
  const link = (url: string | null | undefined) => (url ? videoUrls.sign(url, config.publicUrl, until) : undefined);
  const batch = (after: { at: string; id: string } | undefined) =>
    db
      .select({ at: exactTime(videoTasks.createdAt), id: videoTasks.id, task: videoTasks })
      .from(videoTasks)
      .where(and(eq(videoTasks.userId, userId), before(videoTasks.createdAt, videoTasks.id, after)))
      .orderBy(desc(videoTasks.createdAt), desc(videoTasks.id))
      .limit(BATCH_ROWS);
  for await (const { task: t } of keyset(batch)) {
    const kept = t.deletedAt === null;
    const files: Video["files"] = {};
    if (kept) {
      const sd = t.videoExpired ? undefined : link(t.resultUrls?.[0]);
      const hd = t.hdStatus === "ready" ? link(t.hdVideoUrl) : undefined;
      const uhd = t.uhdStatus === "ready" ? link(t.uhdVideoUrl) : undefined;
      if (sd) files["720p"] = sd;
      if (hd) files["1080p"] = hd;
      if (uhd) files["4k"] = uhd;
    }
    yield {
      id: t.id,
      taskId: t.taskId,
      prompt: t.prompt,
      model: t.model,
      mode: t.mode,
      aspectRatio: t.aspectRatio,
      status: t.status,
      createdVia: t.createdVia,
      creditsUsed: t.creditsUsed,
      refunded: t.refunded,
      createdAt: iso(t.createdAt),
      completedAt: isoOrNull(t.completedAt),
      deletedAt: isoOrNull(t.deletedAt),
      shareUrl: kept && t.isPublic && t.shareId ? `${config.publicUrl}${SHARE_PREFIX}${t.shareId}` : null,
      imageUrls: t.imageUrls ?? [],
      files,
    };
  }
}

async function paymentOrderRows(db: Db, userId: string): Promise<DataExport["paymentOrders"]> {
  const rows = await db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.userId, userId))
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id));
  return rows.map((o) => ({
    id: o.id,
    createdAt: iso(o.createdAt),
    completedAt: isoOrNull(o.completedAt),
    packageName: o.packageName,
    credits: o.credits,
    bonusCredits: o.bonusCredits,
    amount: o.amount,
    currency: o.currency,
    provider: o.provider,
    status: o.status,
    refundedCents: o.refundedCents,
  }));
}

/** Names and dates only: the token, its hash and its masked form stay out. */
async function apiTokenRows(db: Db, userId: string): Promise<DataExport["apiTokens"]> {
  const rows = await db
    .select({
      name: apiTokens.name,
      active: apiTokens.isActive,
      createdAt: apiTokens.createdAt,
      lastUsed: apiTokens.lastUsed,
    })
    .from(apiTokens)
    // The /api page's tokens; OAuth access tokens (decision 0169) are short-lived parts of a connection.
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.oauthGrantId)))
    .orderBy(desc(apiTokens.createdAt));
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt), lastUsed: isoOrNull(r.lastUsed) }));
}

/** The person's endpoints without their signing secrets (the callbacks row is only a secret: left out). */
async function webhookRows(db: Db, userId: string): Promise<DataExport["webhookEndpoints"]> {
  const rows = await db
    .select({
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      events: webhookEndpoints.eventTypes,
      enabled: webhookEndpoints.enabled,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.kind, "endpoint")))
    .orderBy(webhookEndpoints.createdAt);
  return rows.map((r) => ({ ...r, url: r.url ?? "", createdAt: iso(r.createdAt) }));
}

/** Pretty JSON indented to sit `depth` levels deep (JSON escapes newlines inside strings, so only layout moves). */
const json = (value: unknown, depth: number) =>
  JSON.stringify(value, null, 2).replaceAll("\n", `\n${"  ".repeat(depth)}`);

/** `"name": [ ... ]` at the top level, one item at a time. */
async function* arrayField(name: string, items: AsyncIterable<unknown> | Iterable<unknown>, last = false) {
  yield `  ${JSON.stringify(name)}: [`;
  let count = 0;
  for await (const item of items) yield `${count++ === 0 ? "" : ","}\n    ${json(item, 2)}`;
  yield `${count === 0 ? "" : "\n  "}]${last ? "" : ","}\n`;
}

async function* exportText(deps: ExportDeps, profile: Profile): AsyncGenerator<string> {
  const { db } = deps;
  const exportedAt: DataExport["exportedAt"] = new Date().toISOString();
  yield `{\n  "format": "veo-studio-data-export",\n  "version": 1,\n  "exportedAt": ${JSON.stringify(exportedAt)},\n`;
  yield `  "profile": ${json(profile, 1)},\n`;
  yield* arrayField("transactions", transactionRows(db, profile.id));
  yield* arrayField("videos", videoRows(deps, profile.id));
  yield* arrayField("paymentOrders", await paymentOrderRows(db, profile.id));
  yield* arrayField("apiTokens", await apiTokenRows(db, profile.id));
  yield* arrayField("webhookEndpoints", await webhookRows(db, profile.id), true);
  yield "}\n";
}

/**
 * The file as a byte stream, pulled as the client reads. A failed read destroys it: the answer
 * then ends short of its closing brace (the reply cuts the connection), never a file that looks whole.
 */
export function dataExportStream(deps: ExportDeps, profile: Profile): Readable {
  return Readable.from(exportText(deps, profile), { objectMode: false });
}
