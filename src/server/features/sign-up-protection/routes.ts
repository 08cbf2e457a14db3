/**
 * Sign-ups that bots cannot farm (decision 0091): what the forms need to show Turnstile (public),
 * and the admin's Sign-ups card (registered in the admin scope, under /api/admin).
 */
import type { FastifyInstance } from "fastify";
import { signUpProtectionApi } from "../../../shared/api/sign-up-protection.js";
import type { ContactConfig } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { auditActor } from "../audit/audit-log.js";
import { readSettingsFromDatabase, toAdminView, updateSettingsAudited } from "../settings/service.js";
import type { CaptchaCheck } from "./captcha.js";

/** A sensitive admin action: a fresh second-factor check first (decision 0092). */

export async function captchaRoutes(app: FastifyInstance, opts: { captcha: CaptchaCheck }): Promise<void> {
  serve(app, signUpProtectionApi.captcha, { access: "public" }, async (_request, reply) => {
    // Read when a form opens; the admin's change shows at the next form.
    reply.header("cache-control", "no-store");
    return opts.captcha.config();
  });
}

export async function adminSignUpSettingsRoutes(
  app: FastifyInstance,
  opts: { db: Db; secretBox: SecretBox; config: { contact: ContactConfig } },
): Promise<void> {
  const { db, secretBox, config } = opts;
  serve(app, signUpProtectionApi.update, STEP_UP, async (request) => {
    await updateSettingsAudited(db, secretBox, request.body, auditActor(request), "sign_ups.update");
    return {
      message: "Sign-up settings updated",
      settings: toAdminView(await readSettingsFromDatabase(db, secretBox), config.contact),
    };
  });
}
