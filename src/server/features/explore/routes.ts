/**
 * Explore's API (issue 72, decision 0164): the public feed, a listed video's remix details and
 * visitors' reports for everyone; under /api/admin (registered in the admin scope,
 * http/admin-scope.ts) the admin's list and actions. Publishing is the owner's sharing route
 * (videos/share-routes.ts); the mode is a setting (PUT /api/admin/settings, exploreMode).
 */
import type { FastifyInstance } from "fastify";
import type { SessionRow } from "../../identity/sessions.js";
import type { FreshCache } from "../../events/fresh-cache.js";
import type { RateLimitStore } from "../../http/rate-limit.js";
import { serve } from "../../http/route-contract.js";
import { loadSessionUser } from "../../http/session-auth.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { VideoStore } from "../../integrations/storage/video-store.js";
import { exploreApi } from "../../../shared/api/explore.js";
import { auditActor } from "../audit/audit-log.js";
import type { CaptchaCheck } from "../sign-up-protection/captcha.js";
import { actOnExploreVideo, readAdminExplore } from "./admin-service.js";
import { readExploreVideo, readFeed, type ExploreDeps } from "./feed.js";
import { exploreReportLimiter, reportVideo } from "./reports.js";

/**
 * Shared caches may keep the feed and a video's details this long: visitors' pages come from the
 * cache, and a video hidden, unpublished or deleted is gone from them within a minute (its video
 * link, bound to the share, ends at once when it is unshared or deleted).
 */
const EXPLORE_CACHE_CONTROL = "public, max-age=60";

export interface ExploreRouteDeps extends ExploreDeps {
  caches: { sessions: FreshCache<SessionRow> };
  rateLimitStore: RateLimitStore;
  secretBox: SecretBox;
  captcha: CaptchaCheck;
}

export async function exploreRoutes(app: FastifyInstance, deps: ExploreRouteDeps): Promise<void> {
  const reports = {
    db: deps.db,
    readSettings: () => deps.readSettings(),
    captcha: deps.captcha,
    addressKey: deps.secretBox.derive("explore-reporters"),
    limiter: exploreReportLimiter(deps.rateLimitStore),
  };

  serve(app, exploreApi.feed, { access: "public" }, async (request, reply) => {
    const feed = await readFeed(deps, request.query);
    reply.header("cache-control", EXPLORE_CACHE_CONTROL);
    return feed;
  });

  serve(app, exploreApi.video, { access: "public" }, async (request, reply) => {
    const video = await readExploreVideo(deps, request.params.id);
    reply.header("cache-control", EXPLORE_CACHE_CONTROL);
    return video;
  });

  serve(app, exploreApi.report, { access: "public" }, async (request) => {
    // Signed in or not: a session, when there is one, makes the person the reporter.
    await loadSessionUser(request, deps.db, deps.caches.sessions);
    return reportVideo(reports, request.params.id, request.body, {
      ip: request.ip,
      userId: request.user?.id,
    });
  });
}

/** Admin only: the scope demands an admin (401 signed out, 403 otherwise). */
export async function adminExploreRoutes(
  app: FastifyInstance,
  deps: ExploreDeps & { videoStore: VideoStore },
): Promise<void> {
  serve(app, exploreApi.adminList, {}, async (request) => readAdminExplore(deps, request.query));
  serve(app, exploreApi.adminAct, {}, async (request) =>
    actOnExploreVideo(deps, request.params.taskId, request.body, auditActor(request), request.log),
  );
}
