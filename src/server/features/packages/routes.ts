/**
 * Credit packages: GET /api/credit-packages (public, active ones) and the admin CRUD under
 * /api/admin/credit-packages (registered in the admin scope, http/admin-scope.ts). Decision 0015.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminCreditPackageListSchema,
  adminCreditPackageViewSchema,
  creditPackageInputSchema,
  creditPackageListSchema,
  packageIdParams,
  packageRemovedSchema,
} from "../../../shared/schemas/packages.js";
import type { Db } from "../../db/connect.js";
import { notFound } from "../../http/errors.js";
import { errors } from "../../http/route-contract.js";
import { auditActor } from "../audit/audit-log.js";
import {
  createPackageAudited,
  listActivePackages,
  listAllPackages,
  removePackage,
  replacePackageAudited,
} from "./service.js";

export const PACKAGE_NOT_FOUND = "Credit package not found";

export async function creditPackageRoutes(scope: FastifyInstance, opts: { db: Db }): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    "/api/credit-packages",
    {
      config: { access: "public" },
      schema: {
        tags: ["Payments"],
        summary: "The credit packages on sale",
        response: { 200: creditPackageListSchema },
      },
    },
    async (_request, reply) => {
      // Admin edits must show at once: caches may keep a copy but must ask again each time.
      reply.header("cache-control", "no-cache");
      return listActivePackages(db);
    },
  );
}

/** The admin CRUD, under /api/admin (the scope demands an admin: 401 signed out, 403 otherwise). */
export async function adminCreditPackageRoutes(scope: FastifyInstance, opts: { db: Db }): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    "/credit-packages",
    {
      schema: {
        tags: ["Admin"],
        summary: "Every credit package, active or not",
        response: { 200: adminCreditPackageListSchema, ...errors(401, 403) },
      },
    },
    async () => listAllPackages(db),
  );

  app.post(
    "/credit-packages",
    {
      schema: {
        tags: ["Admin"],
        summary: "Add a credit package",
        body: creditPackageInputSchema,
        response: { 201: adminCreditPackageViewSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => reply.status(201).send(await createPackageAudited(db, request.body, auditActor(request))),
  );

  app.put(
    "/credit-packages/:id",
    {
      schema: {
        tags: ["Admin"],
        summary: "Replace a credit package",
        params: packageIdParams,
        body: creditPackageInputSchema,
        response: { 200: adminCreditPackageViewSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const updated = await replacePackageAudited(db, request.params.id, request.body, auditActor(request));
      if (!updated) throw notFound(PACKAGE_NOT_FOUND);
      return updated;
    },
  );

  app.delete(
    "/credit-packages/:id",
    {
      schema: {
        tags: ["Admin"],
        summary: "Delete a credit package (deactivated instead when purchases refer to it)",
        params: packageIdParams,
        response: { 200: packageRemovedSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const result = await removePackage(db, request.params.id, auditActor(request));
      if (!result) throw notFound(PACKAGE_NOT_FOUND);
      return result.deactivated
        ? { message: "Package deactivated: purchases refer to it", deactivated: true }
        : { message: "Package deleted", deactivated: false };
    },
  );
}
