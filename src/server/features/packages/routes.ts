/**
 * Credit packages: GET /api/credit-packages (public, active ones) and the admin CRUD under
 * /api/admin/credit-packages (registered in the admin scope, http/admin-scope.ts). Decision 0015.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { creditPackageSchema } from "../../../shared/payments.js";
import type { Db } from "../../db/connect.js";
import { badRequest, notFound, parseInput } from "../../http/errors.js";
import { createPackage, listActivePackages, listAllPackages, removePackage, replacePackage } from "./service.js";

export const PACKAGE_NOT_FOUND = "Credit package not found";
export const BAD_PACKAGE_ID = "Package id must be a valid UUID";

/** A malformed id is the caller's mistake (400), and must never reach the uuid column (a 500). */
function packageId(params: unknown): string {
  const id = (params as { id?: unknown } | undefined)?.id;
  if (typeof id !== "string" || !z.uuid().safeParse(id).success) throw badRequest(BAD_PACKAGE_ID);
  return id;
}

export async function creditPackageRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;

  app.get("/api/credit-packages", { config: { access: "public" } }, async (_request, reply) => {
    // Admin edits must show at once: caches may keep a copy but must ask again each time.
    reply.header("cache-control", "no-cache");
    return listActivePackages(db);
  });
}

/** The admin CRUD, under /api/admin. */
export async function adminCreditPackageRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;

  app.get("/credit-packages", async () => {
    return listAllPackages(db);
  });

  app.post("/credit-packages", async (request, reply) => {
    const values = parseInput(creditPackageSchema, request.body);
    return reply.status(201).send(await createPackage(db, values));
  });

  app.put("/credit-packages/:id", async (request) => {
    const id = packageId(request.params);
    const values = parseInput(creditPackageSchema, request.body);
    const updated = await replacePackage(db, id, values);
    if (!updated) throw notFound(PACKAGE_NOT_FOUND);
    return updated;
  });

  app.delete("/credit-packages/:id", async (request) => {
    const result = await removePackage(db, packageId(request.params));
    if (!result) throw notFound(PACKAGE_NOT_FOUND);
    return result.deactivated
      ? { message: "Package deactivated: purchases refer to it", deactivated: true }
      : { message: "Package deleted", deactivated: false };
  });
}
