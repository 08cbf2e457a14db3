/** GET /api/user/export (decision 0087): leaving with one's data. */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Readable } from "node:stream";
import { leavingApi } from "../../../shared/api/leaving.js";
import { DATA_EXPORTS_PER_HOUR } from "../../../shared/schemas/leaving.js";
import type { Db } from "../../db/connect.js";
import { RateLimiter, tooManyRequests, type RateLimitStore } from "../../http/rate-limit.js";
import { serve } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import type { VideoUrlSigner } from "../videos/video-files.js";
import { dataExportStream, exportFileName, exportProfile } from "./data-export.js";

/** The export as an attachment, sent as it is written. */
function sendExport(reply: FastifyReply, fileName: string, file: Readable): FastifyReply {
  return reply
    .header("content-type", "application/json; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "private, no-store")
    .send(file);
}

export async function leavingRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    config: { publicUrl: string };
    rateLimitStore: RateLimitStore;
    videoUrls: VideoUrlSigner;
  },
): Promise<void> {
  const exports = new RateLimiter(
    "data-export",
    { max: DATA_EXPORTS_PER_HOUR, windowMs: 60 * 60_000 },
    opts.rateLimitStore,
  );

  serve(app, leavingApi.exportData, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    const wait = await exports.hit(user.id);
    if (wait) throw tooManyRequests(wait, "data downloads");
    const profile = await exportProfile(opts.db, user.id);
    return sendExport(reply, exportFileName(profile.username), dataExportStream(opts, profile));
  });
}
