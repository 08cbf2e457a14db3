/**
 * An endpoint registered by its URL, once per URL (decision 0171): the n8n trigger registers its
 * webhook URL when a workflow is activated and may do so again (its test and production URLs
 * differ; its stored state can be lost). A second registration of the same URL updates that
 * endpoint and rotates its secret, so the caller always learns the secret in force, and the
 * person never collects duplicates that each receive every event.
 */
import { and, eq, sql } from "drizzle-orm";
import { webhookEndpoints } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import type { RegisteredWebhookEndpoint, WebhookEventType } from "../../../shared/schemas/webhooks.js";
import {
  acceptableUrl,
  ENDPOINT_NOT_FOUND,
  insertEndpointWithinLimit,
  ownEndpoint,
  rotateSecret,
  toEndpointView,
  updateEndpoint,
  type WebhookServiceDeps,
} from "./endpoints-service.js";
import { newWebhookSecret } from "./signature.js";

export async function registerEndpointByUrl(
  deps: WebhookServiceDeps,
  userId: string,
  input: { url: string; description: string; events: WebhookEventType[] },
): Promise<RegisteredWebhookEndpoint> {
  const url = await acceptableUrl(input.url, deps.allowLocal);
  const outcome = await deps.db.transaction(async (tx) => {
    // The user's row, locked: two registrations of one URL at once make one endpoint.
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    const [existing] = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.kind, "endpoint"), eq(webhookEndpoints.url, url)),
      )
      .orderBy(webhookEndpoints.createdAt)
      .limit(1);
    if (existing) return { id: existing.id, secret: null };
    const secret = newWebhookSecret();
    const created = await insertEndpointWithinLimit(tx, deps, userId, { ...input, url }, secret);
    return { id: created.id, secret };
  });
  let secret = outcome.secret;
  if (secret === null) {
    // The URL's endpoint: as asked now, enabled again, and a secret this caller knows.
    await updateEndpoint(deps, userId, outcome.id, {
      description: input.description,
      events: input.events,
      enabled: true,
    });
    ({ secret } = await rotateSecret(deps, userId, outcome.id));
  }
  const endpoint = toEndpointView(await ownEndpoint(deps.db, userId, outcome.id));
  return { endpoint, secret, created: outcome.secret !== null };
}

/** GET /api/n8n/webhooks/{id}: one of the person's endpoints (not the callbacks' signing row). */
export async function endpointView(deps: WebhookServiceDeps, userId: string, id: string) {
  const row = await ownEndpoint(deps.db, userId, id);
  if (row.kind !== "endpoint") throw notFound(ENDPOINT_NOT_FOUND);
  return toEndpointView(row);
}
