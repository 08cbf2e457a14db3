/**
 * The `Idempotency-Key` header on the two routes that start a video (decision 0046), as Stripe's
 * API has it: the first request with a key claims it and runs; a later request from the same
 * person with the same key and the same request gets the first answer again for 24 hours (same
 * status and body, `Idempotent-Replayed: true`, no new charge); the same key with another request
 * is a 422; a request arriving while the first still runs waits for it (a few seconds), else 409
 * with Retry-After. Keys live in the database, so every process agrees. Answers that say "try
 * again" (429, 5xx, a refused cross-site request) are not kept: the key is let go instead.
 */
import crypto from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db, Queryable } from "../db/connect.js";
import { idempotencyKeys } from "../db/schema.js";
import { AppError } from "./errors.js";
import type { ErrorCode } from "../../shared/error-codes.js";

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** How long a repeat waits for the first request to finish before answering 409. */
const WAIT_FOR_FIRST_MS = 8_000;
const POLL_MS = 100;

export const KEY_REUSED =
  "This Idempotency-Key was already used for a different request. Use a new key for a new request.";
export const KEY_IN_PROGRESS = "A request with this Idempotency-Key is still being processed. Try again in a moment.";

/** Links the key to the video its request paid for, inside the transaction that charges. */
export type LinkTask = (tx: Queryable, videoTaskId: string) => Promise<void>;

type Stored =
  { kind: "body"; body: unknown } | { kind: "error"; code: ErrorCode; message: string; extra: AppError["extra"] };

type Claim =
  { kind: "claimed" } | { kind: "replay"; statusCode: number; stored: Stored } | { kind: "reused" } | { kind: "busy" };

/**
 * Runs `run` at most once per (person, key): replays the stored answer otherwise. Without the
 * header it just runs. `scope` tells the routes apart (a key used on one is not valid on the other).
 */
export async function idempotent<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  scope: string,
  run: (link: LinkTask | undefined) => Promise<T>,
): Promise<T> {
  const key = request.headers["idempotency-key"];
  if (typeof key !== "string") return run(undefined);
  const replayed = () => void reply.header("idempotent-replayed", "true");
  const { body, replay } = await runOnce(db, { userId, key, scope, request: request.body, replayed }, run);
  if (replay) reply.code(replay.statusCode);
  return body;
}

/**
 * The mechanism without HTTP (the MCP server's tools take the key as an argument): runs `run` at
 * most once per (person, key) for `request` under `scope`, else replays the stored answer
 * (`replay` set, `replayed` called) or throws the stored refusal; the same key with another request is a 422.
 */
export async function runOnce<T>(
  db: Db,
  call: { userId: string; key: string; scope: string; request: unknown; replayed?: () => void },
  run: (link: LinkTask) => Promise<T>,
): Promise<{ body: T; replay?: { statusCode: number } }> {
  const { userId, key, scope } = call;
  const fingerprint = crypto
    .createHash("sha256")
    .update(`${scope}\n${JSON.stringify(call.request ?? null)}`)
    .digest("hex");

  const claim = await claimOrWait(db, userId, key, fingerprint);
  if (claim.kind === "reused") throw new AppError("idempotency_key_reused", KEY_REUSED);
  if (claim.kind === "busy") {
    throw new AppError("idempotency_key_in_progress", KEY_IN_PROGRESS, { headers: { "retry-after": "2" } });
  }
  if (claim.kind === "replay") {
    call.replayed?.();
    if (claim.stored.kind === "error") throw new AppError(claim.stored.code, claim.stored.message, claim.stored.extra);
    return { body: claim.stored.body as T, replay: { statusCode: claim.statusCode } };
  }

  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  const link: LinkTask = async (tx, videoTaskId) => {
    await tx.update(idempotencyKeys).set({ videoTaskId }).where(mine);
  };
  try {
    const body = await run(link);
    await db
      .update(idempotencyKeys)
      .set({ state: "done", statusCode: 200, response: { kind: "body", body } })
      .where(mine);
    return { body };
  } catch (err) {
    if (err instanceof AppError && keepsError(err)) {
      const stored: Stored = { kind: "error", code: err.code, message: err.message, extra: err.extra };
      await db.update(idempotencyKeys).set({ state: "done", statusCode: err.status, response: stored }).where(mine);
    } else {
      // Nothing was decided (overloaded, a fault): the same request may try again with this key.
      await db.delete(idempotencyKeys).where(and(mine, eq(idempotencyKeys.state, "processing")));
    }
    throw err;
  }
}

/** A final answer about this request (no credits, refused, disabled), not a "try again later". */
function keepsError(err: AppError): boolean {
  return err.status < 500 && err.status !== 429 && err.status !== 409 && err.code !== "cross_site_request";
}

async function claimOrWait(db: Db, userId: string, key: string, fingerprint: string): Promise<Claim> {
  const until = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const claim = await claimOnce(db, userId, key, fingerprint);
    if (claim.kind !== "busy" || Date.now() >= until) return claim;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function claimOnce(db: Db, userId: string, key: string, fingerprint: string): Promise<Claim> {
  const expiresAt = new Date(Date.now() + IDEMPOTENCY_TTL_MS);
  // New, or an expired one taken over: either way this request runs.
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ userId, key, fingerprint, expiresAt })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        fingerprint,
        state: "processing",
        statusCode: null,
        response: null,
        videoTaskId: null,
        createdAt: sql`now()`,
        expiresAt,
      },
      setWhere: lt(idempotencyKeys.expiresAt, sql`now()`),
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed) return { kind: "claimed" };
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  // Let go between the two statements (the first request failed with a "try again"): claim again.
  if (!row) return claimOnce(db, userId, key, fingerprint);
  if (row.fingerprint !== fingerprint) return { kind: "reused" };
  if (row.state !== "done" || row.statusCode === null) return { kind: "busy" };
  return { kind: "replay", statusCode: row.statusCode, stored: row.response as Stored };
}
