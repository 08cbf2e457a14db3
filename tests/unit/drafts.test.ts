/**
 * Drafts over the whole catalogue (issue 74 §3, decision 0178): each model's draft is a model of
 * the catalogue that makes every video its final can be asked for, and costs strictly less than
 * the final, cell by cell, at the default prices; where whole credits round the two to the same
 * total, or the admin's prices make the draft no cheaper, no draft is offered.
 */
import { describe, expect, it } from "vitest";
import {
  MODEL_CATALOGUE,
  MODELS,
  MODES,
  priceCellFor,
  priceKeyOf,
  type GenerationMode,
  type ModelId,
  type Resolution,
} from "../../src/shared/catalogue.js";
import { draftPlanOf, draftProblem, usableDraft } from "../../src/shared/drafts.js";
import { apiCost, resolvePrices, webCost } from "../../src/shared/prices.js";

const DEFAULTS = resolvePrices(undefined);
const drafted = MODELS.filter((m) => MODEL_CATALOGUE[m].draft);

/** Every video a model can be asked for: mode, length, resolution, sound, with its fewest images. */
function everyVideo(model: ModelId) {
  const m = MODEL_CATALOGUE[model];
  return (Object.keys(m.modes) as GenerationMode[]).flatMap((mode) =>
    m.durations.options.flatMap((durationSeconds) =>
      m.resolutions.options.flatMap((resolution: Resolution) =>
        (m.audio === "on_request" ? [true, false] : [m.audio === "always"]).map((audio) => ({
          mode,
          images: m.modes[mode]!.images.min,
          asked: { durationSeconds, resolution, audio, aspectRatio: m.aspectRatios.default },
        })),
      ),
    ),
  );
}

describe("the catalogue's drafts", () => {
  it("the models the issue names draft: Seedance at 480p, Veo Quality and Fast on Veo Lite", () => {
    expect(MODEL_CATALOGUE.seedance2.draft).toEqual({ resolution: "480p" });
    expect(MODEL_CATALOGUE.seedance15_pro.draft).toEqual({ resolution: "480p" });
    expect(MODEL_CATALOGUE.veo3.draft).toEqual({ model: "veo3_lite" });
    expect(MODEL_CATALOGUE.veo3_fast.draft).toEqual({ model: "veo3_lite" });
    expect(MODEL_CATALOGUE.veo3_lite.draft).toBeUndefined();
  });

  it.each(drafted)("%s's draft is a resolution it makes, or a model with no draft of its own", (model) => {
    const way = MODEL_CATALOGUE[model].draft!;
    if ("resolution" in way) expect(MODEL_CATALOGUE[model].resolutions.options).toContain(way.resolution);
    else {
      expect(MODELS).toContain(way.model);
      expect(way.model).not.toBe(model);
      expect(MODEL_CATALOGUE[way.model].draft).toBeUndefined();
    }
  });

  it.each(drafted)("%s: every video above its draft resolution has a draft the draft model can make", (model) => {
    const way = MODEL_CATALOGUE[model].draft!;
    for (const { mode, images, asked } of everyVideo(model)) {
      const plan = draftPlanOf(model, mode, asked, images);
      if ("resolution" in way && asked.resolution === way.resolution) {
        expect(plan, `${model} ${JSON.stringify(asked)}`).toBeUndefined();
        continue;
      }
      expect(plan, `${model} ${mode} ${JSON.stringify(asked)}`).toBeDefined();
      // Everything but the resolution (for a resolution draft) as asked; the seed goes where the final's goes.
      expect(plan!.options).toMatchObject({
        durationSeconds: asked.durationSeconds,
        audio: asked.audio,
        aspectRatio: asked.aspectRatio,
      });
      if ("model" in way) {
        expect(plan!.options.resolution).toBe(asked.resolution);
        expect(Boolean(MODEL_CATALOGUE[way.model].seed)).toBe(Boolean(MODEL_CATALOGUE[model].seed));
      }
    }
  });

  it.each(drafted)("%s's draft costs strictly less than its final per unit, on the web and the API", (model) => {
    const way = MODEL_CATALOGUE[model].draft!;
    const draftModel = "model" in way ? way.model : model;
    for (const cell of MODEL_CATALOGUE[model].pricing.cells) {
      if ("resolution" in way && cell.resolution === way.resolution) continue;
      const draftCell = priceCellFor(draftModel, {
        resolution: "resolution" in way ? way.resolution : cell.resolution,
        audio: cell.audio,
      });
      const final = DEFAULTS[priceKeyOf(model, cell)]!;
      const draft = DEFAULTS[priceKeyOf(draftModel, draftCell)]!;
      expect(draft.web, `${priceKeyOf(model, cell)} (web)`).toBeLessThan(final.web);
      expect(draft.api, `${priceKeyOf(model, cell)} (API)`).toBeLessThan(final.api);
    }
  });

  it.each(drafted)("%s: a draft is never dearer in whole credits, and offered only when cheaper", (model) => {
    for (const { mode, images, asked } of everyVideo(model)) {
      const plan = draftPlanOf(model, mode, asked, images);
      if (!plan) continue;
      for (const via of ["web", "api"] as const) {
        const cost = via === "web" ? webCost : apiCost;
        const draft = cost(DEFAULTS, { model: plan.model, ...plan.options });
        const final = cost(DEFAULTS, { model, ...asked });
        expect(draft, `${model} ${JSON.stringify(asked)} ${via}`).toBeLessThanOrEqual(final);
        const usable = usableDraft(DEFAULTS, via, model, mode, asked, images);
        // Rounded to whole credits, a short cheap video may cost the same: then there is no draft of it.
        expect(usable !== undefined).toBe(draft < final);
      }
    }
  });

  it.each(drafted)("%s has a draft at its default options, at the default prices", (model) => {
    const m = MODEL_CATALOGUE[model];
    const mode = MODES.find((x) => m.modes[x])!;
    const draft = usableDraft(DEFAULTS, "web", model, mode, {}, m.modes[mode]!.images.min);
    expect(draft).toBeDefined();
    expect(draft!.cost).toBeLessThan(draft!.finalCost);
  });

  it("the admin's prices that make a draft no cheaper take it away", () => {
    const same = resolvePrices({ veo3_lite: { web: 5, api: 10 }, veo3_fast: { web: 5, api: 10 } });
    expect(usableDraft(same, "web", "veo3_fast", "text", {}, 0)).toBeUndefined();
    expect(usableDraft(same, "api", "veo3_fast", "text", {}, 0)).toBeUndefined();
    // Veo Quality still drafts on Lite at those prices.
    expect(usableDraft(same, "web", "veo3", "text", {}, 0)).toMatchObject({ model: "veo3_lite", cost: 5 });
  });

  it("says why a request cannot be a draft", () => {
    expect(draftProblem("kling3", "text", {}, 0)).toBe(
      "Kling 3.0 has no draft: choose a model that offers one, or leave draft out",
    );
    expect(draftProblem("seedance2", "text", { resolution: "480p" }, 0)).toMatch(/already a draft/);
    expect(draftProblem("seedance2", "text", { resolution: "1080p" }, 0)).toBeUndefined();
  });
});
