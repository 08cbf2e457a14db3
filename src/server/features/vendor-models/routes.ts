/** GET /api/admin/vendor-models and PUT /api/admin/vendor-models/{model}/{vendor} (issue 74, decision 0173). */
import type { FastifyInstance } from "fastify";
import { adminVendorModelsApi } from "../../../shared/api/admin-vendor-models.js";
import type { Db } from "../../db/connect.js";
import { AppError } from "../../http/errors.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import { auditActor, recordAudit } from "../audit/audit-log.js";
import type { VideoVendors } from "../videos/video-vendors.js";
import { defaultVendorModelId, isVeoModel } from "./defaults.js";
import { mappingOf, readVendorModelTable, saveMapping, storeCheck, vendorName } from "./mappings.js";
import { checkVendorModel } from "./model-check.js";

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminVendorModelRoutes(app: FastifyInstance, opts: { db: Db; provider: VideoVendors }) {
  const { db, provider } = opts;

  serve(app, adminVendorModelsApi.list, {}, async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
    return { mappings: [...(await readVendorModelTable(db))] };
  });

  /** A sensitive admin action (it decides where videos go): a fresh second-factor check first (decision 0092). */
  serve(app, adminVendorModelsApi.update, STEP_UP, async (request) => {
    const { model, vendor } = request.params;
    const { vendorModelId, state, reason } = request.body;
    const builtIn = defaultVendorModelId(model, vendor);
    if (!builtIn) throw new AppError("not_found", `${vendorName(vendor)} does not make ${model}`);
    // KIE's Veo API takes its own fixed names: only the mapping's state can change there.
    if (vendor === "kie" && isVeoModel(model) && vendorModelId !== null && vendorModelId !== builtIn)
      throw new AppError("invalid_input", "KIE's Veo API names its models itself: change the state only");
    const actor = auditActor(request);
    const before = mappingOf(await readVendorModelTable(db), model, vendor)!;
    await db.transaction(async (tx) => {
      await saveMapping(tx, { model, vendor, vendorModelId, state, reason, updatedBy: actor.adminId });
      await recordAudit(tx, actor, {
        action: "vendor_model.update",
        targetType: "vendor_model",
        targetId: `${model}:${vendor}`,
        targetLabel: `${vendorName(vendor)} · ${model}`,
        details: {
          reason,
          before: { vendorModelId: before.vendorModelId, state: before.state },
          after: { vendorModelId: vendorModelId ?? builtIn, state },
        },
      });
    });
    // Checked after the save: a gone id is kept (the admin may be ahead of the vendor) and reported.
    const idInForce = vendorModelId ?? builtIn;
    const result = await checkVendorModel(
      vendor,
      idInForce,
      await provider.googleLookup(),
      vendor === "vertex" ? await provider.vertexLookup() : undefined,
    );
    await storeCheck(db, { model, vendor, vendorModelId: idInForce }, result);
    return mappingOf(await readVendorModelTable(db), model, vendor)!;
  });
}
