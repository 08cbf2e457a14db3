/**
 * GET/PUT /api/user/notices (the /my-account card) and the one-click unsubscribe of a notice's
 * link (RFC 8058; decision 0086): POST /api/mail/unsubscribe?u=&k=&t= needs no sign-in, since mail
 * clients call it from their own servers; the signature is the only authority, so it is a
 * "callback" route (no cookie is read, and a cross-site POST cannot do more than the link can).
 * A GET of that address never changes anything: it sends a browser to the /unsubscribe page.
 */
import type { FastifyInstance } from "fastify";
import { noticesApi } from "../../../shared/api/notices.js";
import { reasoned } from "../../../shared/error-reasons.js";
import type { Db } from "../../db/connect.js";
import { AppError, notFound } from "../../http/errors.js";
import { serve } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import { readUnsubscribe } from "../mail/unsubscribe.js";
import { readNotices, turnOffNotice, updateNotices } from "./preferences.js";

/** RFC 8058's body is one short field; anything much longer is not a mail client's. */
const UNSUBSCRIBE_BODY_LIMIT = 4096;

const INVALID_LINK =
  "This unsubscribe link is not valid: it may be cut short or changed. Turn notices off on My Account instead.";

export async function noticeRoutes(app: FastifyInstance, opts: { db: Db; unsubscribeKey: string }): Promise<void> {
  const { db } = opts;

  serve(app, noticesApi.preferences, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    reply.header("cache-control", "private, no-store");
    const preferences = await readNotices(db, user.id);
    if (!preferences) throw notFound();
    return preferences;
  });

  serve(app, noticesApi.updatePreferences, { access: "user" }, async (request) => {
    const user = requireUser(request);
    const preferences = await updateNotices(db, user.id, request.body);
    if (!preferences) throw notFound();
    return preferences;
  });

  serve(app, noticesApi.unsubscribePage, { access: "public" }, async (request, reply) => {
    const { u, k, t } = request.query;
    const query = new URLSearchParams({ u: u ?? "", k: k ?? "", t: t ?? "" });
    return reply.redirect(`/unsubscribe?${query.toString()}`, 303);
  });

  await app.register(async (scope) => {
    // Only this route: whatever a mail client sends (RFC 8058 asks for multipart/form-data or
    // application/x-www-form-urlencoded, holding List-Unsubscribe=One-Click), or JSON, or nothing,
    // is read up to the limit and set aside. The signed query decides, so no form parser is needed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, _body, done) => done(null, undefined));
    serve(
      scope,
      noticesApi.unsubscribe,
      { access: "callback", bodyLimit: UNSUBSCRIBE_BODY_LIMIT },
      async (request, reply) => {
        const link = readUnsubscribe(opts.unsubscribeKey, request.query);
        if (!link) throw new AppError("invalid_input", INVALID_LINK, reasoned("unsubscribe_link_invalid"));
        await turnOffNotice(db, link.userId, link.kind);
        reply.header("cache-control", "no-store");
        return { kind: link.kind, message: "This notice is off. Turn it back on on My Account." };
      },
    );
  });
}
