/**
 * The generator's price table (issue 42): every price cell the admin set, read from GET /api/models,
 * so a per-second model's cost before the click is what the server charges.
 */
import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MODE_CATALOGUE, MODEL_CATALOGUE, modesFor } from "../../src/shared/catalogue";
import { webCost } from "../../src/shared/prices";
import type { ModelsView } from "../../src/shared/schemas/models";
import { useWebPriceTable } from "@/features/videos/use-web-prices";
import { stubFetch } from "./fetch-stub";
import { newQueryClient } from "./render";

const kling = MODEL_CATALOGUE.kling3;

/** GET /api/models offering Kling 3.0 alone, its 1080p cells at the admin's prices, and 4K at 9 credits. */
const VIEW: ModelsView = {
  models: [
    {
      id: "kling3",
      label: kling.label,
      description: kling.description,
      family: kling.family,
      vendors: [...kling.vendors],
      modes: modesFor("kling3").map((mode) => ({
        mode,
        minImages: kling.modes[mode]!.images.min,
        maxImages: kling.modes[mode]!.images.max,
        imageLabels: MODE_CATALOGUE[mode].imageLabels.slice(0, kling.modes[mode]!.images.max),
        shapeFollowsImage: false,
      })),
      durations: { ...kling.durations, options: [...kling.durations.options] },
      resolutions: { ...kling.resolutions, options: [...kling.resolutions.options] },
      aspectRatios: { ...kling.aspectRatios, options: [...kling.aspectRatios.options] },
      limits: [],
      audio: kling.audio,
      seed: null,
      negativePrompt: false,
      watermark: false,
      upgrades: { ...kling.upgrades },
      price: {
        unit: "second",
        webCredits: 7,
        apiCredits: 14,
        cells: kling.pricing.cells.map((cell) => ({
          resolution: cell.resolution,
          audio: cell.audio,
          webCredits: cell.resolution === "1080p" ? (cell.audio ? 3.25 : 2) : cell.defaultPrice.web,
          apiCredits: cell.defaultPrice.api,
        })),
      },
      status: "available",
      typicalSeconds: null,
    },
  ],
  surcharges: [
    { surcharge: "4k", label: "4K upgrade", webCredits: 9, apiCredits: 12 },
    { surcharge: "extend", label: "Extension", webCredits: 0, apiCredits: 0 },
  ],
  simulated: true,
};

describe("the generator's price table", () => {
  it("holds the server's price of each cell and surcharge, and the catalogue's defaults until it answers", async () => {
    stubFetch({ "GET /api/models": { body: VIEW } });
    const client = newQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useWebPriceTable(), { wrapper });
    const tenSeconds = { model: "kling3" as const, durationSeconds: 10, resolution: "1080p" as const };
    // The catalogue's default: 1.93 credits a second with sound.
    expect(webCost(result.current, { ...tenSeconds, audio: true })).toBe(20);

    await waitFor(() => expect(webCost(result.current, { ...tenSeconds, audio: true })).toBe(33));
    expect(webCost(result.current, { ...tenSeconds, audio: false })).toBe(20);
    expect(result.current["4k"]).toEqual({ web: 9, api: 12 });
    // A model the server does not list (turned off) keeps its default.
    expect(webCost(result.current, "veo3_fast")).toBe(5);
  });
});
