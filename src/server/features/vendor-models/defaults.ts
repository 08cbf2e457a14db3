/**
 * The built-in model id of each catalogue model at each vendor that makes it (decision 0173): what
 * a mapping is until the admin changes it. Google's are the Gemini API's ids, Vertex AI's its GA
 * ids (decision 0177); KIE's Veo ids are
 * its Veo API's names (fixed by that API: only their state can change); KIE's Market ids are the
 * text-to-video ids its Market speaks (an image job sends the image-to-video twin, see kieMarketId).
 */
import { MODEL_CATALOGUE, MODELS, type ModelId, type Vendor } from "../../../shared/catalogue.js";
import { GEMINI_DEFAULT_MODEL_IDS } from "../../integrations/google/veo-maker.js";
import { VERTEX_DEFAULT_MODEL_IDS } from "../../integrations/google/vertex-maker.js";
import { MARKET_INPUTS } from "../../integrations/kie/market-inputs.js";

export const isVeoModel = (model: ModelId) => MODEL_CATALOGUE[model].family === "veo";

/** The vendors the catalogue says make a model, in its order. */
const vendorsMaking = (model: ModelId): readonly Vendor[] => MODEL_CATALOGUE[model].vendors;

/** The Market's text-to-video id of a non-Veo model, read from its input builder. */
function marketDefault(model: ModelId): string | undefined {
  const toInput = MARKET_INPUTS[model];
  if (!toInput) return undefined;
  return toInput({
    model,
    mode: "text",
    prompt: "",
    aspectRatio: "16:9",
    durationSeconds: MODEL_CATALOGUE[model].durations.default,
    resolution: MODEL_CATALOGUE[model].resolutions.default,
    audio: false,
    imageUrls: [],
  } as never).model;
}

export function defaultVendorModelId(model: ModelId, vendor: Vendor): string | undefined {
  if (!vendorsMaking(model).includes(vendor)) return undefined;
  if (vendor === "google") return GEMINI_DEFAULT_MODEL_IDS[model];
  if (vendor === "vertex") return VERTEX_DEFAULT_MODEL_IDS[model];
  return isVeoModel(model) ? model : marketDefault(model);
}

/** Every (model, vendor) pair the catalogue has, with its default id. */
export const ALL_PAIRS: ReadonlyArray<{ model: ModelId; vendor: Vendor; defaultId: string }> = MODELS.flatMap((model) =>
  vendorsMaking(model).flatMap((vendor) => {
    const defaultId = defaultVendorModelId(model, vendor);
    return defaultId ? [{ model, vendor, defaultId }] : [];
  }),
);
