/** The signed-in user's API tokens (the /api page): list, create (full value once), delete, default. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/connect.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { errors } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import { createTokenSchema } from "../../../shared/automation.js";
import {
  apiTokenDeletedSchema,
  apiTokenIdParams,
  apiTokenListSchema,
  createdApiTokenSchema,
  revokedApiTokensSchema,
} from "../../../shared/schemas/api-tokens.js";
import { createToken, DEFAULT_TOKEN_NAME, deleteToken, listTokens, revokeAllTokens } from "./service.js";

/** Creations (named or default) per user. */
export const DEFAULT_TOKEN_CREATION_RATE_LIMIT: RateLimitRule = { max: 30, windowMs: 60 * 60_000 };

export async function apiTokenRoutes(
  app: FastifyInstance,
  opts: { db: Db; rateLimitStore: RateLimitStore; limits: { tokenCreation: RateLimitRule } },
): Promise<void> {
  const { db } = opts;
  const creations = new RateLimiter("token-creation", opts.limits.tokenCreation, opts.rateLimitStore);

  const countCreation = async (userId: string) => {
    const wait = await creations.hit(userId);
    if (wait) throw tooManyRequests(wait, "API tokens created");
  };

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/user-tokens",
    {
      config: { access: "user" },
      schema: {
        tags: ["Account"],
        summary: "The signed-in user's API tokens, masked",
        response: { 200: apiTokenListSchema, ...errors(401) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header("cache-control", "private, no-store");
      return listTokens(db, user.id);
    },
  );

  api.post(
    "/api/user-tokens",
    {
      config: { access: "user" },
      schema: {
        tags: ["Account"],
        summary: "Create a named API token (the only answer with its full value)",
        body: createTokenSchema,
        response: { 201: createdApiTokenSchema, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await countCreation(user.id);
      const created = await createToken(db, user.id, request.body.name);
      return reply.status(201).header("cache-control", "no-store").send(created);
    },
  );

  api.post(
    "/api/user-tokens/default",
    {
      config: { access: "user" },
      schema: {
        tags: ["Account"],
        summary: 'Create the token named "Default", for a user who has none',
        response: { 201: createdApiTokenSchema, ...errors(401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await countCreation(user.id);
      const created = await createToken(db, user.id, DEFAULT_TOKEN_NAME, { onlyIfNone: true });
      return reply.status(201).header("cache-control", "no-store").send(created);
    },
  );

  api.delete(
    "/api/user-tokens/:id",
    {
      config: { access: "user" },
      schema: {
        tags: ["Account"],
        summary: "Delete one of the signed-in user's API tokens",
        params: apiTokenIdParams,
        response: { 200: apiTokenDeletedSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await deleteToken(db, user.id, request.params.id);
      return { message: "API token deleted" };
    },
  );

  // "Revoke all" on the /api page: every token of the caller, nobody else's.
  api.delete(
    "/api/user-tokens",
    {
      config: { access: "user" },
      schema: {
        tags: ["Account"],
        summary: "Revoke (delete) every API token of the signed-in user",
        response: { 200: revokedApiTokensSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const revoked = await revokeAllTokens(db, user.id);
      return { message: `${revoked} API token${revoked === 1 ? "" : "s"} revoked`, revoked };
    },
  );
}
