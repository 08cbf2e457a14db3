/** The signed-in user's API tokens (the /api page): list, create (full value once), delete, default. */
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/connect.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { serve } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import { apiTokensApi } from "../../../shared/api/api-tokens.js";
import { pageLocale } from "../../http/page-documents.js";
import type { Mailer } from "../mail/outbox.js";
import { createToken, DEFAULT_TOKEN_NAME, deleteToken, listTokens, revokeAllTokens } from "./service.js";

/** Creations (named or default) per user. */
export const DEFAULT_TOKEN_CREATION_RATE_LIMIT: RateLimitRule = { max: 30, windowMs: 60 * 60_000 };

export async function apiTokenRoutes(
  app: FastifyInstance,
  opts: { db: Db; mailer: Mailer; rateLimitStore: RateLimitStore; limits: { tokenCreation: RateLimitRule } },
): Promise<void> {
  const { db, mailer } = opts;
  const creations = new RateLimiter("token-creation", opts.limits.tokenCreation, opts.rateLimitStore);

  const countCreation = async (userId: string) => {
    const wait = await creations.hit(userId);
    if (wait) throw tooManyRequests(wait, "API tokens created");
  };

  serve(app, apiTokensApi.list, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    reply.header("cache-control", "private, no-store");
    return listTokens(db, user.id);
  });

  serve(app, apiTokensApi.create, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    await countCreation(user.id);
    const created = await createToken(db, mailer, user.id, request.body.name, { locale: pageLocale(request) });
    return reply.status(201).header("cache-control", "no-store").send(created);
  });

  serve(app, apiTokensApi.createDefault, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    await countCreation(user.id);
    const created = await createToken(db, mailer, user.id, DEFAULT_TOKEN_NAME, {
      onlyIfNone: true,
      locale: pageLocale(request),
    });
    return reply.status(201).header("cache-control", "no-store").send(created);
  });

  serve(app, apiTokensApi.delete, { access: "user" }, async (request) => {
    const user = requireUser(request);
    await deleteToken(db, user.id, request.params.id);
    return { message: "API token deleted" };
  });

  // "Revoke all" on the /api page: every token of the caller, nobody else's.
  serve(app, apiTokensApi.revokeAll, { access: "user" }, async (request) => {
    const user = requireUser(request);
    const revoked = await revokeAllTokens(db, user.id);
    return { message: `${revoked} API token${revoked === 1 ? "" : "s"} revoked`, revoked };
  });
}
