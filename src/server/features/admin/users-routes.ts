/**
 * Users on /admin (decision 0052): the paged list, a user's page with their videos and why they
 * cannot sign in, and the actions on a user (toggle, credits, sign out everywhere, revoke a token,
 * a password-reset link to their address; decision 0146), each audited.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { adminUsersApi } from "../../../shared/api/admin-users.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { notFound } from "../../http/errors.js";
import { RateLimiter, type RateLimitStore } from "../../http/rate-limit.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import { auditActor } from "../audit/audit-log.js";
import type { AuthRateLimits } from "../auth/routes.js";
import { failedSignInLimiter, resetLinksPerAccountLimiter } from "../auth/sign-in-conditions.js";
import { chooseMailServer, mailEnvironmentOf } from "../mail/mail-server.js";
import type { Mailer } from "../mail/outbox.js";
import type { Settings } from "../settings/service.js";
import { signedUntil, type VideoUrlSigner } from "../videos/video-files.js";
import { getUserDetail, listUserVideos, revokeUserToken, signOutEverywhere } from "./user-detail-service.js";
import { changeUserCredits, listUsers, setUserActive, setUserInFlightLimit } from "./users-service.js";
import { sendPasswordResetLink } from "./user-password-reset.js";

/** Links on the user's page last a day: long enough to watch, short enough not to be a share. */
const ADMIN_LINK_SECONDS = 24 * 3600;
/** Reset links an admin sends one account: one a minute (a second click sends nothing more). */
const ADMIN_RESET_LINKS_PER_MINUTE = { max: 1, windowMs: 60_000 };

/** A malformed id cannot name a user (or token): 404 (not a database error), before the body is looked at. */
async function idsNameRows(request: FastifyRequest): Promise<void> {
  const { userId, tokenId } = request.params as { userId?: unknown; tokenId?: unknown };
  if (!z.uuid().safeParse(userId).success) throw notFound("User not found");
  if (tokenId !== undefined && !z.uuid().safeParse(tokenId).success) throw notFound("API token not found");
}

/** The query of this page with the next cursor: where the Link header points. */
function nextPageUrl(request: FastifyRequest, cursor: string): string {
  const url = new URL(request.url, "http://localhost");
  url.searchParams.set("cursor", cursor);
  return `${url.pathname}?${url.searchParams.toString()}`;
}

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminUserRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    videoUrls: VideoUrlSigner;
    config: Config;
    readSettings: () => Promise<Settings>;
    mailer: Mailer;
    rateLimitStore: RateLimitStore;
    limits: { auth: AuthRateLimits };
  },
): Promise<void> {
  const { db, videoUrls, mailer, rateLimitStore: store } = opts;
  const rowIds = { preValidation: idsNameRows };
  const failedSignIns = failedSignInLimiter(opts.limits.auth.loginFailuresPerUsername, store);
  const resetLinks = {
    perMinute: new RateLimiter("admin-reset-link", ADMIN_RESET_LINKS_PER_MINUTE, store),
    perAccount: resetLinksPerAccountLimiter(opts.limits.auth.passwordResetPerAccount, store),
  };

  serve(app, adminUsersApi.list, {}, async (request, reply) => {
    const page = await listUsers(db, request.query);
    reply.header("cache-control", "private, no-store").header("x-total-count", String(page.total));
    if (page.capped) reply.header("x-total-count-capped", "true");
    if (page.nextCursor) reply.header("link", `<${nextPageUrl(request, page.nextCursor)}>; rel="next"`);
    return page.users;
  });

  serve(app, adminUsersApi.get, rowIds, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    const { moderationRefusalsFlag } = await opts.readSettings();
    return getUserDetail(db, request.params.userId, moderationRefusalsFlag, {
      readSettings: opts.readSettings,
      failedSignIns,
    });
  });

  serve(app, adminUsersApi.videos, rowIds, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    const until = signedUntil(ADMIN_LINK_SECONDS);
    return listUserVideos(db, request.params.userId, request.query.page, (url) =>
      // Relative: the admin page plays them from whichever host name it was opened on.
      videoUrls.sign(url, "", until),
    );
  });

  // Enabling an account lets someone in, disabling one locks its person out, and signing someone
  // out everywhere ends their way back: each asks for a recent second factor (decision 0129).
  const rowIdsStepUp = { ...rowIds, ...STEP_UP };
  serve(app, adminUsersApi.toggle, rowIdsStepUp, async (request) => {
    const user = await setUserActive(db, auditActor(request), request.params.userId, request.body.isActive);
    return { message: "User updated", user };
  });

  serve(app, adminUsersApi.setInFlightLimit, rowIds, async (request) => {
    const { userId } = request.params;
    const user = await setUserInFlightLimit(db, auditActor(request), userId, request.body.maxVideosInFlight);
    return { message: "Limit updated", user };
  });

  serve(app, adminUsersApi.changeCredits, rowIdsStepUp, async (request) => {
    const user = await changeUserCredits(db, auditActor(request), request.params.userId, request.body);
    return { message: "Credits updated", user };
  });

  serve(app, adminUsersApi.signOutEverywhere, rowIdsStepUp, async (request) => {
    const ended = await signOutEverywhere(db, auditActor(request), request.params.userId);
    return { message: ended === 1 ? "1 session ended" : `${ended} sessions ended` };
  });

  // Sends to the account's own address and shows the admin nothing: no step-up (decisions 0130, 0146).
  serve(app, adminUsersApi.sendPasswordReset, rowIds, async (request) => {
    const to = await sendPasswordResetLink(db, mailer, resetLinks, auditActor(request), request.params.userId);
    if (chooseMailServer(await opts.readSettings(), mailEnvironmentOf(opts.config)).server === null)
      return {
        outcome: "kept" as const,
        message: "No mail server is set: the link waits in the outbox, hidden. Set a mail server so it reaches them.",
      };
    return { outcome: "queued" as const, message: `A password-reset link is on its way to ${to}` };
  });

  serve(app, adminUsersApi.revokeToken, rowIds, async (request) => {
    await revokeUserToken(db, auditActor(request), request.params.userId, request.params.tokenId);
    return { message: "API token revoked" };
  });
}
