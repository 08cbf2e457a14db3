/**
 * Which models are offered now (issue 42): the admin may turn models off. A model turned off is
 * left out of GET /api/models, the prices and the form; a new video with it (web, API, recreate,
 * extension) is refused with 409 before anything is screened or charged. Videos already made with
 * it stay listed, playable and upgradable.
 */
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
