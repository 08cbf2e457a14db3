/** KIE's Market surface (decision 0051): the create body in snake_case, and records read in every shape the docs show. */
import { describe, expect, it } from "vitest";
import { marketCreateBody, parseMarketRecord } from "../../src/server/integrations/kie/market.js";

describe("the Market surface", () => {
  it("asks for veo-3-1 with the tier and the fields under input, in snake_case", () => {
    expect(
      marketCreateBody({
        prompt: "a dog in a park",
        model: "veo3_lite",
        generationType: "REFERENCE_2_VIDEO",
        aspectRatio: "9:16",
        imageUrls: ["https://i.test/a.png"],
        seeds: 12345,
        watermark: "Brand",
        callBackUrl: "https://us.test/api/callbacks/kie",
      }),
    ).toEqual({
      model: "veo-3-1",
      callBackUrl: "https://us.test/api/callbacks/kie",
      input: {
        prompt: "a dog in a park",
        model: "veo3_lite",
        generation_type: "REFERENCE_2_VIDEO",
        aspect_ratio: "9:16",
        image_urls: ["https://i.test/a.png"],
        seeds: 12345,
        watermark: "Brand",
        enable_translation: true,
      },
    });
  });

  it.each([
    ["a JSON string", '{"resultUrls":["https://v.test/1.mp4"]}'],
    [
      "a JSON string nested under data (1080p and 4K)",
      '{"data":{"result_urls":["https://v.test/1.mp4"],"origin_urls":["https://v.test/720.mp4"]}}',
    ],
    ["an object", { resultUrls: ["https://v.test/1.mp4"] }],
  ])("reads resultJson given as %s", (_, resultJson) => {
    expect(parseMarketRecord({ state: "success", resultJson })).toEqual({
      state: "succeeded",
      resultUrls: ["https://v.test/1.mp4"],
    });
  });

  it("waiting, queuing and generating are in progress; fail carries its message and code; success without URLs is not done", () => {
    for (const state of ["waiting", "queuing", "generating", undefined])
      expect(parseMarketRecord({ state })).toEqual({ state: "generating" });
    expect(parseMarketRecord({ state: "fail", failCode: "501", failMsg: "Generation Failed" })).toEqual({
      state: "failed",
      errorMessage: "Generation Failed",
      errorCode: 501,
    });
    expect(parseMarketRecord({ state: "fail", failCode: "", failMsg: "" })).toEqual({
      state: "failed",
      errorMessage: "An error occurred during video generation",
    });
    expect(parseMarketRecord({ state: "success", resultJson: "{}" })).toEqual({ state: "generating" });
  });
});
