/** The Market's input for Wan 2.7 (decision 0179): KIE's field names for a text job and an image job. */
import { describe, expect, it } from "vitest";
import { MARKET_INPUTS } from "../../src/server/integrations/kie/market-inputs.js";

const wan27 = MARKET_INPUTS.wan27!;
const job = {
  model: "wan27",
  mode: "text",
  prompt: "a lighthouse at dusk",
  aspectRatio: "9:16",
  durationSeconds: 2,
  resolution: "720p",
  audio: true,
  imageUrls: [],
} as const;

describe("Wan 2.7's Market input", () => {
  it("names a text job's shape `ratio` and sends its seconds as a number", () => {
    expect(wan27(job)).toEqual({
      model: "wan/2-7-text-to-video",
      input: { prompt: "a lighthouse at dusk", ratio: "9:16", duration: 2, resolution: "720p" },
    });
  });

  it("sends an image job's first and last frames and no shape (the video follows them)", () => {
    const made = wan27({
      ...job,
      mode: "image",
      durationSeconds: 15,
      resolution: "1080p",
      imageUrls: ["https://x.test/first.png", "https://x.test/last.png"],
    });
    expect(made).toEqual({
      model: "wan/2-7-image-to-video",
      input: {
        prompt: "a lighthouse at dusk",
        first_frame_url: "https://x.test/first.png",
        last_frame_url: "https://x.test/last.png",
        duration: 15,
        resolution: "1080p",
      },
    });
    const one = wan27({ ...job, mode: "image", imageUrls: ["https://x.test/first.png"] });
    expect(one.input).toEqual(expect.objectContaining({ first_frame_url: "https://x.test/first.png" }));
    expect(one.input).not.toHaveProperty("last_frame_url");
    expect(one.input).not.toHaveProperty("ratio");
  });

  it("sends a fixed seed, and no sound field (2.7 makes sound with every video)", () => {
    const made = wan27({ ...job, seed: 12345 });
    expect(made.input).toMatchObject({ seed: 12345 });
    expect(made.input).not.toHaveProperty("generate_audio");
    expect(made.input).not.toHaveProperty("sound");
  });

  it("leaves Wan 2.6 as it was, for those who chose it", () => {
    expect(MARKET_INPUTS.wan26!({ ...job, model: "wan26", durationSeconds: 10, aspectRatio: "16:9" })).toEqual({
      model: "wan/2-6-text-to-video",
      input: { prompt: "a lighthouse at dusk", duration: "10", resolution: "720p" },
    });
  });
});
