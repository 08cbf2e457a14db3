/** The admin's Market id for a job (decision 0173): a job with images gets its image-to-video twin. */
import { describe, expect, it } from "vitest";
import { kieMarketId } from "../../src/server/integrations/kie/market-ids.js";

describe("kieMarketId", () => {
  it("sends the admin's id for a text job", () => {
    expect(kieMarketId("kling-2.7/text-to-video", "kling-2.6/text-to-video", "kling-2.6/text-to-video")).toBe(
      "kling-2.7/text-to-video",
    );
  });
  it("sends the image-to-video twin when the built-in id for the job was the image one", () => {
    expect(kieMarketId("kling-2.7/text-to-video", "kling-2.6/text-to-video", "kling-2.6/image-to-video")).toBe(
      "kling-2.7/image-to-video",
    );
  });
  it("sends a one-id model's id as it is", () => {
    expect(kieMarketId("kling-3.1/video", "kling-3.0/video", "kling-3.0/video")).toBe("kling-3.1/video");
    expect(kieMarketId("wan/2-7-video", "wan/2-6-text-to-video", "wan/2-6-image-to-video")).toBe("wan/2-7-video");
  });
});
