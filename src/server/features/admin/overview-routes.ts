/** GET /api/admin/overview: the /admin page's figures for a range of whole UTC days (issue 23, decision 0053), and its set-up checklist (decision 0074). */
import type { FastifyInstance } from "fastify";
import { adminOverviewApi } from "../../../shared/api/admin-overview.js";
import type { Db } from "../../db/connect.js";
import type { ModelHealth } from "../../../shared/schemas/model-health.js";
import { serve } from "../../http/route-contract.js";
import { adminOverview } from "./overview-service.js";
import { revenuePerCredit, unitEconomics } from "./unit-economics.js";
import { creditValueOf } from "../packages/credit-value.js";
import { adminSetup, type SetupDeps } from "./setup-service.js";
import { readVendorModelTable, vendorModelProblems } from "../vendor-models/mappings.js";

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminOverviewRoutes(
  app: FastifyInstance,
  deps: SetupDeps & { db: Db; modelHealth: () => Promise<ModelHealth[]> },
): Promise<void> {
  serve(app, adminOverviewApi.get, {}, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    // The models' health scans the last day's videos: read at most every 30 s, as the model list does.
    const overview = await adminOverview(deps.db, request.query.range, new Date(), undefined, deps.modelHealth);
    const settings = await deps.readSettings();
    // USD sales over the range and the credits they bought (bonus counted).
    const usd = overview.revenue.byProvider
      .filter((r) => r.currency === "USD")
      .reduce((sum, r) => sum + Number(r.amount), 0);
    const perCredit = revenuePerCredit(
      { usd, credits: overview.credits.sold + overview.credits.bonus },
      await creditValueOf(deps.db, settings.creditValueUsd),
    );
    const range = { from: new Date(overview.from), to: new Date(overview.to) };
    return {
      ...overview,
      economics: await unitEconomics(deps.db, range, settings, perCredit),
      // Model ids found gone or failing their check (decision 0173), before a customer meets them.
      vendorModelProblems: vendorModelProblems(await readVendorModelTable(deps.db)),
    };
  });

  serve(app, adminOverviewApi.setup, {}, async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
    return adminSetup(deps);
  });
}
