import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { setCreditsSchema, toggleUserSchema } from "../../../shared/schemas/admin-users.js";
import type { Db } from "../../db/connect.js";
import { notFound, parseInput } from "../../http/errors.js";
import { requireAdmin } from "../../http/session-auth.js";
import { listUsers, setUserActive, setUserCredits } from "./users-service.js";

const userIdParam = z.object({ userId: z.string() });

/** A malformed id cannot name a user: 404, not a database error. */
function parseUserId(params: unknown): string {
  const { userId } = parseInput(userIdParam, params);
  if (!z.uuid().safeParse(userId).success) throw notFound("User not found");
  return userId;
}

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminUserRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;

  app.get("/users", async () => listUsers(db));

  app.put("/users/:userId/toggle", async (request) => {
    const admin = requireAdmin(request);
    const userId = parseUserId(request.params);
    const { isActive } = parseInput(toggleUserSchema, request.body);
    return { message: "User updated", user: await setUserActive(db, admin.id, userId, isActive) };
  });

  app.put("/users/:userId/credits", async (request) => {
    const admin = requireAdmin(request);
    const userId = parseUserId(request.params);
    const { credits } = parseInput(setCreditsSchema, request.body);
    return { message: "Credits updated", user: await setUserCredits(db, admin.username, userId, credits) };
  });
}
