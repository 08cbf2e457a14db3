/** The signed-in user's API tokens (the /api page): list, create (full value once), delete, default. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.js";
import { parseInput } from "../../http/errors.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { requireUser } from "../../http/session-auth.js";
import { createTokenSchema, type RevokedApiTokens } from "../../../shared/automation.js";
import { createToken, DEFAULT_TOKEN_NAME, deleteToken, listTokens, revokeAllTokens } from "./service.js";

/** Creations (named or default) per user. */
export const DEFAULT_TOKEN_CREATION_RATE_LIMIT: RateLimitRule = { max: 30, windowMs: 60 * 60_000 };

const idParam = z.object({ id: z.uuid({ error: "Invalid token id" }) });

export async function apiTokenRoutes(app: FastifyInstance, opts: { db: Db; rateLimitStore: RateLimitStore; creationRateLimit: RateLimitRule }): Promise<void> {
  const { db } = opts;
  const creations = new RateLimiter("token-creation", opts.creationRateLimit, opts.rateLimitStore);

  const countCreation = async (userId: string) => {
    const wait = await creations.hit(userId);
    if (wait) throw tooManyRequests(wait, "API tokens created");
  };

  app.get("/api/user-tokens", { config: { access: "user" } }, async (request, reply) => {
    const user = requireUser(request);
    reply.header("cache-control", "private, no-store");
    return listTokens(db, user.id);
  });

  app.post("/api/user-tokens", { config: { access: "user" } }, async (request, reply) => {
    const user = requireUser(request);
    const { name } = parseInput(createTokenSchema, request.body);
    await countCreation(user.id);
    const created = await createToken(db, user.id, name);
    return reply.status(201).header("cache-control", "no-store").send(created);
  });

  app.post("/api/user-tokens/default", { config: { access: "user" } }, async (request, reply) => {
    const user = requireUser(request);
    await countCreation(user.id);
    const created = await createToken(db, user.id, DEFAULT_TOKEN_NAME, { onlyIfNone: true });
    return reply.status(201).header("cache-control", "no-store").send(created);
  });

  app.delete("/api/user-tokens/:id", { config: { access: "user" } }, async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(idParam, request.params);
    await deleteToken(db, user.id, id);
    return { message: "API token deleted" };
  });

  // "Revoke all" on the /api page: every token of the caller, nobody else's.
  app.delete("/api/user-tokens", { config: { access: "user" } }, async (request): Promise<RevokedApiTokens> => {
    const user = requireUser(request);
    const revoked = await revokeAllTokens(db, user.id);
    return { message: `${revoked} API token${revoked === 1 ? "" : "s"} revoked`, revoked };
  });
}
