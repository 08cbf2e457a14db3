/**
 * The one money module (decision 0038): amounts in integer cents, one rule for what is not a
 * price (negative or malformed -> NaN, which equals nothing), and a formatter that writes only
 * whole non-negative cents.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCents, isCents, toCents } from "../../src/server/lib/money.js";

/** A price as a provider or our numeric(10,2) column writes it: digits, then 0-2 decimals. */
const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });
const amountText = fc.tuple(digits(1, 12), fc.option(digits(1, 2), { nil: undefined })).map(([whole, fraction]) => ({
  whole,
  fraction,
  text: fraction === undefined ? whole : `${whole}.${fraction}`,
}));
const cents = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });

describe("toCents", () => {
  it("reads the explicit cases the two old copies disagreed on, and the rest of the rule", () => {
    expect(toCents("-1.50")).toBeNaN(); // one old copy answered -50: a negative price is no price
    expect(toCents("1.5")).toBe(150);
    expect(toCents("1.505")).toBeNaN(); // never rounded: a third decimal is not a price
    expect(toCents("")).toBeNaN();
    expect(toCents("abc")).toBeNaN(); // one old copy answered NaN by accident of Number()
    expect(toCents("1e3")).toBeNaN(); // not 100000: exponents are not how amounts are written
    expect(toCents("25.00")).toBe(2500);
    expect(toCents("0.05")).toBe(5);
    expect(toCents(" 10.05 ")).toBe(1005);
    expect(toCents("007.5")).toBe(750);
    expect(toCents("0")).toBe(0);
    for (const bad of [
      "-0",
      "+1",
      ".5",
      "1.",
      "1,50",
      "1 000.00",
      "Infinity",
      "NaN",
      "0x10",
      "１",
      "1.5.0",
      " ",
      "$1.00",
    ]) {
      expect(toCents(bad), bad).toBeNaN();
    }
    // Beyond what a double holds exactly: refused rather than rounded.
    expect(toCents("90071992547409.91")).toBe(9007199254740991);
    expect(toCents("90071992547409.92")).toBeNaN();
  });

  it("reads every plain decimal exactly: the same cents as exact integer arithmetic", () => {
    fc.assert(
      fc.property(amountText, ({ whole, fraction, text }) => {
        const exact = BigInt(whole) * 100n + BigInt(`${fraction ?? ""}00`.slice(0, 2));
        expect(toCents(text)).toBe(Number(exact));
      }),
    );
  });

  it("refuses the negative of every amount, and any amount with a third decimal", () => {
    fc.assert(
      fc.property(amountText, digits(3, 6), ({ text, whole }, extra) => {
        expect(toCents(`-${text}`)).toBeNaN();
        expect(toCents(`${whole}.${extra}`)).toBeNaN();
      }),
    );
  });

  it("answers NaN or whole non-negative cents, whatever the text", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.double().map(String),
          amountText.map((a) => a.text),
        ),
        (text) => {
          const result = toCents(text);
          expect(Number.isNaN(result) || isCents(result)).toBe(true);
        },
      ),
    );
  });
});

describe("formatCents", () => {
  it("writes cents the way PayPal and our column do", () => {
    expect(formatCents(2500)).toBe("25.00");
    expect(formatCents(5)).toBe("0.05");
    expect(formatCents(0)).toBe("0.00");
    expect(formatCents(150)).toBe("1.50");
  });

  it("refuses what is not a whole, non-negative number of cents", () => {
    for (const bad of [-150, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => formatCents(bad), String(bad)).toThrow(RangeError);
    }
  });

  it("round-trips: toCents(formatCents(c)) is c for any cents", () => {
    fc.assert(
      fc.property(cents, (c) => {
        const text = formatCents(c);
        expect(text).toMatch(/^(0|[1-9]\d*)\.\d\d$/);
        expect(toCents(text)).toBe(c);
      }),
    );
  });

  it("round-trips: formatCents(toCents(x)) is x written canonically for any valid amount", () => {
    fc.assert(
      fc.property(amountText, ({ whole, fraction, text }) => {
        const canonical = `${BigInt(whole).toString()}.${`${fraction ?? ""}00`.slice(0, 2)}`;
        expect(formatCents(toCents(text))).toBe(canonical);
      }),
    );
  });
});
