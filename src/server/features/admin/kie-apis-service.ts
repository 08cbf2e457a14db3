/**
 * Provider accounts (kie_apis): the admin's pool of KIE and Google keys, each with what a video of
 * each model costs it (model_costs). Keys are sealed at rest, unique by hash, and leave the server
 * only masked. Decisions 0021, 0098.
 */
import { count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { isUniqueViolation, type Db, type Queryable } from "../../db/connect.js";
import { kieApis, videoTasks } from "../../db/schema.js";
import { badRequest, conflict, notFound } from "../../http/errors.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { sha256Hex } from "../../lib/tokens.js";
import { isMaskedSecret, maskSecret, MASK_PREFIX } from "../../../shared/mask.js";
import { MODELS } from "../../../shared/catalogue.js";
import {
  ACCOUNT_VENDORS,
  kieApiStatus,
  type AccountVendor,
  type KieApiCreate,
  type KieApiUpdate,
  type KieApiView,
  type ModelCosts,
} from "../../../shared/schemas/kie-apis.js";
import { modelCostOf } from "../../../shared/vendor-costs.js";

const KIE_API_NOT_FOUND = "KIE API account not found";
const DUPLICATE_TOKEN = "This KIE API key is already in the list";

type Row = typeof kieApis.$inferSelect;

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

function toView(box: SecretBox, row: Row, taskCount: number): KieApiView {
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
    status: kieApiStatus(row.totalCredits),
    lastUsed: row.lastUsed?.toISOString() ?? null,
    totalUsage: row.totalUsage,
    taskCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const taskCounts = (db: Db) =>
  db
    .select({ kieApiId: videoTasks.kieApiId, n: count().as("task_count") })
    .from(videoTasks)
    .groupBy(videoTasks.kieApiId)
    .as("task_counts");

export async function listKieApis(db: Db, box: SecretBox): Promise<KieApiView[]> {
  const counts = taskCounts(db);
  const rows = await db
    .select({ row: getTableColumns(kieApis), n: counts.n })
    .from(kieApis)
    .leftJoin(counts, eq(counts.kieApiId, kieApis.id))
    .orderBy(desc(kieApis.createdAt), desc(kieApis.id));
  return rows.map(({ row, n }) => toView(box, row, Number(n ?? 0)));
}

export async function getKieApi(db: Queryable, box: SecretBox, id: string): Promise<KieApiView> {
  const [row] = await db.select().from(kieApis).where(eq(kieApis.id, id));
  if (!row) throw notFound(KIE_API_NOT_FOUND);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(videoTasks).where(eq(videoTasks.kieApiId, id));
  return toView(box, row, Number(n));
}

/** An account's vendor and plain key, for calls to it (key undefined when it cannot be opened). */
export async function accountKey(
  db: Db,
  box: SecretBox,
  id: string,
): Promise<{ vendor: AccountVendor; key: string | undefined }> {
  const [row] = await db
    .select({ sealed: kieApis.tokenEncrypted, vendor: kieApis.vendor })
    .from(kieApis)
    .where(eq(kieApis.id, id));
  if (!row) throw notFound(KIE_API_NOT_FOUND);
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
  const [row] = await db.select({ vendor: kieApis.vendor }).from(kieApis).where(eq(kieApis.id, id));
  if (!row) throw notFound(KIE_API_NOT_FOUND);
  return vendorOf(row);
}

async function ensureTokenFree(db: Queryable, hash: string, exceptId?: string): Promise<void> {
  const [other] = await db.select({ id: kieApis.id }).from(kieApis).where(eq(kieApis.tokenHash, hash));
  if (other && other.id !== exceptId) throw conflict(DUPLICATE_TOKEN);
}

export async function createKieApi(db: Queryable, box: SecretBox, input: KieApiCreate): Promise<KieApiView> {
  if (isMaskedSecret(input.token)) throw badRequest("Paste the full KIE API key, not the masked one");
  const hash = sha256Hex(input.token);
  await ensureTokenFree(db, hash);
  // Two admins adding the same key at once: the unique index decides, and the loser gets the 409.
  try {
    const [row] = await db
      .insert(kieApis)
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
export async function updateKieApi(
  db: Queryable,
  box: SecretBox,
  id: string,
  patch: KieApiUpdate,
): Promise<KieApiView> {
  const { token, modelCostChanges, ...rest } = patch;
  const values: PgUpdateSetSource<typeof kieApis> = { ...rest, updatedAt: new Date() };
  if (modelCostChanges) values.modelCosts = sql`${kieApis.modelCosts} || ${JSON.stringify(modelCostChanges)}::jsonb`;
  if (token && !isMaskedSecret(token)) {
    const hash = sha256Hex(token);
    await ensureTokenFree(db, hash, id);
    values.tokenEncrypted = box.encrypt(token);
    values.tokenHash = hash;
  }
  try {
    const updated = await db.update(kieApis).set(values).where(eq(kieApis.id, id)).returning({ id: kieApis.id });
    if (updated.length === 0) throw notFound(KIE_API_NOT_FOUND);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DUPLICATE_TOKEN);
    throw err;
  }
  return getKieApi(db, box, id);
}

/** Tasks made with the account keep their rows (kie_api_id becomes null); their history stays. */
export async function deleteKieApi(db: Queryable, id: string): Promise<void> {
  const deleted = await db.delete(kieApis).where(eq(kieApis.id, id)).returning({ id: kieApis.id });
  if (deleted.length === 0) throw notFound(KIE_API_NOT_FOUND);
}

/** Stores the balance KIE reported; at 0 (or below the per-video cost) the pool skips the account. */
export async function storeBalance(db: Queryable, id: string, credits: number): Promise<void> {
  const totalCredits = Math.max(0, Math.floor(credits));
  await db.update(kieApis).set({ totalCredits, updatedAt: new Date() }).where(eq(kieApis.id, id));
}
