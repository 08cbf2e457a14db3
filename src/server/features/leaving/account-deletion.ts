/**
 * Deleting one's own account (decision 0087). The person proves it is them (the password, or a
 * Google sign-in of the last minutes for an account without one) and types the username; then one
 * transaction queues the goodbye mail, ends every way in (sessions, API tokens, webhooks and their
 * queue, account links, known browsers), deletes the videos as their owner would, hands the
 * uploads to their sweep, forfeits the balance with a ledger row, anonymises the users row, holds
 * the username and writes the audit row. The ledger and the payment orders keep the row's id.
 * The files go after the commit (retried by the sweeps when a store fails).
 */
import { livePlanOf } from "../subscriptions/lifecycle.js";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../../db/connect.js";
import {
  accountTokens,
  idempotencyKeys,
  knownBrowsers,
  mailMessages,
  sessions,
  uploads as uploadsTable,
  users,
  videoTasks,
  webhookEndpoints,
  webhookEvents,
} from "../../db/schema.js";
import { AppError, unauthorized } from "../../http/errors.js";
import type { UploadStore } from "../../integrations/storage/uploads.js";
import type { VideoStore } from "../../integrations/storage/video-store.js";
import { randomToken } from "../../lib/tokens.js";
import { isLocale, type Locale } from "../../../shared/i18n.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { confirmsUsername, USERNAME_HOLD_DAYS, type DeleteAccountInput } from "../../../shared/schemas/leaving.js";
import { revokeAllTokens } from "../api-tokens/service.js";
import { revokeAllConnections } from "../oauth/connections.js";
import { recordAudit } from "../audit/audit-log.js";
import { anonymousUsername, holdUsername, releaseEndedHolds } from "../auth/held-usernames.js";
import { hashPassword, verifyPassword } from "../auth/passwords.js";
import { requireRecentSignIn } from "../auth/recent-sign-in.js";
import { NO_PASSWORD } from "../auth/service.js";
import { findUserById, type UserRow } from "../auth/users.js";
import { changeBalance } from "../credits/ledger.js";
import type { Mailer } from "../mail/outbox.js";
import { IN_PROGRESS } from "../videos/task-state.js";
import { markVideosDeleted, removeBlobs, type FileToRemove } from "../videos/video-removal.js";

/** Videos marked deleted per statement: a bound parameter each, far below PostgreSQL's 65,535. */
const VIDEO_BATCH = 1000;

export interface DeletionDeps {
  db: Db;
  mailer: Mailer;
  videoStore: VideoStore;
  uploads: UploadStore;
}

export interface DeletionRequest {
  userId: string;
  /** The session cookie's value: a Google-only account's sign-in time is read from its session. */
  sessionToken: string | undefined;
  input: DeleteAccountInput;
  /** The request's language: the goodbye mail's when the person never chose one. */
  locale: Locale;
  ip: string | null;
  /** Counts a try at the proof (a password guess), before it is checked; throws when there were too many. */
  countAttempt(): Promise<void>;
}

/** How the person proved it was them. */
type Proof = { method: "password" } | { method: "google"; signedInSecondsAgo: number };

/** What the answer and the logs say. */
export interface Deletion {
  usernameHeldUntil: Date;
}

/** Every check that needs no lock: a refusal changes nothing. */
async function checkRequest(db: Db, request: DeletionRequest): Promise<{ user: UserRow; proof: Proof }> {
  const user = await findUserById(db, request.userId);
  if (!user || user.deletedAt || !user.isActive) throw unauthorized();
  if (!confirmsUsername(request.input.confirm, user.username))
    throw new AppError(
      "invalid_input",
      "Type your username exactly to confirm that the account should be deleted.",
      reasoned("delete_confirm_mismatch"),
    );
  // An administrator leaving would take the site's keys along: another admin must take their role first.
  if (user.isAdmin)
    throw new AppError(
      "forbidden",
      "An administrator's account cannot be deleted here.",
      reasoned("admin_cannot_delete"),
    );
  if (user.password !== NO_PASSWORD) {
    const { password } = request.input;
    if (!password) throw new AppError("invalid_input", "Enter your password.", reasoned("fields_required"));
    await request.countAttempt();
    if (!(await verifyPassword(user.password, password)))
      throw new AppError("forbidden", "The password is incorrect.", reasoned("wrong_current_password"));
    return { user, proof: { method: "password" } };
  }
  return { user, proof: { method: "google", signedInSecondsAgo: await requireRecentSignIn(db, request.sessionToken) } };
}

/** The goodbye mail, to a confirmed address only (decision 0086), not linked to the account's row. */
async function queueGoodbye(tx: Tx, mailer: Mailer, user: UserRow, locale: Locale): Promise<boolean> {
  // The person's earlier mail (its addresses, its links) goes with the account.
  await tx.delete(mailMessages).where(eq(mailMessages.userId, user.id));
  if (!user.email || !user.emailVerified) return false;
  await mailer.toAddress(
    tx,
    { address: user.email, locale: isLocale(user.language) ? user.language : locale, userId: null },
    { kind: "account_deleted", username: user.username },
  );
  return true;
}

/** Marks every video of the person deleted, as their own delete does; their prompts and links go too. */
async function deleteVideos(tx: Tx, userId: string): Promise<{ videos: number; files: FileToRemove[] }> {
  const live = await tx
    .select({ id: videoTasks.id })
    .from(videoTasks)
    .where(and(eq(videoTasks.userId, userId), isNull(videoTasks.deletedAt)));
  const files: FileToRemove[] = [];
  for (let i = 0; i < live.length; i += VIDEO_BATCH) {
    files.push(
      ...(await markVideosDeleted(
        tx,
        live.slice(i, i + VIDEO_BATCH).map((v) => v.id),
      )),
    );
  }
  // The rows stay for the ledger; what the person wrote or pointed at does not.
  await tx
    .update(videoTasks)
    .set({ prompt: "", imageUrls: null, callbackUrl: null })
    .where(eq(videoTasks.userId, userId));
  return { videos: live.length, files };
}

export async function deleteAccount(
  deps: DeletionDeps,
  request: DeletionRequest,
  log: FastifyBaseLogger,
): Promise<Deletion> {
  const { db } = deps;
  const { user: seen, proof } = await checkRequest(db, request);
  const unusablePassword = await hashPassword(randomToken());
  const heldUntil = new Date(Date.now() + USERNAME_HOLD_DAYS * 24 * 3600_000);

  const removal = await db.transaction(async (tx) => {
    // The row is locked first: a second delete waits here and then finds the account gone.
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, seen.id), isNull(users.deletedAt), eq(users.isActive, true)))
      .for("update");
    if (!user || user.password !== seen.password) throw unauthorized();
    const [generating] = await tx
      .select({ id: videoTasks.id })
      .from(videoTasks)
      .where(and(eq(videoTasks.userId, user.id), isNull(videoTasks.deletedAt), inArray(videoTasks.status, IN_PROGRESS)))
      .limit(1);
    // A video being made would finish (and be archived) for an account that is gone.
    if (generating)
      throw new AppError(
        "conflict",
        "A video is still being made. Delete the account once it has finished.",
        reasoned("account_videos_generating"),
      );
    // A live plan would go on being charged for an account that is gone (decision 0152).
    if (await livePlanOf(tx, user.id))
      throw new AppError(
        "conflict",
        "Your plan is still live. Cancel it on My Account first, then delete the account.",
        reasoned("account_has_plan"),
      );

    const mailed = await queueGoodbye(tx, deps.mailer, user, request.locale);
    const ended = {
      sessions: (await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id })).length,
      apiTokens: await revokeAllTokens(tx, user.id),
      // Their deliveries and delivery log go with them (cascade); the events not yet fanned out too.
      // The URLs the person added (the callbacks row, their callbackUrls' signing secret, goes too).
      webhookEndpoints: (
        await tx
          .delete(webhookEndpoints)
          .where(eq(webhookEndpoints.userId, user.id))
          .returning({ kind: webhookEndpoints.kind })
      ).filter((e) => e.kind === "endpoint").length,
    };
    await tx.delete(webhookEvents).where(eq(webhookEvents.userId, user.id));
    // The apps the person connected by OAuth (decision 0169), with their tokens.
    await revokeAllConnections(tx, user.id);
    await tx.delete(accountTokens).where(eq(accountTokens.userId, user.id));
    await tx.delete(knownBrowsers).where(eq(knownBrowsers.userId, user.id));
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    // Unused and old now: the upload sweep deletes each file and then its row, until both are gone.
    const uploads = await tx
      .update(uploadsTable)
      .set({ referencedAt: null, createdAt: new Date(0) })
      .where(eq(uploadsTable.userId, user.id))
      .returning({ name: uploadsTable.name });
    const { videos, files } = await deleteVideos(tx, user.id);

    // The balance is forfeited with a ledger row (read under the row's lock, after any 4K refund above).
    const [{ credits } = { credits: 0 }] = await tx
      .select({ credits: users.credits })
      .from(users)
      .where(eq(users.id, user.id));
    if (credits > 0 && !(await changeBalance(tx, user.id, credits, 0, "Forfeited: the account was deleted")))
      throw new Error("the balance moved under the account's lock");

    const [clash] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${anonymousUsername(user.id)}`);
    const username = anonymousUsername(user.id, Boolean(clash));
    await tx
      .update(users)
      .set({
        username,
        email: null,
        emailVerified: false,
        password: unusablePassword,
        googleId: null,
        isActive: false,
        language: null,
        lowCreditsThreshold: null,
        notifyVideoReady: false,
        notifyVideoFailed: false,
        notifyLowBalance: false,
        notifyNewSignIn: false,
        deletedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    await releaseEndedHolds(tx);
    await holdUsername(tx, user.username, heldUntil);
    await recordAudit(
      tx,
      { adminId: user.id, adminUsername: username, ip: request.ip },
      {
        action: "account.delete",
        targetType: "user",
        targetId: user.id,
        targetLabel: username,
        details: {
          proof: proof.method,
          ...(proof.method === "google" ? { googleSignInSecondsAgo: proof.signedInSecondsAgo } : {}),
          forfeitedCredits: credits,
          creditsOwed: user.creditsOwed,
          videos,
          uploads: uploads.length,
          ...ended,
          goodbyeMail: mailed,
          usernameHeldUntil: heldUntil.toISOString(),
        },
      },
    );
    return { files, uploads: uploads.map((u) => u.name) };
  });

  await removeFiles(deps, removal, log);
  return { usernameHeldUntil: heldUntil };
}

/** After the commit, best effort: what fails now is retried by the retention and upload sweeps. */
async function removeFiles(
  deps: DeletionDeps,
  removal: { files: FileToRemove[]; uploads: string[] },
  log: FastifyBaseLogger,
): Promise<void> {
  await removeBlobs(deps.db, deps.videoStore, removal.files, log);
  for (const name of removal.uploads) {
    try {
      await deps.uploads.remove(name);
      await deps.db.delete(uploadsTable).where(eq(uploadsTable.name, name));
    } catch (err) {
      log.warn({ err, upload: name }, "a deleted account's upload could not be removed yet");
    }
  }
}
