/**
 * Provider accounts (vendor_accounts): the admin's pool of KIE and Google keys, each with what a video of
 * each model costs it (model_costs). Keys are sealed at rest, unique by hash, and leave the server
 * only masked. Decisions 0021, 0098.
 */
import { count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { isUniqueViolation, type Db, type Queryable } from "../../db/connect.js";
import { vendorAccounts, videoTasks } from "../../db/schema.js";
import { badRequest, conflict, notFound } from "../../http/errors.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { sha256Hex } from "../../lib/tokens.js";
import { isMaskedSecret, maskSecret, MASK_PREFIX } from "../../../shared/mask.js";
import { MODELS } from "../../../shared/catalogue.js";
import {
  ACCOUNT_VENDORS,
  vendorAccountStatus,
  type AccountVendor,
  type VendorAccountCreate,
  type VendorAccountUpdate,
  type VendorAccountView,
  type ModelCosts,
} from "../../../shared/schemas/vendor-accounts.js";
import { modelCostOf } from "../../../shared/vendor-costs.js";

const VENDOR_ACCOUNT_NOT_FOUND = "KIE API account not found";
const DUPLICATE_TOKEN = "This KIE API key is already in the list";

type Row = typeof vendorAccounts.$inferSelect;

/** The stored vendor, read as one we know (the column's default is kie). */
const vendorOf = (row: Pick<Row, "vendor">): AccountVendor =>
  (ACCOUNT_VENDORS as readonly string[]).includes(row.vendor) ? (row.vendor as AccountVendor) : "kie";

/** The stored costs of the catalogue's models (an entry of a model no longer offered is left out). */
function knownCosts(stored: Row["modelCosts"]): ModelCosts {
  const costs: ModelCosts = {};
  for (const model of MODELS) {
    const cost = stored[model];
    if (typeof cost === "number") costs[model] = cost;
  }
  return costs;
}

function toView(box: SecretBox, row: Row, taskCount: number): VendorAccountView {
  let token: string;
  try {
    token = maskSecret(box.decrypt(row.tokenEncrypted)) ?? MASK_PREFIX;
  } catch {
    // Sealed with another SECRETS_KEY: unusable, but the row must still be listed (and fixable).
    token = MASK_PREFIX;
  }
  return {
    id: row.id,
    name: row.name,
    token,
    vendor: vendorOf(row),
    totalCredits: row.totalCredits,
    modelCosts: knownCosts(row.modelCosts),
    // For old clients: the three Veo figures, the default where the map names none.
    veo3QualityCredits: modelCostOf(row.modelCosts, "veo3"),
    veo3FastCredits: modelCostOf(row.modelCosts, "veo3_fast"),
    veo3LiteCredits: modelCostOf(row.modelCosts, "veo3_lite"),
    isEnabled: row.isEnabled,
    status: vendorAccountStatus(row.totalCredits),
    lastUsed: row.lastUsed?.toISOString() ?? null,
    totalUsage: row.totalUsage,
    taskCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const taskCounts = (db: Db) =>
  db
    .select({ vendorAccountId: videoTasks.vendorAccountId, n: count().as("task_count") })
    .from(videoTasks)
    .groupBy(videoTasks.vendorAccountId)
    .as("task_counts");

export async function listVendorAccounts(db: Db, box: SecretBox): Promise<VendorAccountView[]> {
  const counts = taskCounts(db);
  const rows = await db
    .select({ row: getTableColumns(vendorAccounts), n: counts.n })
    .from(vendorAccounts)
    .leftJoin(counts, eq(counts.vendorAccountId, vendorAccounts.id))
    .orderBy(desc(vendorAccounts.createdAt), desc(vendorAccounts.id));
  return rows.map(({ row, n }) => toView(box, row, Number(n ?? 0)));
}

export async function getVendorAccount(db: Queryable, box: SecretBox, id: string): Promise<VendorAccountView> {
  const [row] = await db.select().from(vendorAccounts).where(eq(vendorAccounts.id, id));
  if (!row) throw notFound(VENDOR_ACCOUNT_NOT_FOUND);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(videoTasks).where(eq(videoTasks.vendorAccountId, id));
  return toView(box, row, Number(n));
}

/** An account's vendor and plain key, for calls to it (key undefined when it cannot be opened). */
export async function accountKey(
  db: Db,
  box: SecretBox,
  id: string,
): Promise<{ vendor: AccountVendor; key: string | undefined }> {
  const [row] = await db
    .select({ sealed: vendorAccounts.tokenEncrypted, vendor: vendorAccounts.vendor })
    .from(vendorAccounts)
    .where(eq(vendorAccounts.id, id));
  if (!row) throw notFound(VENDOR_ACCOUNT_NOT_FOUND);
  let key: string | undefined;
  try {
    key = box.decrypt(row.sealed);
  } catch {
    key = undefined;
  }
  return { vendor: vendorOf(row), key };
}

/** The vendor of an account (404 when there is none). */
export async function accountVendor(db: Queryable, id: string): Promise<AccountVendor> {
  const [row] = await db
    .select({ vendor: vendorAccounts.vendor })
    .from(vendorAccounts)
    .where(eq(vendorAccounts.id, id));
  if (!row) throw notFound(VENDOR_ACCOUNT_NOT_FOUND);
  return vendorOf(row);
}

async function ensureTokenFree(db: Queryable, hash: string, exceptId?: string): Promise<void> {
  const [other] = await db
    .select({ id: vendorAccounts.id })
    .from(vendorAccounts)
    .where(eq(vendorAccounts.tokenHash, hash));
  if (other && other.id !== exceptId) throw conflict(DUPLICATE_TOKEN);
}

export async function createVendorAccount(
  db: Queryable,
  box: SecretBox,
  input: VendorAccountCreate,
): Promise<VendorAccountView> {
  if (isMaskedSecret(input.token)) throw badRequest("Paste the full KIE API key, not the masked one");
  const hash = sha256Hex(input.token);
  await ensureTokenFree(db, hash);
  // Two admins adding the same key at once: the unique index decides, and the loser gets the 409.
  try {
    const [row] = await db
      .insert(vendorAccounts)
      .values({ ...input, tokenEncrypted: box.encrypt(input.token), tokenHash: hash })
      .returning();
    return toView(box, row!, 0);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE_TOKEN);
    throw err;
  }
}

/**
 * A blank or masked token keeps the stored key. A given modelCosts replaces the stored map;
 * modelCostChanges (the legacy fields alone) sets only its models' entries.
 */
export async function updateVendorAccount(
  db: Queryable,
  box: SecretBox,
  id: string,
  patch: VendorAccountUpdate,
): Promise<VendorAccountView> {
  const { token, modelCostChanges, ...rest } = patch;
  const values: PgUpdateSetSource<typeof vendorAccounts> = { ...rest, updatedAt: new Date() };
  if (modelCostChanges)
    values.modelCosts = sql`${vendorAccounts.modelCosts} || ${JSON.stringify(modelCostChanges)}::jsonb`;
  if (token && !isMaskedSecret(token)) {
    const hash = sha256Hex(token);
    await ensureTokenFree(db, hash, id);
    values.tokenEncrypted = box.encrypt(token);
    values.tokenHash = hash;
  }
  try {
    const updated = await db
      .update(vendorAccounts)
      .set(values)
      .where(eq(vendorAccounts.id, id))
      .returning({ id: vendorAccounts.id });
    if (updated.length === 0) throw notFound(VENDOR_ACCOUNT_NOT_FOUND);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE_TOKEN);
    throw err;
  }
  return getVendorAccount(db, box, id);
}

/** Tasks made with the account keep their rows (vendor_account_id becomes null); their history stays. */
export async function deleteVendorAccount(db: Queryable, id: string): Promise<void> {
  const deleted = await db.delete(vendorAccounts).where(eq(vendorAccounts.id, id)).returning({ id: vendorAccounts.id });
  if (deleted.length === 0) throw notFound(VENDOR_ACCOUNT_NOT_FOUND);
}

/** Stores the balance KIE reported; at 0 (or below the per-video cost) the pool skips the account. */
export async function storeBalance(db: Queryable, id: string, credits: number): Promise<void> {
  const totalCredits = Math.max(0, Math.floor(credits));
  await db.update(vendorAccounts).set({ totalCredits, updatedAt: new Date() }).where(eq(vendorAccounts.id, id));
}
