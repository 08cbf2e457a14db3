/**
 * Users on /admin (decision 0052): the paged list, a user's page with their videos, and the
 * actions on a user (toggle, credits, sign out everywhere, revoke a token), each audited.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { adminUsersApi } from "../../../shared/api/admin-users.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { notFound } from "../../http/errors.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import { auditActor } from "../audit/audit-log.js";
import type { Settings } from "../settings/service.js";
import { signedUntil, type VideoUrlSigner } from "../videos/video-files.js";
import { getUserDetail, listUserVideos, revokeUserToken, signOutEverywhere } from "./user-detail-service.js";
import { changeUserCredits, listUsers, setUserActive, setUserInFlightLimit } from "./users-service.js";

/** Links on the user's page last a day: long enough to watch, short enough not to be a share. */
const ADMIN_LINK_SECONDS = 24 * 3600;

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
  opts: { db: Db; videoUrls: VideoUrlSigner; config: Config; readSettings(): Promise<Settings> },
): Promise<void> {
  const { db, videoUrls } = opts;
  const rowIds = { preValidation: idsNameRows };

  serve(app, adminUsersApi.list, {}, async (request, reply) => {
    const page = await listUsers(db, request.query);
    reply.header("cache-control", "private, no-store").header("x-total-count", String(page.total));
    if (page.capped) reply.header("x-total-count-capped", "true");
    if (page.nextCursor) reply.header("link", `<${nextPageUrl(request, page.nextCursor)}>; rel="next"`);
    return page.users;
  });

  serve(app, adminUsersApi.get, rowIds, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    return getUserDetail(db, request.params.userId, (await opts.readSettings()).moderationRefusalsFlag);
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

  serve(app, adminUsersApi.revokeToken, rowIds, async (request) => {
    await revokeUserToken(db, auditActor(request), request.params.userId, request.params.tokenId);
    return { message: "API token revoked" };
  });
}
