/**
 * The plans' providers and their timed work, made once per process from its services (issue 69):
 * the routes sell through `sellers`, PayPal's approval is confirmed through `confirmPayPal`, and
 * the plan-periods job calls `applyDueChanges` (Creem's downgrades at a period's end, PayPal's
 * plans whose paid period or grace is over).
 */
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { Mailer } from "../mail/outbox.js";
import { applyDueCreemDowngrades, creemPlanProvider } from "./creem-plans.js";
import { confirmPayPalSubscription, endPayPalPlansDue, paypalPlanProvider } from "./paypal-plans.js";
import type { PlanSellers } from "./plans-service.js";

/** Per call to Creem or PayPal, as for packs. */
const PROVIDER_TIMEOUT_MS = 15_000;

export interface PlanServices {
  sellers: PlanSellers;
  confirmPayPal(userId: string, paypalSubscriptionId: string, log: FastifyBaseLogger): Promise<void>;
  applyDueChanges(now: Date, log: FastifyBaseLogger): Promise<void>;
}

export function planServices(deps: { db: Db; config: Config; secretBox: SecretBox; mailer: Mailer }): PlanServices {
  const ctx = { ...deps, timeoutMs: PROVIDER_TIMEOUT_MS };
  return {
    sellers: { creem: creemPlanProvider(ctx), paypal: paypalPlanProvider(ctx) },
    confirmPayPal: (userId, id, log) => confirmPayPalSubscription(ctx, userId, id, log),
    async applyDueChanges(now, log) {
      await applyDueCreemDowngrades(ctx, now, log);
      await endPayPalPlansDue(ctx, now, log);
    },
  };
}
