/**
 * Delivers the webhook outbox (decision 0047): new events are fanned out into deliveries, then
 * due deliveries are claimed (FOR UPDATE SKIP LOCKED, the claim pushes next_attempt_at past a
 * lease, so processes never send one twice at once), signed and POSTed, several at a time. Any
 * 2xx is success; otherwise the next try follows the schedule (about 27 hours in all), then the
 * delivery fails. An endpoint whose deliveries have all failed for 3 days is disabled.
 */
import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/connect.js";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "../db/schema.js";
import { fanOutEvents, trimAttemptLog, type RenderTaskStatus } from "../features/webhooks/deliveries.js";
import { signatureHeaders } from "../features/webhooks/signature.js";
import { postWebhook } from "../integrations/http/webhook-post.js";
import type { SecretBox } from "../lib/secret-box.js";
import { JobLoop } from "./job-loop.js";
import { StrandedLeases } from "./stranded-leases.js";
import { WEBHOOK_DISABLED_REASONS } from "../../shared/schemas/webhooks.js";

export interface WebhookSenderOptions {
  /** Between scans when idle (new events also wake it). */
  intervalMs: number;
  /** Waits before the 2nd, 3rd... try; its length + 1 is the number of tries. */
  retryScheduleMs: number[];
  /** How long a claim holds: longer than a try with its timeout. */
  leaseMs: number;
  batchSize: number;
  /** Deliveries in flight at once. */
  concurrency: number;
  timeoutMs: number;
  /** An endpoint failing for this long is disabled. */
  disableAfterMs: number;
  /** Events (with their deliveries and log) are kept this long once nothing is pending. */
  keepMs: number;
  allowLocal: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Standard Webhooks' suggested schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about 27.6 h in all). */
export const DEFAULT_WEBHOOK_OPTIONS: Omit<WebhookSenderOptions, "allowLocal"> = {
  intervalMs: 1_000,
  retryScheduleMs: [5_000, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR],
  leaseMs: 60_000,
  batchSize: 50,
  concurrency: 16,
  timeoutMs: 10_000,
  disableAfterMs: 3 * 24 * HOUR,
  keepMs: 30 * 24 * HOUR,
};

export const DISABLED_AFTER_FAILING = WEBHOOK_DISABLED_REASONS.afterFailing;
const ENDPOINT_DISABLED = "The endpoint is disabled";
/** A callbackUrl serves one task (n8n's resumeUrl, say): these answers mean nobody waits there any more, so retrying cannot help. */
const CALLBACK_GONE = new Set([404, 409, 410]);
const USER_AGENT = "VeoStudio-Webhooks/1.0";

export interface WebhookSendSummary {
  fannedOut: number;
  succeeded: number;
  retried: number;
  failed: number;
}

type Claimed = typeof webhookDeliveries.$inferSelect;
type Endpoint = typeof webhookEndpoints.$inferSelect;

export class WebhookSender {
  /** Its timer loop: its state is part of /healthz. */
  readonly loop: JobLoop;
  private lastPrune = 0;
  /** Deliveries the database's going away cut off: due again within seconds of its return (decision 0057). */
  private readonly stranded = new StrandedLeases<Claimed>((delivery) =>
    this.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date() })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, "pending"), eq(webhookDeliveries.nextAttemptAt, delivery.nextAttemptAt))),
  );

  constructor(
    private readonly db: Db,
    private readonly secretBox: SecretBox,
    private readonly render: RenderTaskStatus,
    readonly opts: WebhookSenderOptions,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.loop = new JobLoop(
      () => this.runOnce(),
      opts.intervalMs,
      (err) => this.log?.error({ err }, "webhook delivery scan failed"),
    );
  }

  start(): void {
    this.loop.start(0);
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  wake(): void {
    this.loop.wake();
  }

  /** Fans out new events and sends everything due at `at` (default: now). Tests call this directly (a later `at` is time passing). */
  async runOnce(at?: Date): Promise<WebhookSendSummary> {
    const summary: WebhookSendSummary = { fannedOut: 0, succeeded: 0, retried: 0, failed: 0 };
    await this.stranded.letGoAll();
    for (let n = await fanOutEvents(this.db, this.render); n > 0; n = await fanOutEvents(this.db, this.render)) summary.fannedOut += n;
    // Read at each use: a claim's lease and a retry's wait start when they happen, not when the pass began.
    const clock = () => at ?? new Date();
    const touched = new Set<string>();
    await this.sendDue(clock, summary, touched);
    // The log keeps its last rows per endpoint; trimmed once per pass (a cleanup: a failure here loses nothing).
    for (const id of touched) await trimAttemptLog(this.db, id).catch((err: unknown) => this.log?.warn({ err, endpointId: id }, "webhook log trim failed"));
    const now = clock();
    if (now.getTime() - this.lastPrune > HOUR) await this.prune(now);
    return summary;
  }

  /**
   * `concurrency` lanes take deliveries from a shared queue, claimed a batch at a time when it runs
   * dry: a slow receiver holds up only its own lane, never the deliveries behind it.
   */
  private async sendDue(clock: () => Date, summary: WebhookSendSummary, touched: Set<string>): Promise<void> {
    const queue: { delivery: Claimed; endpoint: Endpoint | undefined }[] = [];
    let more = true;
    let refilling: Promise<void> | undefined;
    const refill = async () => {
      const batch = await this.claim(clock());
      if (batch.length < this.opts.batchSize) more = false;
      if (batch.length === 0) return;
      const ids = [...new Set(batch.map((d) => d.endpointId))];
      const endpoints = new Map((await this.db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, ids))).map((e) => [e.id, e]));
      for (const delivery of batch) queue.push({ delivery, endpoint: endpoints.get(delivery.endpointId) });
    };
    const lane = async () => {
      for (;;) {
        const next = queue.shift();
        if (next) {
          touched.add(next.delivery.endpointId);
          try {
            await this.deliver(next.delivery, next.endpoint, clock, summary);
          } catch (err) {
            if (!this.stranded.keep(next.delivery, err)) throw err;
          }
        } else if (more && !this.loop.stopRequested) {
          await (refilling ??= refill().finally(() => (refilling = undefined)));
        } else {
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: this.opts.concurrency }, lane));
  }

  private async claim(now: Date): Promise<Claimed[]> {
    const due = this.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)))
      .orderBy(webhookDeliveries.nextAttemptAt)
      .limit(this.opts.batchSize)
      .for("update", { skipLocked: true });
    return this.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(now.getTime() + this.opts.leaseMs) })
      .where(inArray(webhookDeliveries.id, due))
      .returning();
  }

  private secretsOf(endpoint: Endpoint, now: Date): string[] {
    const secrets = [this.secretBox.decrypt(endpoint.secretEncrypted)];
    if (endpoint.previousSecretEncrypted && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now) {
      secrets.push(this.secretBox.decrypt(endpoint.previousSecretEncrypted));
    }
    return secrets;
  }

  private async deliver(delivery: Claimed, endpoint: Endpoint | undefined, clock: () => Date, summary: WebhookSendSummary): Promise<void> {
    const url = delivery.url ?? endpoint?.url;
    if (!endpoint || !url || !endpoint.enabled) {
      await this.db.update(webhookDeliveries).set({ status: "failed", lastError: ENDPOINT_DISABLED }).where(eq(webhookDeliveries.id, delivery.id));
      summary.failed++;
      return;
    }
    const headers = { ...signatureHeaders(delivery.eventId, new Date(), delivery.payload, this.secretsOf(endpoint, clock())), "user-agent": USER_AGENT };
    const result = await postWebhook(url, headers, delivery.payload, { timeoutMs: this.opts.timeoutMs, allowLocal: this.opts.allowLocal });
    const now = clock();
    const attempt = delivery.attempts + 1;
    const ok = result.error === null;
    const schedule = this.opts.retryScheduleMs;
    const gone = endpoint.kind === "callbacks" && CALLBACK_GONE.has(result.statusCode ?? 0);
    const status = ok ? "succeeded" : attempt > schedule.length || gone ? "failed" : "pending";
    const wait = schedule[attempt - 1] ?? 0;
    // Each transaction locks its own delivery and, when the streak changes, the endpoint row:
    // never another delivery, so deliveries to one endpoint cannot deadlock (disabling runs after).
    const failingSince = await this.db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({
        deliveryId: delivery.id,
        endpointId: endpoint.id,
        attempt,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        error: result.error,
      });
      await tx
        .update(webhookDeliveries)
        .set({
          status,
          attempts: attempt,
          lastStatusCode: result.statusCode,
          lastError: result.error,
          deliveredAt: ok ? new Date() : null,
          // A little jitter, so a receiver that was down is not hit by every retry at one instant.
          nextAttemptAt: status === "pending" ? new Date(now.getTime() + wait + Math.floor(Math.random() * wait * 0.1)) : now,
        })
        .where(eq(webhookDeliveries.id, delivery.id));
      if (ok) {
        // Only a streak that exists is ended: successes do not queue on the endpoint's row.
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: null })
          .where(and(eq(webhookEndpoints.id, endpoint.id), isNotNull(webhookEndpoints.failingSince)));
        return undefined;
      }
      const [row] = await tx
        .update(webhookEndpoints)
        .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
        .where(eq(webhookEndpoints.id, endpoint.id))
        .returning({ failingSince: webhookEndpoints.failingSince });
      return row?.failingSince ?? undefined;
    });
    summary[status === "pending" ? "retried" : status]++;
    if (failingSince && endpoint.kind === "endpoint" && now.getTime() - failingSince.getTime() >= this.opts.disableAfterMs) {
      await this.disable(endpoint, now, failingSince);
    }
  }

  /** Three days of failures: the endpoint is disabled and its pending deliveries fail (the person re-enables it on /api). */
  private async disable(endpoint: Endpoint, now: Date, failingSince: Date): Promise<void> {
    const disabled = await this.db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledAt: now, disabledReason: DISABLED_AFTER_FAILING })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    await this.db
      .update(webhookDeliveries)
      .set({ status: "failed", lastError: ENDPOINT_DISABLED })
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, "pending")));
    if (disabled.length > 0) this.log?.warn({ endpointId: endpoint.id, failingSince }, "webhook endpoint disabled after failing for 3 days");
  }

  /** Old events go, with their deliveries and log rows, once none of their deliveries is pending. */
  private async prune(now: Date): Promise<void> {
    this.lastPrune = now.getTime();
    await this.db.execute(sql`
      delete from webhook_events ev where ev.id in (
        select e.id from webhook_events e
        where e.created_at < ${new Date(now.getTime() - this.opts.keepMs).toISOString()}::timestamptz
          and e.fanned_out_at is not null
          and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.status = 'pending')
        limit 5000)`);
  }
}
