/**
 * The referral programme's routes (issue 70, decision 0157): the link `/r/<code>` (a redirect that
 * seals the visit in a cookie when the code is someone's and the programme is on), a person's own
 * figures on /my-account, and the admin's settings and figures (registered in the admin scope).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.js";
import { users } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import { requireUser } from "../../http/session-auth.js";
import type { ContactConfig } from "../../config.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { adminReferralsApi } from "../../../shared/api/admin-referrals.js";
import { referralsApi } from "../../../shared/api/referrals.js";
import { auditActor } from "../audit/audit-log.js";
import { readSettingsFromDatabase, toAdminView, updateSettingsAudited } from "../settings/service.js";
import { setReferralCookie } from "./referral-cookie.js";
import { ensureReferralCode, normalisedCode } from "./referral-code.js";
import { readReferralSettings } from "./referral-settings.js";
import { releaseDueRewardsOf } from "./rewards.js";
import { adminReferralFigures, adminUserReferrals, myReferralFigures, termsOf } from "./stats.js";

interface Deps {
  db: Db;
  secretBox: SecretBox;
  config: { publicUrl: string; secureCookies: boolean };
}

/** Where a link's visitor lands: the landing page, which leads to sign-up. */
const LANDING = "/";

export async function referralRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, secretBox, config } = deps;

  serve(app, referralsApi.visit, { access: "public" }, async (request, reply) => {
    const settings = await readReferralSettings(db);
    const code = normalisedCode(request.params.code);
    if (settings.referralEnabled && code) {
      const [owner] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.referralCode, code), isNull(users.deletedAt), eq(users.isActive, true)));
      // A newer visit of another link replaces an older one: the last link followed counts.
      if (owner)
        setReferralCookie(
          reply,
          secretBox,
          { code, visitedAt: new Date() },
          {
            secure: config.secureCookies,
            days: settings.referralAttributionDays,
          },
        );
    }
    reply.header("cache-control", "no-store");
    return reply.redirect(LANDING, 302);
  });

  serve(app, referralsApi.mine, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    const settings = await readReferralSettings(db);
    reply.header("cache-control", "no-store");
    const terms = termsOf(settings);
    if (!settings.referralEnabled)
      return { enabled: false, code: null, link: null, joined: 0, bought: 0, earnedCredits: 0, heldCredits: 0, terms };
    const code = await ensureReferralCode(db, user.id);
    await releaseDueRewardsOf(db, user.id);
    return {
      enabled: true,
      code,
      link: `${config.publicUrl}/r/${code}`,
      ...(await myReferralFigures(db, user.id)),
      terms,
    };
  });
}

export async function adminReferralRoutes(
  app: FastifyInstance,
  deps: Deps & { config: { contact: ContactConfig } },
): Promise<void> {
  const { db, secretBox, config } = deps;

  serve(app, adminReferralsApi.updateSettings, STEP_UP, async (request) => {
    await updateSettingsAudited(db, secretBox, request.body, auditActor(request), "settings.update", {
      card: "referrals",
    });
    return {
      message: "Referral settings updated",
      settings: toAdminView(await readSettingsFromDatabase(db, secretBox), config.contact),
    };
  });

  serve(app, adminReferralsApi.summary, {}, async (request) =>
    adminReferralFigures(db, await readReferralSettings(db), request.query.days ?? 30),
  );

  serve(app, adminReferralsApi.user, {}, async (request) => {
    const { userId } = request.params;
    const found = z.uuid().safeParse(userId).success ? await adminUserReferrals(db, userId) : undefined;
    if (!found) throw notFound("User not found");
    return found;
  });
}
