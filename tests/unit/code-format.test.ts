/**
 * Codes' format and discount math (decision 0156): generated codes use only the alphabet without
 * look-alikes and survive being typed in any case with any grouping; an admin's own code is
 * checked; a percentage rounds the discount down and nothing goes below the smallest charge; the
 * guessing delay grows.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CODE_ALPHABET,
  customCodeProblem,
  displayCode,
  generateCode,
  GENERATED_LENGTH,
  normaliseCode,
} from "../../src/server/features/codes/code-format.js";
import { applyDiscount, MIN_CHARGE_CENTS } from "../../src/server/features/codes/discount-math.js";
import { delayAfter, FREE_PER_HOUR, MAX_DELAY_SECONDS } from "../../src/server/features/codes/guess-limits.js";

describe("code format", () => {
  it("has no ambiguous characters in its alphabet", () => {
    for (const c of "01ILOU") expect(CODE_ALPHABET).not.toContain(c);
    expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length);
  });

  it("makes codes of the alphabet only, each different", () => {
    const made = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = generateCode();
      expect(code).toHaveLength(GENERATED_LENGTH);
      for (const c of code) expect(CODE_ALPHABET).toContain(c);
      made.add(code);
    }
    expect(made.size).toBe(2000);
  });

  it("reads a shown code back however it is typed: any case, grouped or not, spaces around", () => {
    const typed = fc.record({
      code: fc.string({ unit: fc.constantFrom(...CODE_ALPHABET), minLength: 12, maxLength: 12 }),
      lower: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      separator: fc.constantFrom("-", " ", "", " - ", "\u2013"),
      pad: fc.constantFrom("", " ", "\t"),
    });
    fc.assert(
      fc.property(typed, ({ code, lower, separator, pad }) => {
        const shown = displayCode(code);
        expect(shown).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
        const cased = [...shown.replaceAll("-", separator)]
          .map((c, i) => (lower[i % 12] ? c.toLowerCase() : c))
          .join("");
        expect(normaliseCode(`${pad}${cased}${pad}`)).toBe(code);
        expect(normaliseCode(shown)).toBe(code);
      }),
    );
  });

  it("checks an admin's own code: 4 to 32 letters and digits", () => {
    expect(customCodeProblem(normaliseCode("summer-2026"))).toBeNull();
    expect(customCodeProblem("ABC")).toMatch(/4 to 32/);
    expect(customCodeProblem("A".repeat(33))).toMatch(/4 to 32/);
    expect(customCodeProblem(normaliseCode("SALE!50"))).toMatch(/letters A-Z/);
    expect(customCodeProblem(normaliseCode("ÉTÉ2026"))).toMatch(/letters A-Z/);
  });
});

describe("discount math", () => {
  it("rounds a percentage's discount down to whole cents and never asks below the minimum", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 99 }), (list, percent) => {
        const applied = applyDiscount({ percentOff: percent, amountOffCents: null }, list);
        const exact = (list * percent) / 100;
        if (applied === null) {
          expect(list - Math.floor(exact)).toBeLessThan(MIN_CHARGE_CENTS);
          return;
        }
        expect(Number.isInteger(applied.discountCents)).toBe(true);
        expect(applied.discountCents).toBeLessThanOrEqual(exact);
        expect(exact - applied.discountCents).toBeLessThan(1);
        expect(applied.amountCents + applied.discountCents).toBe(list);
        expect(applied.amountCents).toBeGreaterThanOrEqual(MIN_CHARGE_CENTS);
      }),
    );
  });

  it("takes a fixed amount off, refused where the price would fall below the minimum", () => {
    expect(applyDiscount({ percentOff: null, amountOffCents: 500 }, 1999)).toEqual({
      discountCents: 500,
      amountCents: 1499,
    });
    expect(applyDiscount({ percentOff: null, amountOffCents: 1950 }, 2000)).toEqual({
      discountCents: 1950,
      amountCents: 50,
    });
    expect(applyDiscount({ percentOff: null, amountOffCents: 1951 }, 2000)).toBeNull();
    expect(applyDiscount({ percentOff: null, amountOffCents: 5000 }, 2000)).toBeNull();
    expect(applyDiscount({ percentOff: 33, amountOffCents: null }, 999)).toEqual({
      discountCents: 329,
      amountCents: 670,
    });
  });
});

describe("guessing delay", () => {
  it("is free up to the hour's allowance, then doubles to at most an hour", () => {
    for (let n = 0; n < FREE_PER_HOUR; n++) expect(delayAfter(n)).toBe(0);
    expect(delayAfter(FREE_PER_HOUR)).toBe(30);
    expect(delayAfter(FREE_PER_HOUR + 1)).toBe(60);
    expect(delayAfter(FREE_PER_HOUR + 2)).toBe(120);
    expect(delayAfter(100)).toBe(MAX_DELAY_SECONDS);
  });
});
