/**
 * A person's webhook endpoints (decision 0047): add (the secret shown once), change, disable or
 * re-enable, delete, rotate the secret with a day's overlap; the signing secret of their
 * requests' callbackUrls; the credits.low threshold. Every query is scoped to the owner.
 */
import { and, count, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/connect.js";
import { users, webhookDeliveries, webhookEndpoints } from "../../db/schema.js";
import { AppError, notFound } from "../../http/errors.js";
import { checkWebhookUrl, webhookHost, WebhookUrlError } from "../../integrations/http/webhook-post.js";
import type { SecretBox } from "../../lib/secret-box.js";
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_DISABLED_REASONS,
  type CreatedWebhookEndpoint,
  type RotatedWebhookSecret,
  type WebhookEndpointView,
  type WebhookEventType,
  type WebhooksOverview,
} from "../../../shared/schemas/webhooks.js";
import { newWebhookSecret } from "./signature.js";
import { reasoned } from "../../../shared/error-reasons.js";

/** How long deliveries are also signed with the secret a rotation replaced. */
const SECRET_OVERLAP_MS = 24 * 3600_000;
export const ENDPOINT_NOT_FOUND = "Webhook endpoint not found";

export interface WebhookServiceDeps {
  db: Db;
  secretBox: SecretBox;
  allowLocal: boolean;
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The rotation overlap still running, or null. */
function overlapUntil(row: Pick<EndpointRow, "previousSecretUntil">, now = new Date()): string | null {
  return row.previousSecretUntil && row.previousSecretUntil > now ? row.previousSecretUntil.toISOString() : null;
}

export function toEndpointView(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url ?? "",
    description: row.description,
    events: row.eventTypes as WebhookEventType[],
    enabled: row.enabled,
    disabledAt: iso(row.disabledAt),
    disabledReason: row.disabledReason,
    failingSince: iso(row.failingSince),
    previousSecretValidUntil: overlapUntil(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The URL as it will be stored, or a 400 saying why it is refused. */
export async function acceptableUrl(raw: string, allowLocal: boolean): Promise<string> {
  try {
    return await checkWebhookUrl(raw, allowLocal);
  } catch (err) {
    if (err instanceof WebhookUrlError) throw new AppError("webhook_url_refused", err.message);
    throw err;
  }
}

export async function webhooksOverview(deps: WebhookServiceDeps, userId: string): Promise<WebhooksOverview> {
  const rows = await deps.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(webhookEndpoints.createdAt);
  const [user] = await deps.db.select({ threshold: users.lowCreditsThreshold }).from(users).where(eq(users.id, userId));
  const callbacks = rows.find((r) => r.kind === "callbacks");
  return {
    endpoints: rows.filter((r) => r.kind === "endpoint").map(toEndpointView),
    callbacks: {
      id: callbacks?.id ?? null,
      hasSecret: Boolean(callbacks),
      previousSecretValidUntil: callbacks ? overlapUntil(callbacks) : null,
    },
    lowCreditsThreshold: user?.threshold ?? null,
    allowsLocal: deps.allowLocal,
  };
}

export async function createEndpoint(
  deps: WebhookServiceDeps,
  userId: string,
  input: { url: string; description: string; events: WebhookEventType[] },
): Promise<CreatedWebhookEndpoint> {
  const url = await acceptableUrl(input.url, deps.allowLocal);
  const secret = newWebhookSecret();
  const row = await deps.db.transaction(async (tx) => {
    // The user's row, locked: two requests at once cannot both pass the limit.
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    return insertEndpointWithinLimit(tx, deps, userId, { ...input, url }, secret);
  });
  return { endpoint: toEndpointView(row), secret };
}

/**
 * A new endpoint, refused past the limit. The caller holds the user's row lock, so two requests at
 * once cannot both pass the count.
 */
export async function insertEndpointWithinLimit(
  tx: Queryable,
  deps: Pick<WebhookServiceDeps, "secretBox">,
  userId: string,
  input: { url: string; description: string; events: WebhookEventType[] },
  secret: string,
): Promise<EndpointRow> {
  const [existing] = await tx
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.kind, "endpoint")));
  if ((existing?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS)
    throw new AppError(
      "conflict",
      `You can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one first.`,
      reasoned("webhook_limit", { max: MAX_WEBHOOK_ENDPOINTS }),
    );
  const [created] = await tx
    .insert(webhookEndpoints)
    .values({
      userId,
      kind: "endpoint",
      url: input.url,
      description: input.description,
      eventTypes: input.events,
      secretEncrypted: deps.secretBox.encrypt(secret),
    })
    .returning();
  return created!;
}

export async function ownEndpoint(db: Queryable, userId: string, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  return row;
}

export async function updateEndpoint(
  deps: WebhookServiceDeps,
  userId: string,
  id: string,
  input: { url?: string; description?: string; events?: WebhookEventType[]; enabled?: boolean },
): Promise<WebhookEndpointView> {
  const current = await ownEndpoint(deps.db, userId, id);
  if (current.kind !== "endpoint") throw notFound(ENDPOINT_NOT_FOUND);
  const changes: Partial<EndpointRow> = {};
  // A new URL starts afresh: no pause or shortened timeout carried over from the old one (decision 0062).
  if (input.url !== undefined)
    Object.assign(changes, {
      url: await acceptableUrl(input.url, deps.allowLocal),
      timeoutStreak: 0,
      pausedUntil: null,
    });
  if (input.description !== undefined) changes.description = input.description;
  if (input.events !== undefined) changes.eventTypes = input.events;
  if (input.enabled === true && !current.enabled)
    Object.assign(changes, { enabled: true, disabledAt: null, disabledReason: null, failingSince: null });
  if (input.enabled === false && current.enabled)
    Object.assign(changes, {
      enabled: false,
      disabledAt: new Date(),
      disabledReason: WEBHOOK_DISABLED_REASONS.byOwner,
    });
  if (Object.keys(changes).length === 0) return toEndpointView(current);
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookEndpoints)
      .set(changes)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      .returning();
    // Waiting deliveries go to the new URL: the per-host limit counts them at its host.
    if (updated && changes.url)
      await tx
        .update(webhookDeliveries)
        .set({ host: webhookHost(changes.url) })
        .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, "pending")));
    return updated;
  });
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  return toEndpointView(row);
}

export async function deleteEndpoint(db: Db, userId: string, id: string): Promise<void> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.kind, "endpoint")))
    .returning({ id: webhookEndpoints.id });
  if (rows.length === 0) throw notFound(ENDPOINT_NOT_FOUND);
}

/** A new secret; the one it replaces still signs (beside it) for SECRET_OVERLAP_MS. */
export async function rotateSecret(
  deps: WebhookServiceDeps,
  userId: string,
  id: string,
  now = new Date(),
): Promise<RotatedWebhookSecret> {
  const secret = newWebhookSecret();
  const until = new Date(now.getTime() + SECRET_OVERLAP_MS);
  const [row] = await deps.db
    .update(webhookEndpoints)
    .set({
      secretEncrypted: deps.secretBox.encrypt(secret),
      previousSecretEncrypted: sql`${webhookEndpoints.secretEncrypted}`,
      previousSecretUntil: until,
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  return { secret, previousSecretValidUntil: until.toISOString() };
}

/** The row that signs deliveries to the user's callbackUrls, created on first use. */
export async function callbacksEndpointId(db: Queryable, secretBox: SecretBox, userId: string): Promise<string> {
  await db
    .insert(webhookEndpoints)
    .values({ userId, kind: "callbacks", secretEncrypted: secretBox.encrypt(newWebhookSecret()) })
    .onConflictDoNothing({ target: webhookEndpoints.userId, where: sql`${webhookEndpoints.kind} = 'callbacks'` });
  const [row] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.kind, "callbacks")));
  return row!.id;
}

/** The callbacks' secret: made if there is none (nothing to overlap), rotated otherwise. */
export async function rotateCallbackSecret(deps: WebhookServiceDeps, userId: string): Promise<RotatedWebhookSecret> {
  const [existing] = await deps.db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.kind, "callbacks")));
  if (existing) return rotateSecret(deps, userId, existing.id);
  const secret = newWebhookSecret();
  const inserted = await deps.db
    .insert(webhookEndpoints)
    .values({ userId, kind: "callbacks", secretEncrypted: deps.secretBox.encrypt(secret) })
    .onConflictDoNothing({ target: webhookEndpoints.userId, where: sql`${webhookEndpoints.kind} = 'callbacks'` })
    .returning({ id: webhookEndpoints.id });
  // Another request made it a moment ago: rotate that one, so the answer's secret is the one in force.
  if (inserted.length === 0) return rotateCallbackSecret(deps, userId);
  return { secret, previousSecretValidUntil: null };
}

export async function setLowCreditsThreshold(db: Db, userId: string, threshold: number | null): Promise<void> {
  await db.update(users).set({ lowCreditsThreshold: threshold }).where(eq(users.id, userId));
}
