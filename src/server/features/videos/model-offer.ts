/**
 * Which models are offered now (issue 42): the admin may turn models off. A model turned off is
 * left out of GET /api/models, the prices and the form; a new video with it (web, API, recreate,
 * extension) is refused with 409 before anything is screened or charged. Videos already made with
 * it stay listed, playable and upgradable.
 */
import { MODELS, type VeoModel } from "../../../shared/catalogue.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { modelLabel } from "../../../shared/videos.js";
import { AppError } from "../../http/errors.js";
import type { Settings } from "../settings/service.js";

export function offeredModels(s: Pick<Settings, "disabledModels">): VeoModel[] {
  return MODELS.filter((m) => !s.disabledModels.includes(m));
}

export function assertModelOffered(s: Pick<Settings, "disabledModels">, model: VeoModel): void {
  if (!s.disabledModels.includes(model)) return;
  const others = offeredModels(s).map(modelLabel).join(", ");
  throw new AppError(
    "conflict",
    `${modelLabel(model)} is not offered at the moment. Choose another model: ${others}.`,
    reasoned("model_unavailable", { model: modelLabel(model), models: others }),
  );
}
