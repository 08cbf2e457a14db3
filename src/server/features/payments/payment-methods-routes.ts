/**
 * GET /api/settings/payment-methods (public): which providers the purchase dialog may offer. A
 * provider counts only when switched on and fully configured (payments/payment-settings.ts).
 */
import type { FastifyInstance } from "fastify";
import { paymentsApi } from "../../../shared/api/payments.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { serve } from "../../http/route-contract.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { creemSettings, paypalSettings } from "./payment-settings.js";
import { readSettingsFromDatabase } from "../settings/service.js";

export async function paymentMethodRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: Config; secretBox: SecretBox },
): Promise<void> {
  serve(app, paymentsApi.methods, { access: "public" }, async (_request, reply) => {
    const settings = await readSettingsFromDatabase(opts.db, opts.secretBox);
    // Admin switches must show at once (the dialog asks again each time it opens).
    reply.header("cache-control", "no-cache");
    return {
      creemEnabled: creemSettings(settings, opts.config) !== undefined,
      paypalEnabled: paypalSettings(settings, opts.config) !== undefined,
    };
  });
}
