/** Users on /admin: GET /api/admin/users, PUT /api/admin/users/{userId}/toggle and /credits. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminUserListSchema, adminUserParams, adminUserSavedSchema, setCreditsSchema, toggleUserSchema } from "../../../shared/schemas/admin-users.js";
import type { Db } from "../../db/connect.js";
import { notFound } from "../../http/errors.js";
import { errors } from "../../http/route-contract.js";
import { requireAdmin } from "../../http/session-auth.js";
import { listUsers, setUserActive, setUserCredits } from "./users-service.js";

/** A malformed id cannot name a user: 404 (not a database error), before the body is looked at. */
async function userIdNamesAUser(request: FastifyRequest): Promise<void> {
  const { userId } = request.params as { userId?: unknown };
  if (!z.uuid().safeParse(userId).success) throw notFound("User not found");
}

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminUserRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/users",
    {
      schema: {
        tags: ["Admin"],
        summary: "Every user with their balance and video count, newest first",
        response: { 200: adminUserListSchema, ...errors(401, 403) },
      },
    },
    async () => listUsers(db),
  );

  api.put(
    "/users/:userId/toggle",
    {
      preValidation: userIdNamesAUser,
      schema: {
        tags: ["Admin"],
        summary: "Enable or disable a user (disabling ends their sessions)",
        params: adminUserParams,
        body: toggleUserSchema,
        response: { 200: adminUserSavedSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const user = await setUserActive(db, admin.id, request.params.userId, request.body.isActive);
      return { message: "User updated", user };
    },
  );

  api.put(
    "/users/:userId/credits",
    {
      preValidation: userIdNamesAUser,
      schema: {
        tags: ["Admin"],
        summary: "Set a user's balance (the difference is recorded as an adjustment)",
        params: adminUserParams,
        body: setCreditsSchema,
        response: { 200: adminUserSavedSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const user = await setUserCredits(db, admin.username, request.params.userId, request.body.credits);
      return { message: "Credits updated", user };
    },
  );
}
