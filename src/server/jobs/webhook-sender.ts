/**
 * Delivers the webhook outbox (decision 0047): new events are fanned out into deliveries, then
 * due deliveries are claimed (the claim pushes next_attempt_at past a lease, so processes never
 * send one twice at once), signed and POSTed, several at a time. Any 2xx is success; otherwise
 * the next try follows the schedule (about 27 hours in all), then the delivery fails. An
 * endpoint whose deliveries have all failed for 3 days is disabled.
 *
 * Fairly (decision 0062): claims take every endpoint's oldest due delivery before anyone's
 * second, and never more than a few in flight per endpoint and per host (counted from the
 * leases, in SQL, so every process on the database counts together); an endpoint that leaves a
 * try unanswered gets a shorter timeout, one try at a time and a pause that doubles.
 */
import { and, eq, gt, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "../db/schema.js";
import { fanOutEvents, trimAttemptLog, type RenderTaskStatus } from "../features/webhooks/deliveries.js";
import { signatureHeaders } from "../features/webhooks/signature.js";
import { postWebhook } from "../integrations/http/webhook-post.js";
import type { SecretBox } from "../lib/secret-box.js";
import { defineJob, dueNow, type JobDeps } from "./define-job.js";
import { WEBHOOK_DISABLED_REASONS } from "../../shared/schemas/webhooks.js";

export interface WebhookSenderOptions {
  /** Between scans when idle (new events also wake it). */
  intervalMs: number;
  /** Waits before the 2nd, 3rd... try; its length + 1 is the number of tries. */
  retryScheduleMs: number[];
  /** How long a claim holds: longer than a try with its timeout. */
  leaseMs: number;
  batchSize: number;
  /** Deliveries in flight at once in this process. */
  concurrency: number;
  /** In flight at once per endpoint (1 while it is not answering) and per destination host name, across processes. */
  perEndpoint: number;
  perHost: number;
  /** A try's timeout; halved by each unanswered try in a row, down to minTimeoutMs. */
  timeoutMs: number;
  minTimeoutMs: number;
  /** An unanswered try pauses its endpoint this long, doubled by each in a row, up to maxPauseMs. */
  pauseMs: number;
  maxPauseMs: number;
  /** An endpoint failing for this long is disabled. */
  disableAfterMs: number;
  /** Events (with their deliveries and log) are kept this long once nothing is pending. */
  keepMs: number;
  allowLocal: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Standard Webhooks' suggested schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about 27.6 h in all). */
export const DEFAULT_WEBHOOK_OPTIONS: WebhookSenderOptions = {
  intervalMs: 1_000,
  retryScheduleMs: [5_000, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR],
  leaseMs: 60_000,
  batchSize: 50,
  concurrency: 64,
  perEndpoint: 8,
  perHost: 16,
  timeoutMs: 10_000,
  minTimeoutMs: 2_000,
  pauseMs: 1_000,
  maxPauseMs: 5 * MINUTE,
  disableAfterMs: 3 * 24 * HOUR,
  keepMs: 30 * 24 * HOUR,
  allowLocal: false,
};

export const DISABLED_AFTER_FAILING = WEBHOOK_DISABLED_REASONS.afterFailing;
const ENDPOINT_DISABLED = "The endpoint is disabled";
/** A callbackUrl serves one task (n8n's resumeUrl, say): these answers mean nobody waits there any more, so retrying cannot help. */
const CALLBACK_GONE = new Set([404, 409, 410]);
const USER_AGENT = "VeoStudio-Webhooks/1.0";
/** How long a claim waits for other tries to end while some are in flight (a claim per try would cost more than the tries). */
const CLAIM_GATHER_MS = 5;
/** pg_advisory_xact_lock's key for claims: "webh" in ASCII. */
const CLAIM_LOCK = 0x77656268;

export interface WebhookSendSummary {
  fannedOut: number;
  succeeded: number;
  retried: number;
  failed: number;
}

type Claimed = typeof webhookDeliveries.$inferSelect;
type Endpoint = typeof webhookEndpoints.$inferSelect;

export interface WebhookSenderDeps extends JobDeps {
  db: Db;
  secretBox: SecretBox;
  /** How a webhook shows a task (the automation API's view, links signed). */
  renderTaskStatus: RenderTaskStatus;
}

export class WebhookSender extends defineJob<WebhookSenderDeps, WebhookSenderOptions, Claimed>({
  name: "webhook-sender",
  failure: "webhook delivery scan failed",
  defaults: DEFAULT_WEBHOOK_OPTIONS,
}) {
  private lastPrune = 0;
  /** Passes in progress hear of new events through these (their idle lanes wait while others' requests are in flight). */
  private readonly pokes = new Set<() => void>();

  /** A delivery the database's going away cut off: due again within seconds of its return (decision 0057). */
  protected override letGo(delivery: Claimed) {
    return this.deps.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(), leasedUntil: null })
      .where(
        and(
          eq(webhookDeliveries.id, delivery.id),
          eq(webhookDeliveries.status, "pending"),
          eq(webhookDeliveries.nextAttemptAt, delivery.nextAttemptAt),
        ),
      );
  }

  override wake(): void {
    for (const poke of this.pokes) poke();
    super.wake();
  }

  /** Fans out new events and sends everything due at `at` (default: now). Tests call this directly (a later `at` is time passing). */
  async runOnce(at?: Date): Promise<WebhookSendSummary> {
    const summary: WebhookSendSummary = { fannedOut: 0, succeeded: 0, retried: 0, failed: 0 };
    await this.stranded.letGoAll();
    await this.fanOut(summary);
    // Read at each use: a claim's lease and a retry's wait start when they happen, not when the pass began.
    const clock = () => at ?? dueNow();
    const touched = new Set<string>();
    await this.sendDue(clock, summary, touched);
    // The log keeps its last rows per endpoint; trimmed once per pass (a cleanup: a failure here loses nothing).
    for (const id of touched)
      await trimAttemptLog(this.deps.db, id).catch((err: unknown) =>
        this.log.warn({ err, endpointId: id }, "webhook log trim failed"),
      );
    const now = clock();
    if (now.getTime() - this.lastPrune > HOUR) await this.prune(now);
    return summary;
  }

  /** Every new event into its deliveries, a batch at a time. */
  private async fanOut(summary: WebhookSendSummary): Promise<void> {
    for (
      let n = await fanOutEvents(this.deps.db, this.deps.renderTaskStatus);
      n > 0;
      n = await fanOutEvents(this.deps.db, this.deps.renderTaskStatus)
    )
      summary.fannedOut += n;
  }

  /**
   * `concurrency` lanes take deliveries from a shared queue, claimed a batch at a time when it runs
   * dry: a slow receiver holds up only its own lane. While some lanes wait on slow receivers the
   * others go on claiming whenever something changes (a try ends, new events, every intervalMs),
   * so deliveries due meanwhile are not held until the slowest request of the pass ends.
   */
  private async sendDue(clock: () => Date, summary: WebhookSendSummary, touched: Set<string>): Promise<void> {
    const queue: { delivery: Claimed; endpoint: Endpoint | undefined }[] = [];
    let changed = true;
    let newEvents = false;
    let busy = 0;
    let failed = false;
    let refilling: Promise<void> | undefined;
    let waiters: (() => void)[] = [];
    const wakeWaiters = () => {
      const woken = waiters;
      waiters = [];
      for (const resolve of woken) resolve();
    };
    /** Something that may let more be claimed happened. */
    const notify = () => {
      changed = true;
      wakeWaiters();
    };
    const poke = () => {
      newEvents = true;
      notify();
    };
    this.pokes.add(poke);
    const nextChange = () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(notify, this.opts.intervalMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    const refill = async () => {
      // With tries still in flight, more are about to end: one claim for all of them, not one each.
      if (busy > 0) await new Promise((r) => setTimeout(r, CLAIM_GATHER_MS));
      changed = false;
      if (newEvents) {
        newEvents = false;
        await this.fanOut(summary);
      }
      const batch = await this.claim(clock());
      if (batch.length === 0) return;
      const ids = [...new Set(batch.map((d) => d.endpointId))];
      const endpoints = new Map(
        (await this.deps.db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, ids))).map((e) => [
          e.id,
          e,
        ]),
      );
      for (const delivery of batch) queue.push({ delivery, endpoint: endpoints.get(delivery.endpointId) });
    };
    const lane = async () => {
      for (;;) {
        const next = failed ? undefined : queue.shift();
        if (next) {
          touched.add(next.delivery.endpointId);
          busy++;
          try {
            await this.deliver(next.delivery, next.endpoint, clock, summary);
          } catch (err) {
            if (!this.stranded.keep(next.delivery, err)) throw err;
          } finally {
            busy--;
            notify();
          }
        } else if (failed || this.stopRequested) {
          return;
        } else if (changed || refilling) {
          await (refilling ??= refill().finally(() => {
            refilling = undefined;
            wakeWaiters();
          }));
        } else if (busy === 0) {
          return;
        } else {
          await nextChange();
        }
      }
    };
    try {
      await Promise.all(
        Array.from({ length: this.opts.concurrency }, () =>
          lane().catch((err: unknown) => {
            failed = true;
            notify();
            throw err;
          }),
        ),
      );
    } finally {
      this.pokes.delete(poke);
    }
  }

  /**
   * Due deliveries, every endpoint's oldest before anyone's second, as many as each endpoint and
   * host has room for beside its requests in flight (leases not yet run out). One claim at a time
   * across processes (a transaction-scoped advisory lock), so the counts it reads are the truth.
   */
  private async claim(now: Date): Promise<Claimed[]> {
    const at = now.toISOString();
    const until = new Date(now.getTime() + this.opts.leaseMs);
    const { perEndpoint, perHost, batchSize } = this.opts;
    return this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
      // Per endpoint with something due and not paused, its oldest due deliveries up to its room
      // (an index range each), then ranked within their host; the tries in flight counted once.
      const chosen = sql`
        with in_flight as (
          select endpoint_id, coalesce(host, endpoint_id::text) as host from webhook_deliveries
          where leased_until is not null and leased_until > ${at}::timestamptz and status = 'pending'
        ), endpoint_busy as (
          select endpoint_id, count(*) as n from in_flight group by endpoint_id
        ), host_busy as (
          select host, count(*) as n from in_flight group by host
        ), due_endpoints as (
          select e.id, (case when e.timeout_streak > 0 then 1 else ${perEndpoint}::int end) - coalesce(b.n, 0) as room
          from (select distinct endpoint_id from webhook_deliveries where status = 'pending' and next_attempt_at <= ${at}::timestamptz) x
          join webhook_endpoints e on e.id = x.endpoint_id
          left join endpoint_busy b on b.endpoint_id = e.id
          where e.paused_until is null or e.paused_until <= ${at}::timestamptz
        ), candidates as (
          select c.* from due_endpoints de cross join lateral (
            select d.id, coalesce(d.host, d.endpoint_id::text) as host, d.next_attempt_at,
              row_number() over (order by d.next_attempt_at, d.id) as endpoint_rank
            from webhook_deliveries d
            where d.endpoint_id = de.id and d.status = 'pending' and d.next_attempt_at <= ${at}::timestamptz
            order by d.next_attempt_at, d.id limit greatest(de.room, 0)
          ) c
        ), by_host as (
          -- Round-robin within a host too, among what each endpoint's own limit lets through.
          select c.*, row_number() over (partition by c.host order by c.endpoint_rank, c.next_attempt_at, c.id) as host_rank
          from candidates c
        )
        select b.id from by_host b left join host_busy h on h.host = b.host
        where b.host_rank <= ${perHost}::int - coalesce(h.n, 0)
        order by b.endpoint_rank, b.next_attempt_at, b.id limit ${batchSize}`;
      return tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: until, leasedUntil: until })
        .where(
          and(
            sql`${webhookDeliveries.id} in (${chosen})`,
            eq(webhookDeliveries.status, "pending"),
            lte(webhookDeliveries.nextAttemptAt, now),
          ),
        )
        .returning();
    });
  }

  /** This endpoint's timeout now: halved by each unanswered try in a row, in whole tenths of a second. */
  private timeoutFor(endpoint: Endpoint): number {
    const halved = this.opts.timeoutMs / 2 ** Math.min(endpoint.timeoutStreak, 20);
    return Math.max(Math.min(this.opts.minTimeoutMs, this.opts.timeoutMs), Math.round(halved / 100) * 100);
  }

  private secretsOf(endpoint: Endpoint, now: Date): string[] {
    const secrets = [this.deps.secretBox.decrypt(endpoint.secretEncrypted)];
    if (endpoint.previousSecretEncrypted && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now) {
      secrets.push(this.deps.secretBox.decrypt(endpoint.previousSecretEncrypted));
    }
    return secrets;
  }

  private async deliver(
    delivery: Claimed,
    endpoint: Endpoint | undefined,
    clock: () => Date,
    summary: WebhookSendSummary,
  ): Promise<void> {
    const url = delivery.url ?? endpoint?.url;
    if (!endpoint || !url || !endpoint.enabled) {
      await this.deps.db
        .update(webhookDeliveries)
        .set({ status: "failed", lastError: ENDPOINT_DISABLED, leasedUntil: null })
        .where(eq(webhookDeliveries.id, delivery.id));
      summary.failed++;
      return;
    }
    const headers = {
      ...signatureHeaders(delivery.eventId, new Date(), delivery.payload, this.secretsOf(endpoint, clock())),
      "user-agent": USER_AGENT,
    };
    const result = await postWebhook(url, headers, delivery.payload, {
      timeoutMs: this.timeoutFor(endpoint),
      allowLocal: this.opts.allowLocal,
    });
    const now = clock();
    const attempt = delivery.attempts + 1;
    const ok = result.error === null;
    const schedule = this.opts.retryScheduleMs;
    const gone = endpoint.kind === "callbacks" && CALLBACK_GONE.has(result.statusCode ?? 0);
    const status = ok ? "succeeded" : attempt > schedule.length || gone ? "failed" : "pending";
    const wait = schedule[attempt - 1] ?? 0;
    // Each transaction locks its own delivery and, when the streak changes, the endpoint row:
    // never another delivery, so deliveries to one endpoint cannot deadlock (disabling runs after).
    const failingSince = await this.deps.db.transaction(async (tx) => {
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
          leasedUntil: null,
          // A little jitter, so a receiver that was down is not hit by every retry at one instant.
          nextAttemptAt:
            status === "pending" ? new Date(now.getTime() + wait + Math.floor(Math.random() * wait * 0.1)) : now,
        })
        .where(eq(webhookDeliveries.id, delivery.id));
      // Any answer in time ends a timeout streak and its pause; another try left unanswered lengthens them.
      const answered = result.statusCode !== null;
      const pace = answered
        ? { timeoutStreak: 0, pausedUntil: null }
        : result.timedOut
          ? {
              timeoutStreak: sql`${webhookEndpoints.timeoutStreak} + 1`,
              pausedUntil: sql`${now.toISOString()}::timestamptz + least(${this.opts.maxPauseMs}::float8, ${this.opts.pauseMs}::float8 * power(2, least(${webhookEndpoints.timeoutStreak}, 30))) * interval '1 millisecond'`,
            }
          : {};
      if (ok) {
        // Only a streak that exists is ended: successes do not queue on the endpoint's row.
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: null, ...pace })
          .where(
            and(
              eq(webhookEndpoints.id, endpoint.id),
              or(
                isNotNull(webhookEndpoints.failingSince),
                isNotNull(webhookEndpoints.pausedUntil),
                gt(webhookEndpoints.timeoutStreak, 0),
              ),
            ),
          );
        return undefined;
      }
      const [row] = await tx
        .update(webhookEndpoints)
        .set({
          failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
          ...pace,
        })
        .where(eq(webhookEndpoints.id, endpoint.id))
        .returning({ failingSince: webhookEndpoints.failingSince });
      return row?.failingSince ?? undefined;
    });
    summary[status === "pending" ? "retried" : status]++;
    if (
      failingSince &&
      endpoint.kind === "endpoint" &&
      now.getTime() - failingSince.getTime() >= this.opts.disableAfterMs
    ) {
      await this.disable(endpoint, now, failingSince);
    }
  }

  /** Three days of failures: the endpoint is disabled and its pending deliveries fail (the person re-enables it on /api). */
  private async disable(endpoint: Endpoint, now: Date, failingSince: Date): Promise<void> {
    const disabled = await this.deps.db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledAt: now, disabledReason: DISABLED_AFTER_FAILING })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    await this.deps.db
      .update(webhookDeliveries)
      .set({ status: "failed", lastError: ENDPOINT_DISABLED })
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, "pending")));
    if (disabled.length > 0)
      this.log.warn({ endpointId: endpoint.id, failingSince }, "webhook endpoint disabled after failing for 3 days");
  }

  /** Old events go, with their deliveries and log rows, once none of their deliveries is pending. */
  private async prune(now: Date): Promise<void> {
    this.lastPrune = now.getTime();
    await this.deps.db.execute(sql`
      delete from webhook_events ev where ev.id in (
        select e.id from webhook_events e
        where e.created_at < ${new Date(now.getTime() - this.opts.keepMs).toISOString()}::timestamptz
          and e.fanned_out_at is not null
          and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.status = 'pending')
        limit 5000)`);
  }
}
