/** The admin's settings (the /admin page): GET and PUT /api/admin/settings, secrets only masked. */
import type { FastifyInstance } from "fastify";
import { adminPaymentChecksApi } from "../../../shared/api/admin-payment-checks.js";
import { adminSettingsApi } from "../../../shared/api/admin-settings.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { isMaskedSecret } from "../../../shared/mask.js";
import { auditActor } from "../audit/audit-log.js";
import { kieKeyChecker } from "./kie-key-check.js";
import { paymentKeyChecker } from "./payment-key-check.js";
import { paymentKeyChecks } from "./payment-key-checks-log.js";
import { tryPaymentKeys } from "./try-payment-keys.js";
import { readSettingsFromDatabase, toAdminView, updateSettingsAudited } from "./service.js";

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
/** A sensitive admin action: a fresh second-factor check first (decision 0092). */

export async function adminSettingsRoutes(
  app: FastifyInstance,
  opts: { db: Db; secretBox: SecretBox; config: Config; simulatorFiles: { baseUrl: string } },
): Promise<void> {
  const { db, secretBox, config } = opts;
  const keyChecker = kieKeyChecker(config, opts.simulatorFiles.baseUrl);
  const paymentChecker = paymentKeyChecker(config);

  serve(app, adminSettingsApi.get, {}, async () =>
    toAdminView(await readSettingsFromDatabase(db, secretBox), config.contact),
  );

  serve(app, adminPaymentChecksApi.get, {}, async () =>
    paymentKeyChecks(db, await readSettingsFromDatabase(db, secretBox)),
  );

  serve(app, adminSettingsApi.update, STEP_UP, async (request) => {
    // New keys are tried first (decisions 0074, 0145): one a provider refuses, or that cannot be
    // tried, is not saved, nor is anything else of the change.
    const { kieToken } = request.body;
    if (kieToken && kieToken.trim() !== "" && !isMaskedSecret(kieToken)) await keyChecker.check(kieToken.trim());
    const stored = await readSettingsFromDatabase(db, secretBox);
    const keyChecks = await tryPaymentKeys(paymentChecker, stored, request.body);
    await updateSettingsAudited(
      db,
      secretBox,
      request.body,
      auditActor(request),
      "settings.update",
      keyChecks ? { keyChecks } : {},
    );
    return {
      message: "Settings updated",
      settings: toAdminView(await readSettingsFromDatabase(db, secretBox), config.contact),
    };
  });
}
