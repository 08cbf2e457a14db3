/**
 * Plans billed through Creem (issue 69, decision 0153): the PlanProvider the plan routes ask.
 * Checkout is Creem's hosted page for the interval's recurring product, with our subscription's id
 * as the request id and in the metadata; cancel, undo, cancel now and upgrade call Creem's
 * subscription API and then read the subscription back, applying Creem's own record at its own
 * time, so the page shows the change before the webhook arrives. A downgrade is our intent until
 * shortly before the period ends, when applyDueCreemDowngrades() moves the subscription to the
 * cheaper product without proration; its credits change at the next renewal.
 */
import { and, eq, isNotNull, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { reasoned } from "../../../shared/error-reasons.js";
import { plans, subscriptions } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import { createCheckoutDiscount } from "../../integrations/creem/checkout-discount.js";
import { CreemClient } from "../../integrations/creem/client.js";
import { CreemError } from "../../integrations/creem/errors.js";
import { CREEM_BASE_URLS } from "../../integrations/creem/hosts.js";
import type { CreemContext } from "../payments/creem-service.js";
import { readSettingsFromDatabase, type Settings } from "../settings/service.js";
import { applyCreemRecord } from "./creem-plan-events.js";
import type { SubscriptionRow } from "./plan-grants.js";
import type { PlanChange, PlanProvider, PlanRow } from "./provider.js";

/** How long before a period's end a scheduled downgrade is made at Creem (before it charges the renewal). */
export const CREEM_DOWNGRADE_LEAD_MS = 2 * 60 * 60 * 1000;

/** The interval's Creem product of a plan, if it has one. */
const creemProductOf = (plan: PlanRow, interval: string): string | null =>
  (interval === "year" ? plan.creemProductYearly : plan.creemProductMonthly) || null;

/**
 * A client for Creem as the admin configured it. Selling needs Creem switched on; managing a plan
 * already paid for works while it is switched off since, as long as its keys are stored (as the
 * packs' confirmation does, creem-service.ts).
 */
function creemClient(settings: Settings, ctx: CreemContext, purpose: "sell" | "manage"): CreemClient | undefined {
  if (purpose === "sell" && !settings.creemEnabled) return undefined;
  if (!settings.creemApiKey || !settings.creemWebhookSecret) return undefined;
  const environment = settings.creemEnvironment === "prod" ? "prod" : "test";
  return new CreemClient({
    baseUrl: ctx.config.payments.creemBaseUrl ?? CREEM_BASE_URLS[environment],
    apiKey: settings.creemApiKey,
    timeoutMs: ctx.timeoutMs,
  });
}

const notConfigured = () =>
  new AppError("payment_not_configured", "Card payments through Creem are not available right now.", {
    suggestion: "Please try again later",
  });

const notForThisPlan = () =>
  new AppError("invalid_input", "This plan cannot be paid this way right now.", {
    suggestion: "Choose another way to pay, or contact us",
    ...reasoned("plan_provider_unavailable"),
  });

const notYetAtCreem = () =>
  new AppError("conflict", "Creem has not confirmed this plan yet.", {
    suggestion: "Please try again in a minute",
  });

/** Why Creem did not do what was asked, in a payer's words; Creem's own stay in the log (issue 68). */
function refused(err: CreemError): AppError {
  if (err.kind === "rejected" || err.kind === "not_found")
    return new AppError("upstream_error", "Creem refused this change to your plan.", {
      suggestion: "Refresh the page: your plan may have changed meanwhile. Contact us if this keeps happening",
    });
  if (err.kind === "unavailable")
    return new AppError("upstream_error", "Creem is not answering right now.", {
      suggestion: "Please try again in a few minutes",
    });
  return new AppError("upstream_error", "Creem did not answer as expected.", {
    suggestion: "Please try again in a few minutes",
  });
}

export function creemPlanProvider(ctx: CreemContext): PlanProvider {
  const settings = () => readSettingsFromDatabase(ctx.db, ctx.secretBox);
  const managing = async (): Promise<CreemClient> => {
    const client = creemClient(await settings(), ctx, "manage");
    if (!client) throw notConfigured();
    return client;
  };
  const creemIdOf = (sub: SubscriptionRow): string => {
    if (!sub.providerSubscriptionId) throw notYetAtCreem();
    return sub.providerSubscriptionId;
  };

  /** Reads the subscription back and applies Creem's record; a failed read is left to the webhook. */
  async function readBack(
    client: CreemClient,
    sub: SubscriptionRow,
    log: FastifyBaseLogger,
    override: { endReason?: string } = {},
  ): Promise<void> {
    try {
      const record = await client.getSubscription(creemIdOf(sub));
      await applyCreemRecord(ctx, sub.id, record, log, override);
    } catch (err) {
      if (!(err instanceof CreemError)) throw err;
      log.warn(
        { subscriptionId: sub.id, kind: err.kind, status: err.status },
        `Creem subscription read-back failed: ${err.message}`,
      );
    }
  }

  /** One call to Creem's subscription API, then its record read back (also after a refusal: we may be behind). */
  async function act(
    what: string,
    sub: SubscriptionRow,
    log: FastifyBaseLogger,
    call: (client: CreemClient, creemId: string) => Promise<void>,
    override: { endReason?: string } = {},
  ): Promise<void> {
    const client = await managing();
    const creemId = creemIdOf(sub);
    try {
      await call(client, creemId);
    } catch (err) {
      if (!(err instanceof CreemError)) throw err;
      log.warn(
        {
          subscriptionId: sub.id,
          creemSubscriptionId: creemId,
          kind: err.kind,
          status: err.status,
          detail: err.detail,
        },
        `Creem ${what} failed: ${err.message}`,
      );
      if (err.kind === "rejected" || err.kind === "not_found") await readBack(client, sub, log);
      throw refused(err);
    }
    log.info({ subscriptionId: sub.id, creemSubscriptionId: creemId }, `Creem ${what} done`);
    await readBack(client, sub, log, override);
  }

  return {
    async canSell(plan, interval, settings) {
      return Boolean(creemClient(settings, ctx, "sell") && creemProductOf(plan, interval));
    },

    async checkout({ user, subscription, plan, interval, discountCents }, log) {
      const client = creemClient(await settings(), ctx, "sell");
      if (!client) throw notConfigured();
      const productId = creemProductOf(plan, interval);
      if (!productId) throw notForThisPlan();
      let discount: { code: string; id: string } | undefined;
      try {
        // A code takes off the first payment alone: a Creem discount of its cents, duration once.
        if (discountCents && discountCents > 0)
          discount = await createCheckoutDiscount(client, {
            reference: subscription.id,
            productId,
            discountCents,
            currency: subscription.currency,
            duration: "once",
          });
        const checkout = await client.createCheckout({
          productId,
          requestId: subscription.id,
          // Creem appends checkout_id, subscription_id, signature... to it.
          successUrl: `${ctx.config.publicUrl}/my-account?plan=welcome`,
          metadata: { subscriptionId: subscription.id, userId: user.id, planId: plan.id, interval },
          ...(user.email ? { customerEmail: user.email } : {}),
          ...(discount ? { discountCode: discount.code } : {}),
        });
        log.info(
          {
            subscriptionId: subscription.id,
            checkoutId: checkout.id,
            planId: plan.id,
            interval,
            ...(discount ? { discountCents } : {}),
          },
          "Creem plan checkout created",
        );
        return { checkoutUrl: checkout.checkoutUrl, paypalSubscriptionId: null };
      } catch (err) {
        // A code made for a checkout that never was is of no use to anyone: taken away (best effort).
        if (discount) await client.deleteDiscount(discount.id).catch(() => undefined);
        if (!(err instanceof CreemError)) throw err;
        log.error(
          { subscriptionId: subscription.id, planId: plan.id, kind: err.kind, status: err.status, detail: err.detail },
          `Creem plan checkout failed: ${err.message}`,
        );
        if (err.kind === "rejected" || err.kind === "not_found") throw notForThisPlan();
        throw new AppError("upstream_error", "Could not start the Creem checkout.", {
          suggestion: "Please try again in a few minutes",
          ...reasoned("checkout_failed", { provider: "Creem" }),
        });
      }
    },

    async cancelAtPeriodEnd(sub, log) {
      await act("cancel at period end", sub, log, (client, id) => client.cancelSubscription(id, "scheduled"));
    },

    async resume(sub, log) {
      await act("resume", sub, log, (client, id) => client.resumeSubscription(id));
    },

    async cancelNow(sub, reason, log) {
      log.info({ subscriptionId: sub.id, reason }, "Creem plan cancelled now by an admin");
      await act("immediate cancel", sub, log, (client, id) => client.cancelSubscription(id, "immediate"), {
        endReason: "admin",
      });
    },

    async change(sub, plan, interval, direction, log): Promise<PlanChange> {
      const productId = creemProductOf(plan, interval);
      if (!productId) throw notForThisPlan();
      if (direction === "down") {
        // Our intent, not Creem's state: made at Creem shortly before the period ends.
        await ctx.db
          .update(subscriptions)
          .set({ scheduledPlanId: plan.id, scheduledInterval: interval, updatedAt: new Date() })
          .where(eq(subscriptions.id, sub.id));
        log.info(
          { subscriptionId: sub.id, planId: plan.id, interval },
          "Creem plan downgrade scheduled for the period's end",
        );
        return { when: "period_end", approveUrl: null };
      }
      await act("upgrade", sub, log, (client, id) =>
        client.upgradeSubscription(id, productId, "proration-charge-immediately"),
      );
      // A downgrade that was waiting is overtaken by the upgrade.
      await ctx.db
        .update(subscriptions)
        .set({ scheduledPlanId: null, scheduledInterval: null, updatedAt: new Date() })
        .where(and(eq(subscriptions.id, sub.id), isNotNull(subscriptions.scheduledPlanId)));
      return { when: "now", approveUrl: null };
    },

    async portalUrl(sub, log) {
      const client = await managing();
      try {
        const customerId =
          sub.providerCustomerId ??
          (sub.providerSubscriptionId
            ? (await client.getSubscription(sub.providerSubscriptionId)).customerId
            : undefined);
        if (!customerId) return undefined;
        return await client.billingPortal(customerId);
      } catch (err) {
        if (!(err instanceof CreemError)) throw err;
        log.warn(
          { subscriptionId: sub.id, kind: err.kind, status: err.status },
          `Creem portal link failed: ${err.message}`,
        );
        throw refused(err);
      }
    },
  };
}

/**
 * Makes the downgrades waiting for their period's end at Creem, once the end is at most
 * CREEM_DOWNGRADE_LEAD_MS away (or past): the cheaper product without proration, so the next
 * renewal charges and grants the new plan. Creem's record is read first (a downgrade already made
 * is not made twice) and applied after; the webhook confirms it. Returns how many were made.
 */
export async function applyDueCreemDowngrades(ctx: CreemContext, now: Date, log: FastifyBaseLogger): Promise<number> {
  const due = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, "creem"),
        eq(subscriptions.status, "active"),
        eq(subscriptions.cancelAtPeriodEnd, false),
        isNotNull(subscriptions.scheduledPlanId),
        isNotNull(subscriptions.providerSubscriptionId),
        lte(subscriptions.currentPeriodEnd, new Date(now.getTime() + CREEM_DOWNGRADE_LEAD_MS)),
      ),
    );
  if (due.length === 0) return 0;
  const client = creemClient(await readSettingsFromDatabase(ctx.db, ctx.secretBox), ctx, "manage");
  if (!client) {
    log.warn({ waiting: due.length }, "Creem plan downgrades are due but Creem has no keys stored");
    return 0;
  }
  let made = 0;
  for (const sub of due) {
    const [plan] = await ctx.db.select().from(plans).where(eq(plans.id, sub.scheduledPlanId!));
    const productId = plan ? creemProductOf(plan, sub.scheduledInterval ?? sub.interval) : null;
    if (!productId) {
      log.error(
        { subscriptionId: sub.id, planId: sub.scheduledPlanId, interval: sub.scheduledInterval },
        "Scheduled Creem downgrade to a plan without that Creem product; dropped",
      );
      await ctx.db
        .update(subscriptions)
        .set({ scheduledPlanId: null, scheduledInterval: null, updatedAt: new Date() })
        .where(eq(subscriptions.id, sub.id));
      continue;
    }
    const creemId = sub.providerSubscriptionId!;
    try {
      let record = await client.getSubscription(creemId);
      if (record.productId !== productId) {
        await client.upgradeSubscription(creemId, productId, "proration-none");
        record = await client.getSubscription(creemId);
        made += 1;
        log.info({ subscriptionId: sub.id, creemSubscriptionId: creemId, productId }, "Creem plan downgrade made");
      }
      await applyCreemRecord(ctx, sub.id, record, log);
    } catch (err) {
      if (!(err instanceof CreemError)) throw err;
      // Tried again on the next run; the renewal may come first, then it waits for the next period's end.
      log.warn(
        {
          subscriptionId: sub.id,
          creemSubscriptionId: creemId,
          kind: err.kind,
          status: err.status,
          detail: err.detail,
        },
        `Creem plan downgrade failed: ${err.message}`,
      );
    }
  }
  return made;
}
