/**
 * Visitors' reports of Explore videos (issue 72, decision 0164): signed in or not, with a reason.
 * One report per reporter and video (the person's id, or a keyed hash of a signed-out visitor's
 * address: the table names no address); a second answers the same and writes nothing. Counted per
 * client address first (429), and signed-out visitors prove they are people while the site's
 * CAPTCHA is on (decision 0091). The admin's Explore tab reads them (admin-service.ts).
 */
import crypto from "node:crypto";
import net from "node:net";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { exploreReports, videoTasks } from "../../db/schema.js";
import { notFound } from "../../http/errors.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { CAPTCHA_ACTIONS } from "../../../shared/schemas/sign-up-protection.js";
import type { ExploreReportInput } from "../../../shared/schemas/explore.js";
import type { CaptchaCheck } from "../sign-up-protection/captcha.js";
import type { Settings } from "../settings/service.js";
import { listedInExplore } from "../videos/explore-visibility.js";
import { VIDEO_NOT_FOUND } from "./feed.js";

/** Reports from one client address: enough for a person, too few to flood the admin's tab. */
const EXPLORE_REPORT_RATE_LIMIT: RateLimitRule = { max: 10, windowMs: 3_600_000 };
const REPORTED = "Thank you. The site's admins will look at this video.";

export interface ReportDeps {
  db: Db;
  readSettings(): Promise<Pick<Settings, "exploreMode">>;
  captcha: Pick<CaptchaCheck, "require">;
  /** The key of the addresses' hashes (SecretBox.derive), so the table names no address. */
  addressKey: string;
  limiter: RateLimiter;
}

export function exploreReportLimiter(store: RateLimitStore, rule = EXPLORE_REPORT_RATE_LIMIT): RateLimiter {
  return new RateLimiter("explore-report", rule, store);
}

/**
 * A client address as one reporter: an IPv4 address as it is, an IPv6 address by its /64 (what one
 * household or host is given, so a visitor does not become many by changing its last bits).
 */
function reporterAddress(ip: string): string {
  const v4 = ip.startsWith("::ffff:") && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (!net.isIPv6(v4)) return v4;
  const [head = "", tail = ""] = v4.toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || "0", 16).toString(16))
    .join(":")}::/64`;
}

/** Who reports: a signed-in person by their id; a visitor by an HMAC of their address. */
function reporterKey(addressKey: string, ip: string, userId: string | undefined): string {
  if (userId) return `user:${userId}`;
  return `address:${crypto.createHmac("sha256", addressKey).update(reporterAddress(ip)).digest("base64url")}`;
}

/** POST /api/explore/:id/reports. */
export async function reportVideo(
  deps: ReportDeps,
  shareId: string,
  input: ExploreReportInput,
  reporter: { ip: string; userId: string | undefined },
): Promise<{ message: string }> {
  const wait = await deps.limiter.hit(reporterAddress(reporter.ip));
  if (wait) throw tooManyRequests(wait, "reports");
  const { exploreMode } = await deps.readSettings();
  const [video] =
    exploreMode === "off"
      ? []
      : await deps.db
          .select({ id: videoTasks.id })
          .from(videoTasks)
          .where(and(eq(videoTasks.shareId, shareId), listedInExplore))
          .limit(1);
  if (!video) throw notFound(VIDEO_NOT_FOUND);
  if (!reporter.userId)
    await deps.captcha.require(input.captchaToken, {
      ip: reporter.ip,
      action: CAPTCHA_ACTIONS.exploreReport,
      missing: "captcha_required",
    });
  // Once per reporter and video: a repeat (or two at once) finds the first and writes nothing.
  await deps.db
    .insert(exploreReports)
    .values({
      videoTaskId: video.id,
      reason: input.reason,
      details: input.details ? input.details : null,
      reporterUserId: reporter.userId ?? null,
      reporterKey: reporterKey(deps.addressKey, reporter.ip, reporter.userId),
    })
    .onConflictDoNothing({ target: [exploreReports.videoTaskId, exploreReports.reporterKey] });
  return { message: REPORTED };
}
