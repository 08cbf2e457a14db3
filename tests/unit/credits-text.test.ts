import { describe, expect, it } from "vitest";
import { creditsText } from "../../src/shared/credits-text.js";
import { insufficientCreditsMessage } from "../../src/shared/videos.js";

describe("credit counts in the server's English", () => {
  it("says one credit and every other count as credits", () => {
    expect(creditsText(1)).toBe("1 credit");
    expect(creditsText(0)).toBe("0 credits");
    expect(creditsText(2)).toBe("2 credits");
    expect(creditsText(1, "bonus")).toBe("1 bonus credit");
    expect(creditsText(50, "bonus")).toBe("50 bonus credits");
  });

  it("words the too-few-credits answer with the right plurals", () => {
    expect(insufficientCreditsMessage(1, "veo3_fast", 0)).toBe(
      "You need 1 credit to generate a video with Veo3 Fast. You have 0 credits.",
    );
    expect(insufficientCreditsMessage(5, "veo3_fast", 1)).toBe(
      "You need 5 credits to generate a video with Veo3 Fast. You have 1 credit.",
    );
  });
});
