/**
 * Which models are offered now (issue 42): the admin may turn models off. A model turned off is
 * left out of GET /api/models, the prices and the form; a new video with it (web, API, recreate,
 * extension) is refused with 409 before anything is screened or charged. Videos already made with
 * it stay listed, playable and upgradable.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { adminSettings } from "../../db/schema.js";
import { notifyModelRetired } from "../notifications/outbox.js";
import { MODELS, type ModelId } from "../../../shared/catalogue.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { modelLabel } from "../../../shared/videos.js";
import { AppError } from "../../http/errors.js";
import type { Settings } from "../settings/service.js";

type OfferSettings = Pick<Settings, "disabledModels" | "pauseDegradedModels" | "degradedModels" | "unmappedModels">;

/** No vendor may make it now (decision 0173): every model id of it deactivated or found gone. */
const isUnmapped = (s: OfferSettings, model: ModelId) => s.unmappedModels?.includes(model) ?? false;

/** Paused: degraded at the last health watch while the admin pauses degraded models (jobs/model-watch.ts). */
const isPaused = (s: OfferSettings, model: ModelId) => s.pauseDegradedModels && s.degradedModels.includes(model);

export function offeredModels(s: OfferSettings): ModelId[] {
  return MODELS.filter((m) => !s.disabledModels.includes(m) && !isPaused(s, m) && !isUnmapped(s, m));
}

export function assertModelOffered(s: OfferSettings, model: ModelId): void {
  if (!s.disabledModels.includes(model) && !isPaused(s, model) && !isUnmapped(s, model)) return;
  const others = offeredModels(s).map(modelLabel).join(", ");
  const why = isPaused(s, model)
    ? "is failing often and is paused until it recovers"
    : isUnmapped(s, model)
      ? "is no longer available from any provider"
      : "is not offered at the moment";
  throw new AppError(
    "conflict",
    `${modelLabel(model)} ${why}. Choose another model: ${others}.`,
    reasoned("model_unavailable", { model: modelLabel(model), models: others }),
  );
}

/**
 * A vendor answered that it no longer knows this model (its "model is not supported"): the model
 * is turned off as the admin would, once, and the admin is told, so new videos get a clear 409
 * instead of an outage; videos made with it stay. The last model on is never turned off (the
 * admin's own rule); the admin turns it back on in the settings.
 */
export async function retireModel(db: Db, model: ModelId, message: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(adminSettings)
      .set({ disabledModels: sql`array_append(${adminSettings.disabledModels}, ${model}::text)` })
      .where(
        sql`not (${model}::text = any(${adminSettings.disabledModels})) and cardinality(${adminSettings.disabledModels}) < ${MODELS.length - 1}`,
      )
      .returning({ id: adminSettings.id });
    if (changed.length === 0) return false;
    await notifyModelRetired(tx, { label: modelLabel(model), message });
    return true;
  });
}
