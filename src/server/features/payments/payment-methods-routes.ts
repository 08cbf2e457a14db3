/**
 * GET /api/settings/payment-methods (public): which providers the purchase dialog may offer. A
 * provider counts only when switched on and fully configured (payments/payment-settings.ts); for
 * each package on sale, only those that can sell it: Creem needs the package's Creem product
 * (issue 68), so the dialog never offers a checkout the server would refuse.
 */
import type { FastifyInstance } from "fastify";
import type { PaymentMethods } from "../../../shared/schemas/packages.js";
import { paymentsApi } from "../../../shared/api/payments.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { serve } from "../../http/route-contract.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { creemSettings, paypalSettings } from "./payment-settings.js";
import { readSettingsFromDatabase } from "../settings/service.js";
import { listActivePackageProducts } from "../packages/service.js";

export async function paymentMethodRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: Config; secretBox: SecretBox },
): Promise<void> {
  serve(app, paymentsApi.methods, { access: "public" }, async (_request, reply) => {
    const settings = await readSettingsFromDatabase(opts.db, opts.secretBox);
    // Admin switches must show at once (the dialog asks again each time it opens).
    reply.header("cache-control", "no-cache");
    const creemEnabled = creemSettings(settings, opts.config) !== undefined;
    const paypalEnabled = paypalSettings(settings, opts.config) !== undefined;
    const packages = (await listActivePackageProducts(opts.db)).map(({ id, creemProductId }) => {
      const providers: PaymentMethods["packages"][number]["providers"] = [];
      if (creemEnabled && creemProductId) providers.push("creem");
      if (paypalEnabled) providers.push("paypal");
      return { id, providers };
    });
    return { creemEnabled, paypalEnabled, packages };
  });
}
