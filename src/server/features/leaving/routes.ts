/** GET /api/user/export and POST /api/user/delete (decision 0087): leaving with one's data. */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Readable } from "node:stream";
import { leavingApi } from "../../../shared/api/leaving.js";
import { DATA_EXPORTS_PER_HOUR } from "../../../shared/schemas/leaving.js";
import type { Db } from "../../db/connect.js";
import { pageLocale } from "../../http/page-documents.js";
import { RateLimiter, tooManyRequests, type RateLimitStore } from "../../http/rate-limit.js";
import { serve } from "../../http/route-contract.js";
import { clearSessionCookie, requireUser, sessionCookieValue } from "../../http/session-auth.js";
import type { UploadStore } from "../../integrations/storage/uploads.js";
import type { VideoStore } from "../../integrations/storage/video-store.js";
import type { Mailer } from "../mail/outbox.js";
import type { VideoUrlSigner } from "../videos/video-files.js";
import { deleteAccount } from "./account-deletion.js";
import { dataExportStream, exportFileName, exportProfile } from "./data-export.js";

/** The export as an attachment, sent as it is written. */
function sendExport(reply: FastifyReply, fileName: string, file: Readable): FastifyReply {
  return reply
    .header("content-type", "application/json; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "private, no-store")
    .send(file);
}

/** Attempts to delete with a password, per person: as many as a username's failed sign-ins (decision 0035). */
const DELETE_ATTEMPTS = { max: 10, windowMs: 15 * 60_000 };

export async function leavingRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    config: { publicUrl: string; secureCookies: boolean };
    rateLimitStore: RateLimitStore;
    videoUrls: VideoUrlSigner;
    videoStore: VideoStore;
    uploads: UploadStore;
    mailer: Mailer;
  },
): Promise<void> {
  const exports = new RateLimiter(
    "data-export",
    { max: DATA_EXPORTS_PER_HOUR, windowMs: 60 * 60_000 },
    opts.rateLimitStore,
  );
  const deleteAttempts = new RateLimiter("account-delete", DELETE_ATTEMPTS, opts.rateLimitStore);

  serve(app, leavingApi.exportData, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    const wait = await exports.hit(user.id);
    if (wait) throw tooManyRequests(wait, "data downloads");
    const profile = await exportProfile(opts.db, user.id);
    return sendExport(reply, exportFileName(profile.username), dataExportStream(opts, profile));
  });

  serve(app, leavingApi.deleteAccount, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    const { usernameHeldUntil } = await deleteAccount(
      opts,
      {
        userId: user.id,
        sessionToken: sessionCookieValue(request),
        input: request.body,
        locale: pageLocale(request),
        ip: request.ip ?? null,
        // Counted before the password is checked, as a sign-in's failures are: parallel guesses cannot pass together.
        countAttempt: async () => {
          const wait = await deleteAttempts.hit(user.id);
          if (wait) throw tooManyRequests(wait, "attempts to delete this account");
        },
      },
      request.log,
    );
    clearSessionCookie(reply, opts.config.secureCookies);
    return { message: "Account deleted", usernameHeldUntil: usernameHeldUntil.toISOString() };
  });
}
