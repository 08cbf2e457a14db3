/**
 * From events to deliveries (decision 0047). Database triggers write an event when a task
 * finishes, its 1080p arrives or a balance falls below its threshold; `fanOutEvents` turns each
 * into one delivery per subscribed endpoint (and the task's callbackUrl), with the body fixed
 * then, so every retry and resend sends the same bytes under the same webhook-id. Also: the
 * delivery log, resend, and the test event.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/connect.js";
import { videoTasks, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema.js";
import { conflict, notFound } from "../../http/errors.js";
import type { AutomationVideoStatus } from "../../../shared/schemas/automation.js";
import { webhookHost } from "../../integrations/http/webhook-post.js";
import {
  WEBHOOK_DROPPED_ERROR,
  WEBHOOK_LOG_SIZE,
  WEBHOOK_PENDING_MAX,
  WEBHOOK_TEST_EVENT,
  type WebhookAttemptList,
  type WebhookEvent,
  type WebhookQueued,
  type WebhookEventType,
} from "../../../shared/schemas/webhooks.js";
import { ENDPOINT_NOT_FOUND, ownEndpoint } from "./endpoints-service.js";

/** The task as the automation API reports it now (read through `db`, the fan-out's transaction), its links signed to outlive every retry. */
export type RenderTaskStatus = (db: Queryable, task: typeof videoTasks.$inferSelect) => Promise<AutomationVideoStatus>;

const FAN_OUT_BATCH = 100;
const CALLBACK_EVENTS = new Set(["video.completed", "video.failed"]);

export const newEventId = () => `msg_${crypto.randomUUID().replaceAll("-", "")}`;

/** Turns up to FAN_OUT_BATCH new events into deliveries; returns how many events it took. */
export async function fanOutEvents(db: Db, render: RenderTaskStatus): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await tx
      .select()
      .from(webhookEvents)
      .where(isNull(webhookEvents.fannedOutAt))
      .orderBy(asc(webhookEvents.createdAt))
      .limit(FAN_OUT_BATCH)
      .for("update", { skipLocked: true });
    if (events.length === 0) return 0;
    const userIds = [...new Set(events.map((e) => e.userId))];
    const endpoints = await tx
      .select({
        id: webhookEndpoints.id,
        userId: webhookEndpoints.userId,
        kind: webhookEndpoints.kind,
        url: webhookEndpoints.url,
        eventTypes: webhookEndpoints.eventTypes,
      })
      .from(webhookEndpoints)
      .where(and(inArray(webhookEndpoints.userId, userIds), eq(webhookEndpoints.enabled, true)));
    const taskIds = events.flatMap((e) => (e.videoTaskId ? [e.videoTaskId] : []));
    const tasks = taskIds.length ? await tx.select().from(videoTasks).where(inArray(videoTasks.id, taskIds)) : [];
    const taskById = new Map(tasks.map((t) => [t.id, t]));

    // Due now by this process's clock, the one the sender compares with (not the database's).
    const now = new Date();
    const rows: (typeof webhookDeliveries.$inferInsert)[] = [];
    for (const event of events) {
      const task = event.videoTaskId ? taskById.get(event.videoTaskId) : undefined;
      const payload = JSON.stringify(await eventBody(event, task, (row) => render(tx, row)));
      for (const endpoint of endpoints) {
        if (endpoint.userId !== event.userId) continue;
        if (endpoint.kind === "endpoint" && endpoint.eventTypes.includes(event.type))
          rows.push({
            eventId: event.id,
            endpointId: endpoint.id,
            host: webhookHost(endpoint.url ?? ""),
            payload,
            nextAttemptAt: now,
          });
        if (endpoint.kind === "callbacks" && task?.callbackUrl && CALLBACK_EVENTS.has(event.type)) {
          rows.push({
            eventId: event.id,
            endpointId: endpoint.id,
            url: task.callbackUrl,
            host: webhookHost(task.callbackUrl),
            payload,
            nextAttemptAt: now,
          });
        }
      }
    }
    if (rows.length > 0) await tx.insert(webhookDeliveries).values(rows).onConflictDoNothing();
    for (const endpointId of new Set(rows.map((r) => r.endpointId))) await capPending(tx, endpointId, now);
    await tx
      .update(webhookEvents)
      .set({ fannedOutAt: now })
      .where(
        inArray(
          webhookEvents.id,
          events.map((e) => e.id),
        ),
      );
    return events.length;
  });
}

type TaskRow = typeof videoTasks.$inferSelect;

async function eventBody(
  event: typeof webhookEvents.$inferSelect,
  task: TaskRow | undefined,
  render: (task: TaskRow) => Promise<AutomationVideoStatus>,
): Promise<WebhookEvent> {
  const envelope = { id: event.id, timestamp: event.createdAt.toISOString() };
  if (event.type === "credits.low") {
    const data = event.data as { credits: number; threshold: number };
    return { ...envelope, type: "credits.low", data: { credits: data.credits, threshold: data.threshold } };
  }
  if (!task) throw new Error(`webhook event ${event.id} (${event.type}) has no task`);
  return { ...envelope, type: event.type as Exclude<WebhookEventType, "credits.low">, data: await render(task) };
}

/** The delivery log of one of the user's endpoints (or their callbacks): newest first. */
export async function listAttempts(db: Db, userId: string, endpointId: string): Promise<WebhookAttemptList> {
  await ownEndpoint(db, userId, endpointId);
  const rows = await db
    .select({
      id: webhookAttempts.id,
      deliveryId: webhookAttempts.deliveryId,
      eventId: webhookDeliveries.eventId,
      eventType: webhookEvents.type,
      attempt: webhookAttempts.attempt,
      statusCode: webhookAttempts.statusCode,
      durationMs: webhookAttempts.durationMs,
      error: webhookAttempts.error,
      at: webhookAttempts.createdAt,
      deliveryStatus: webhookDeliveries.status,
    })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookAttempts.endpointId, endpointId))
    .orderBy(desc(webhookAttempts.createdAt))
    .limit(WEBHOOK_LOG_SIZE);
  return {
    attempts: rows.map((r) => ({
      ...r,
      at: r.at.toISOString(),
      deliveryStatus: r.deliveryStatus as "pending" | "succeeded" | "failed",
    })),
  };
}

const DISABLED = "This endpoint is disabled: enable it first";

/** Sends a delivery again now, as a new series of tries (same body, same webhook-id). */
export async function resendDelivery(db: Db, userId: string, deliveryId: string): Promise<WebhookQueued> {
  const [found] = await db
    .select({
      enabled: webhookEndpoints.enabled,
      endpointId: webhookEndpoints.id,
      url: sql<string>`coalesce(${webhookDeliveries.url}, ${webhookEndpoints.url})`,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.userId, userId)));
  if (!found) throw notFound("Delivery not found");
  if (!found.enabled) throw conflict(DISABLED);
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", attempts: 0, nextAttemptAt: now, lastError: null, host: webhookHost(found.url) })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning({ eventId: webhookDeliveries.eventId });
    await capPending(tx, found.endpointId, now);
    return updated;
  });
  return { message: "The event will be sent again in a moment", eventId: row!.eventId };
}

/** "Send test event": a webhook.test event for this endpoint only, delivered like any other. */
export async function queueTestEvent(db: Db, userId: string, endpointId: string): Promise<WebhookQueued> {
  const endpoint = await ownEndpoint(db, userId, endpointId);
  if (endpoint.kind !== "endpoint") throw notFound(ENDPOINT_NOT_FOUND);
  if (!endpoint.enabled) throw conflict(DISABLED);
  const id = newEventId();
  const now = new Date();
  const body: WebhookEvent = {
    id,
    timestamp: now.toISOString(),
    type: WEBHOOK_TEST_EVENT,
    data: { message: "A test event from the /api page. Real events carry a video's status or your balance." },
  };
  await db.transaction(async (tx) => {
    await tx.insert(webhookEvents).values({ id, userId, type: WEBHOOK_TEST_EVENT, createdAt: now, fannedOutAt: now });
    await tx.insert(webhookDeliveries).values({
      eventId: id,
      endpointId,
      host: webhookHost(endpoint.url ?? ""),
      payload: JSON.stringify(body),
      nextAttemptAt: now,
    });
    await capPending(tx, endpointId, now);
  });
  return { message: "Test event queued: it appears in the delivery log in a moment", eventId: id };
}

/** Keeps the last WEBHOOK_LOG_SIZE attempts of an endpoint (called after each new one). */
export async function trimAttemptLog(db: Queryable, endpointId: string): Promise<void> {
  await db.execute(sql`
    delete from webhook_attempts where endpoint_id = ${endpointId} and id in (
      select id from webhook_attempts where endpoint_id = ${endpointId} order by created_at desc offset ${WEBHOOK_LOG_SIZE})`);
}

/**
 * Keeps at most WEBHOOK_PENDING_MAX deliveries waiting for an endpoint (decision 0062): the oldest
 * test events go first, then the oldest real ones, which fail with a row in the delivery log saying
 * why (so the person sees it and can resend). Tries in flight are left alone.
 */
async function capPending(db: Queryable, endpointId: string, now: Date, max = WEBHOOK_PENDING_MAX): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`
    with waiting as (
      select d.id, d.attempts, e.type = ${WEBHOOK_TEST_EVENT} as test, d.created_at
      from webhook_deliveries d join webhook_events e on e.id = d.event_id
      where d.endpoint_id = ${endpointId} and d.status = 'pending'
        and (d.leased_until is null or d.leased_until <= ${at}::timestamptz)
    ), over as (
      select greatest(0, (select count(*) from webhook_deliveries where endpoint_id = ${endpointId} and status = 'pending') - ${max}) as n
    ), dropped as (
      update webhook_deliveries d set status = 'failed', last_error = ${WEBHOOK_DROPPED_ERROR}, next_attempt_at = ${at}::timestamptz
      from (select id, attempts, test from waiting order by test desc, created_at, id limit (select n from over)) x
      where d.id = x.id
      returning d.id, x.attempts, x.test
    )
    insert into webhook_attempts (delivery_id, endpoint_id, attempt, status_code, duration_ms, error)
    select id, ${endpointId}, attempts + 1, null, 0, ${WEBHOOK_DROPPED_ERROR} from dropped where not test`);
}
