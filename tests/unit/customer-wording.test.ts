import { describe, expect, it } from "vitest";
import { forCustomers } from "../../src/server/features/videos/customer-wording.js";

describe("a provider's sentence as customers read it", () => {
  it("names the video service, never KIE", () => {
    expect(forCustomers("KIE could not be reached")).toBe("The video service could not be reached.");
    expect(forCustomers("KIE did not answer in time")).toBe("The video service did not answer in time.");
    expect(forCustomers("KIE's upload returned no download URL")).toBe(
      "The video service's upload returned no download URL.",
    );
    expect(forCustomers("Refused by KIE.ai: quota")).toBe("Refused by the video service: quota.");
  });

  it("ends with exactly one full stop", () => {
    expect(forCustomers("Your prompt was flagged by Website as violating content policies.")).toBe(
      "Your prompt was flagged by Website as violating content policies.",
    );
    expect(forCustomers("Failed to fetch the image")).toBe("Failed to fetch the image.");
    expect(forCustomers("Is this allowed?")).toBe("Is this allowed?");
    expect(forCustomers("  ")).toBe("The video service gave no reason.");
  });
});
