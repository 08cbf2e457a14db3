/**
 * POST /api/admin/prices/at-margin (issue 68, decision 0144): every price set to keep the admin's
 * margin over its vendor's cost at the cheapest credit a buyer can get, the ladders kept, in one
 * audited save with the owner's reason. A recent second factor first: prices are money.
 */
import type { FastifyInstance } from "fastify";
import { adminPricesApi } from "../../../shared/api/admin-prices.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { pricesAtMargin } from "../../../shared/price-check.js";
import { auditActor } from "../audit/audit-log.js";
import { cheapestCredit, costBasisOf, packagesOnSale } from "../packages/sales-check.js";
import { readSettingsFromDatabase, toAdminView, updateSettingsAudited } from "./service.js";

export async function adminPricesRoutes(
  app: FastifyInstance,
  opts: { db: Db; secretBox: SecretBox; config: Config },
): Promise<void> {
  const { db, secretBox, config } = opts;
  serve(app, adminPricesApi.atMargin, STEP_UP, async (request) => {
    const settings = await readSettingsFromDatabase(db, secretBox);
    const creditUsd = cheapestCredit(await packagesOnSale(db), settings);
    const marginPercent = settings.priceMarginPercent;
    const table = pricesAtMargin(costBasisOf(settings), { marginPercent, creditValueUsd: creditUsd });
    const prices = Object.fromEntries(
      Object.entries(table).map(([item, p]) => [item, { webCredits: p.web, apiPrice: p.api.toFixed(2) }]),
    );
    await updateSettingsAudited(db, secretBox, { prices }, auditActor(request), "prices.at_margin", {
      reason: request.body.reason,
      marginPercent,
      creditUsd,
    });
    return {
      message: "Prices set to cost + margin",
      settings: toAdminView(await readSettingsFromDatabase(db, secretBox), config.contact),
    };
  });
}
