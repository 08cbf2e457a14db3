/**
 * Credit packages: GET /api/credit-packages (public, active ones) and the admin CRUD under
 * /api/admin/credit-packages (registered in the admin scope, http/admin-scope.ts). Decision 0015.
 */
import type { FastifyInstance } from "fastify";
import { paymentsApi } from "../../../shared/api/payments.js";
import { adminPackagesApi } from "../../../shared/api/admin-packages.js";
import type { Db } from "../../db/connect.js";
import { notFound } from "../../http/errors.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import { auditActor } from "../audit/audit-log.js";
import type { CreditPackageBody } from "../../../shared/schemas/packages.js";
import type { Settings } from "../settings/service.js";
import { belowCostError, packageLosses } from "./sales-check.js";
import {
  type PackageValues,
  createPackageAudited,
  listActivePackages,
  listAllPackages,
  removePackage,
  replacePackageAudited,
} from "./service.js";

const PACKAGE_NOT_FOUND = "Credit package not found";

export async function creditPackageRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  serve(app, paymentsApi.packages, { access: "public" }, async (_request, reply) => {
    // Admin edits must show at once: caches may keep a copy but must ask again each time.
    reply.header("cache-control", "no-cache");
    return listActivePackages(opts.db);
  });
}

/** The admin CRUD, under /api/admin (the scope demands an admin: 401 signed out, 403 otherwise). */
export async function adminCreditPackageRoutes(
  app: FastifyInstance,
  opts: { db: Db; readSettings(): Promise<Settings> },
): Promise<void> {
  const { db } = opts;
  /** A package on sale whose credits buy some video below cost is saved only when the save says so (decision 0144). */
  const refuseLosses = async ({ confirmBelowCost, ...values }: CreditPackageBody): Promise<PackageValues> => {
    const losses = packageLosses(values, await opts.readSettings());
    if (losses.length > 0 && confirmBelowCost !== true) throw belowCostError(losses);
    return values;
  };

  serve(app, adminPackagesApi.list, {}, async () => listAllPackages(db));

  // A package is money: one of 10,000,000 credits for 0.01 could be bought through the real
  // payment path, so making, changing and removing one asks for a recent second factor (0129).
  serve(app, adminPackagesApi.create, STEP_UP, async (request, reply) =>
    reply.status(201).send(await createPackageAudited(db, await refuseLosses(request.body), auditActor(request))),
  );

  serve(app, adminPackagesApi.replace, STEP_UP, async (request) => {
    const values = await refuseLosses(request.body);
    const updated = await replacePackageAudited(db, request.params.id, values, auditActor(request));
    if (!updated) throw notFound(PACKAGE_NOT_FOUND);
    return updated;
  });

  serve(app, adminPackagesApi.delete, STEP_UP, async (request) => {
    const result = await removePackage(db, request.params.id, auditActor(request));
    if (!result) throw notFound(PACKAGE_NOT_FOUND);
    return result.deactivated
      ? { message: "Package deactivated: purchases refer to it", deactivated: true }
      : { message: "Package deleted", deactivated: false };
  });
}
