/**
 * POST /api/admin/payment-orders/{orderId}/refund and /dispute (decision 0084): an admin refunds a
 * paid order through its provider (or records a Creem refund made by hand), or decides a Creem
 * dispute. Each is audited by the ledger functions it ends in, with the admin as the actor.
 */
import type { FastifyInstance } from "fastify";
import { adminPaymentsApi } from "../../../shared/api/admin-payments.js";
import type { Db } from "../../db/connect.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import { auditActor } from "../audit/audit-log.js";
import { adminDecideDispute, adminRefund } from "../payments/admin-refund.js";
import type { PaypalContext } from "../payments/paypal-service.js";

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
/** A sensitive admin action: a fresh second-factor check first (decision 0092). */

export async function adminPaymentOrderRoutes(
  app: FastifyInstance,
  opts: { db: Db; paypal: PaypalContext },
): Promise<void> {
  const { db, paypal } = opts;

  serve(app, adminPaymentsApi.refund, STEP_UP, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    return adminRefund({ db, paypal }, request.params.orderId, request.body, auditActor(request), request.log);
  });

  serve(app, adminPaymentsApi.decideDispute, STEP_UP, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    return adminDecideDispute(db, request.params.orderId, request.body, auditActor(request));
  });
}
