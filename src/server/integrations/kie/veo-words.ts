/**
 * Our catalogue's words in KIE's Veo API (decision 0095): the catalogue says what a model can do;
 * these say how KIE is asked for it. Both Veo surfaces (the legacy API and the Market's
 * `veo-3-1`) take the same values.
 */
import type { GenerationMode } from "../../../shared/catalogue.js";

export const KIE_GENERATION_TYPES = {
  text: "TEXT_2_VIDEO",
  image: "FIRST_AND_LAST_FRAMES_2_VIDEO",
  reference: "REFERENCE_2_VIDEO",
} as const satisfies Record<GenerationMode, string>;
export type KieGenerationType = (typeof KIE_GENERATION_TYPES)[GenerationMode];

/** The name /veo/extend uses for each model. */
export const KIE_EXTEND_MODELS = {
  veo3: "quality",
  veo3_fast: "fast",
  veo3_lite: "lite",
} as const;
/** The models KIE's Veo API makes (ours and KIE's names agree). */
export type KieVeoModel = keyof typeof KIE_EXTEND_MODELS;
export type KieExtendModel = (typeof KIE_EXTEND_MODELS)[KieVeoModel];
