/**
 * GET /api/settings/payment-methods (public): which providers the purchase dialog may offer. A
 * provider counts only when switched on and fully configured (payments/payment-settings.ts).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { paymentMethodsSchema } from "../../../shared/schemas/packages.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { creemSettings, paypalSettings } from "./payment-settings.js";
import { readSettings } from "../settings/service.js";

export async function paymentMethodRoutes(
  scope: FastifyInstance,
  opts: { db: Db; config: Config; secretBox: SecretBox },
): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/settings/payment-methods",
    {
      config: { access: "public" },
      schema: {
        tags: ["Payments"],
        summary: "Which payment providers are offered",
        response: { 200: paymentMethodsSchema },
      },
    },
    async (_request, reply) => {
      const settings = await readSettings(opts.db, opts.secretBox);
      // Admin switches must show at once (the dialog asks again each time it opens).
      reply.header("cache-control", "no-cache");
      return {
        creemEnabled: creemSettings(settings, opts.config) !== undefined,
        paypalEnabled: paypalSettings(settings, opts.config) !== undefined,
      };
    },
  );
}
