/**
 * Uploaded reference images as records (decision 0034). Every browser upload is a row in
 * `uploads` with its owner and size. Until a video task uses it, an upload is "unused": unused
 * uploads count against the owner's storage quota and are deleted a day after upload
 * (jobs/upload-sweep.ts). A video that uses one marks it used in the same transaction as the
 * credits it spends, and used uploads stay with their task.
 *
 * Base64 images sent to the automation API are not recorded here: each comes with a paid video
 * request and is deleted after its own 24 hours by the `tmp-` sweep (decision 0034).
 */
import { eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type Db, type Tx } from "../../db/connect.js";
import { uploads as uploadsTable } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import { RateLimiter, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import type { ImageType, UploadStore } from "../../integrations/storage/uploads.js";
import { reasoned } from "../../../shared/error-reasons.js";

/** Uploads no task uses are deleted this long after they were made (jobs/upload-sweep.ts). */
export const UNUSED_UPLOAD_TTL_HOURS = 24;
/** How often the sweep runs by default: a refused upload may wait this much longer than the TTL. */
export const UPLOAD_SWEEP_INTERVAL_MS = 15 * 60_000;

export interface UploadLimits {
  /** Uploads per user per window (POST /api/images/upload). */
  perUser: RateLimitRule;
  /** Bytes of unused uploads one user may hold at a time. */
  quotaBytes: number;
}

/** A person trying a few images for a video needs a handful; this stops scripted floods. */
export const DEFAULT_UPLOAD_RATE_LIMIT: RateLimitRule = { max: 20, windowMs: 15 * 60_000 };

/**
 * The per-person count of images taken in: uploads, and linked images, which the server fetches and
 * decodes as it would an upload (decision 0134). Every limiter made here counts in the same window.
 */
export function imageUploadLimiter(rule: RateLimitRule, store: RateLimitStore): RateLimiter {
  return new RateLimiter("upload", rule, store);
}

export const IMAGE_GONE =
  `The reference image is no longer stored: images not used in a video are deleted ${UNUSED_UPLOAD_TTL_HOURS} hours after upload. ` +
  "Please upload it again.";

/** Distinct from every other advisory lock key (only the two-int form is used with it). */
const QUOTA_LOCK_NAMESPACE = 34_001;

/**
 * Records and stores one upload within the owner's quota. The row is written first, in a
 * transaction that holds the owner's advisory lock while it sums their unused uploads, so parallel
 * uploads queue and none can pass the quota. The file is written after the commit (no database
 * connection is held during the write). If the write fails, the file (in case it half-landed) and
 * then the row are deleted; should that cleanup fail as well, the row stays and the sweep deletes
 * both a day later: a file never exists without its row.
 */
export async function storeUpload(
  db: Db,
  uploads: UploadStore,
  upload: { userId: string; data: Buffer; type: ImageType; quotaBytes: number; sweepDelayMs?: number },
): Promise<{ name: string; url: string }> {
  const { userId, data, type, quotaBytes } = upload;
  const name = uploads.newName(type);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_NAMESPACE}::int, hashtext(${userId}))`);
    const used = await unusedBytes(tx, userId);
    if (used + data.length > quotaBytes) {
      throw await quotaExceeded(tx, userId, {
        used,
        size: data.length,
        quotaBytes,
        sweepDelayMs: upload.sweepDelayMs ?? UPLOAD_SWEEP_INTERVAL_MS,
      });
    }
    await tx.insert(uploadsTable).values({ name, userId, bytes: data.length });
  });
  try {
    await uploads.put(name, data, type);
  } catch (err) {
    try {
      await uploads.remove(name);
      await db.delete(uploadsTable).where(eq(uploadsTable.name, name));
    } catch {
      // Left to the sweep (see above).
    }
    throw err;
  }
  return { name, url: uploads.urlOf(name) };
}

async function unusedBytes(tx: Tx, userId: string): Promise<number> {
  const res = await tx.execute(
    sql`select coalesce(sum(bytes), 0)::bigint as used from uploads where user_id = ${userId} and referenced_at is null`,
  );
  return Number(rowsOf<{ used: unknown }>(res)[0]?.used ?? 0);
}

/** 413 with Retry-After: when enough of the owner's unused uploads will have been swept. */
async function quotaExceeded(
  tx: Tx,
  userId: string,
  q: { used: number; size: number; quotaBytes: number; sweepDelayMs: number },
): Promise<AppError> {
  const limit = formatMb(q.quotaBytes);
  if (q.size > q.quotaBytes)
    return new AppError(
      "upload_quota_exceeded",
      `This image is larger than the ${limit} of upload space each account has. Please choose a smaller image.`,
    );
  const res = await tx.execute(sql`
    select bytes, extract(epoch from created_at + ${UNUSED_UPLOAD_TTL_HOURS} * interval '1 hour' - now()) * 1000 as left_ms
    from uploads where user_id = ${userId} and referenced_at is null order by created_at`);
  let remaining = q.used;
  let waitMs = 0;
  for (const row of rowsOf<{ bytes: unknown; left_ms: unknown }>(res)) {
    remaining -= Number(row.bytes);
    waitMs = Math.max(0, Number(row.left_ms)) + q.sweepDelayMs;
    if (remaining + q.size <= q.quotaBytes) break;
  }
  const hours = Math.max(1, Math.ceil(waitMs / 3_600_000));
  return new AppError(
    "upload_quota_exceeded",
    `Upload limit reached: images not yet used in a video may take up to ${limit} per account, and yours take ${formatMb(q.used)}. ` +
      `Unused images are deleted ${UNUSED_UPLOAD_TTL_HOURS} hours after upload, so you can upload this image in about ${hours} hour${hours === 1 ? "" : "s"}. ` +
      "Images you have used in a video do not count.",
    { headers: { "retry-after": String(Math.max(1, Math.ceil(waitMs / 1000))) } },
  );
}

function formatMb(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10} MB`;
}

/** Names of our own recorded-kind uploads among a request's image URLs (`tmp-` images are not recorded). */
export function ownUploadNames(uploads: UploadStore, imageUrls: readonly string[]): string[] {
  const names = imageUrls
    .map((url) => uploads.nameOf(url))
    .filter((n): n is string => n !== undefined && !uploads.isTemporary(n));
  return [...new Set(names)];
}

/**
 * Marks uploads as used by a video task, inside the transaction that records the task: their
 * rows are locked until it commits, so the sweep cannot take them meanwhile. An upload that has
 * no row is either from before uploads were recorded (its file is still there: fine) or was
 * swept (its file is gone): then the video is refused before any credits are spent.
 */
export async function markUploadsUsed(tx: Tx, uploads: UploadStore, names: string[]): Promise<void> {
  if (names.length === 0) return;
  const marked = await tx
    .update(uploadsTable)
    .set({ referencedAt: sql`coalesce(${uploadsTable.referencedAt}, now())` })
    .where(inArray(uploadsTable.name, names))
    .returning({ name: uploadsTable.name });
  const found = new Set(marked.map((m) => m.name));
  for (const name of names) {
    if (!found.has(name) && !(await uploads.exists(name)))
      throw new AppError("invalid_input", IMAGE_GONE, reasoned("image_gone"));
  }
}
