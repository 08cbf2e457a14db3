/** Money as PayPal writes it: decimal strings compared in cents, never as floats. */
import { describe, expect, it } from "vitest";
import { purchaseDescription } from "../../src/server/features/payments/paypal-settle.js";
import { formatCents, toCents } from "../../src/server/lib/money.js";

describe("PayPal amounts", () => {
  it("parses decimal strings to cents exactly", () => {
    expect(toCents("25.00")).toBe(2500);
    expect(toCents("25")).toBe(2500);
    expect(toCents("0.1")).toBe(10);
    expect(toCents("19.99")).toBe(1999);
    expect(toCents(" 10.05 ")).toBe(1005);
  });

  it("rejects anything that is not a plain decimal", () => {
    for (const bad of ["", "abc", "-1.00", "1.001", "1e3", "10,00"]) expect(toCents(bad)).toBeNaN();
  });

  it("formats cents the way PayPal expects", () => {
    expect(formatCents(2500)).toBe("25.00");
    expect(formatCents(5)).toBe("0.05");
    expect(formatCents(toCents("45.5"))).toBe("45.50");
  });

  it("describes a purchase with its package and provider", () => {
    expect(purchaseDescription({ packageName: "Pro Pack", credits: 150 })).toBe(
      "Purchased Pro Pack (150 credits) via PayPal",
    );
  });
});
