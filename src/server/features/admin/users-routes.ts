/**
 * Users on /admin (decision 0052): the paged list, a user's page with their videos, and the
 * actions on a user (toggle, credits, sign out everywhere, revoke a token), each audited.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminUserActionSchema,
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserParams,
  adminUserSavedSchema,
  adminUserTokenParams,
  adminUserVideosPageSchema,
  adminUserVideosQuerySchema,
  setCreditsSchema,
  toggleUserSchema,
} from "../../../shared/schemas/admin-users.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { notFound } from "../../http/errors.js";
import { errors } from "../../http/route-contract.js";
import { auditActor } from "../audit/audit-log.js";
import { signedUntil, type VideoUrlSigner } from "../videos/video-files.js";
import { getUserDetail, listUserVideos, revokeUserToken, signOutEverywhere } from "./user-detail-service.js";
import { listUsers, setUserActive, setUserCredits } from "./users-service.js";

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
  opts: { db: Db; videoUrls: VideoUrlSigner; config: Config },
): Promise<void> {
  const { db, videoUrls, config } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/users",
    {
      schema: {
        tags: ["Admin"],
        summary: "Users, a page at a time: searched, filtered and sorted",
        description:
          "The body is an array of users (the first 50 by default). `X-Total-Count` says how many match the filters " +
          "(a search counts up to 10,000 and then adds `X-Total-Count-Capped: true`); " +
          '`Link: <...>; rel="next"` gives the next page\'s URL while there is one.',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await listUsers(db, request.query);
      reply.header("cache-control", "private, no-store").header("x-total-count", String(page.total));
      if (page.capped) reply.header("x-total-count-capped", "true");
      if (page.nextCursor) reply.header("link", `<${nextPageUrl(request, page.nextCursor)}>; rel="next"`);
      return page.users;
    },
  );

  api.get(
    "/users/:userId",
    {
      preValidation: idsNameRows,
      schema: {
        tags: ["Admin"],
        summary: "A user's page: profile, balance, API tokens, sessions and payment orders",
        params: adminUserParams,
        response: { 200: adminUserDetailSchema, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return getUserDetail(db, request.params.userId);
    },
  );

  api.get(
    "/users/:userId/videos",
    {
      preValidation: idsNameRows,
      schema: {
        tags: ["Admin"],
        summary: "A user's videos, newest first, 20 a page (deleted ones included, without links)",
        params: adminUserParams,
        querystring: adminUserVideosQuerySchema,
        response: { 200: adminUserVideosPageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      const until = signedUntil(ADMIN_LINK_SECONDS);
      return listUserVideos(db, request.params.userId, request.query.page, (url) =>
        videoUrls.sign(url, config.publicUrl, until),
      );
    },
  );

  api.put(
    "/users/:userId/toggle",
    {
      preValidation: idsNameRows,
      schema: {
        tags: ["Admin"],
        summary: "Enable or disable a user (disabling ends their sessions)",
        params: adminUserParams,
        body: toggleUserSchema,
        response: { 200: adminUserSavedSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = await setUserActive(db, auditActor(request), request.params.userId, request.body.isActive);
      return { message: "User updated", user };
    },
  );

  api.put(
    "/users/:userId/credits",
    {
      preValidation: idsNameRows,
      schema: {
        tags: ["Admin"],
        summary: "Set a user's balance (the difference is recorded as an adjustment)",
        params: adminUserParams,
        body: setCreditsSchema,
        response: { 200: adminUserSavedSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = await setUserCredits(db, auditActor(request), request.params.userId, request.body.credits);
      return { message: "Credits updated", user };
    },
  );

  api.delete(
    "/users/:userId/sessions",
    {
      preValidation: idsNameRows,
      schema: {
        tags: ["Admin"],
        summary: "Sign a user out everywhere (every session ends; they sign in again)",
        params: adminUserParams,
        response: { 200: adminUserActionSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const ended = await signOutEverywhere(db, auditActor(request), request.params.userId);
      return { message: ended === 1 ? "1 session ended" : `${ended} sessions ended` };
    },
  );

  api.delete(
    "/users/:userId/api-tokens/:tokenId",
    {
      preValidation: idsNameRows,
      schema: {
        tags: ["Admin"],
        summary: "Revoke one of a user's API tokens (automations using it get 401)",
        params: adminUserTokenParams,
        response: { 200: adminUserActionSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      await revokeUserToken(db, auditActor(request), request.params.userId, request.params.tokenId);
      return { message: "API token revoked" };
    },
  );
}
