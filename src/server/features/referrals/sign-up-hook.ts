/**
 * What the sign-up routes call once an account is made (decision 0157): the visit sealed in this
 * browser, if any and inside the attribution window, becomes the new person's referral; the cookie
 * is then spent, so a second account made in the same browser is nobody's referral.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/connect.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { attributeSignUp, type Attribution } from "./attribution.js";
import { readReferralCookie, REFERRAL_COOKIE } from "./referral-cookie.js";
import { readReferralSettings } from "./referral-settings.js";

export async function referFromVisit(
  deps: { db: Db; secretBox: SecretBox },
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<Attribution | undefined> {
  if (!request.cookies[REFERRAL_COOKIE]) return undefined;
  const settings = await readReferralSettings(deps.db);
  const visit = readReferralCookie(request, deps.secretBox, settings.referralAttributionDays);
  reply.clearCookie(REFERRAL_COOKIE, { path: "/" });
  if (!visit) return undefined;
  // The account is made: a referral that cannot be recorded is logged, never a failed sign-up.
  const outcome = await attributeSignUp(deps.db, settings, { userId, clientAddress: request.ip, visit }).catch(
    (err: unknown) => {
      request.log.error({ err, userId }, "Referral sign-up could not be recorded");
      return undefined;
    },
  );
  if (outcome?.kind === "refused")
    request.log.info({ userId, reason: outcome.reason }, "Referral sign-up refused as a look-alike of its referrer");
  return outcome;
}
