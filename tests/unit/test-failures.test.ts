import { describe, expect, it } from "vitest";
import { failureLines } from "../../scripts/test-failures.mjs";

// Shaped as Vitest 4 and Playwright print them, colours included.
const vitest = [
  "\u001b[31m✗\u001b[39m a test",
  "\u001b[41m\u001b[1m FAIL \u001b[22m\u001b[49m \u001b[42m integration \u001b[49m tests/integration/a.test.ts\u001b[2m > \u001b[22msuite\u001b[2m > \u001b[22mfails",
  "\u001b[31m\u001b[1mAssertionError\u001b[22m: expected 503 to be 200\u001b[39m",
  "",
  "\u001b[41m\u001b[1m FAIL \u001b[22m\u001b[49m \u001b[42m integration \u001b[49m tests/integration/b.test.ts\u001b[2m > \u001b[22mtimes out",
  "\u001b[31m\u001b[1mError\u001b[22m: Test timed out in 30000ms.\u001b[39m",
  "\u001b[41m\u001b[1m FAIL \u001b[22m\u001b[49m \u001b[42m integration \u001b[49m tests/integration/a.test.ts\u001b[2m > \u001b[22msuite\u001b[2m > \u001b[22mfails",
  "\u001b[31m\u001b[1mAssertionError\u001b[22m: expected 503 to be 200\u001b[39m",
].join("\n");

const playwright = [
  "  ✘   3 [shared] › tests/e2e/a.spec.ts:10:1 › opens the page (30.0s)",
  "  1) [shared] › tests/e2e/a.spec.ts:10:1 › opens the page ──────────────",
  "",
  "    Test timeout of 30000ms exceeded.",
  "",
  "  1 failed",
  "    [shared] › tests/e2e/a.spec.ts:10:1 › opens the page",
].join("\n");

describe("failureLines", () => {
  it("names each failed Vitest test once, with the first line of its reason", () => {
    expect(failureLines(vitest)).toEqual([
      "FAIL integration tests/integration/a.test.ts > suite > fails\n    AssertionError: expected 503 to be 200",
      "FAIL integration tests/integration/b.test.ts > times out\n    Error: Test timed out in 30000ms.",
    ]);
  });

  it("names a failed Playwright test with its timeout, not the list line or the summary", () => {
    expect(failureLines(playwright)).toEqual([
      "1) [shared] › tests/e2e/a.spec.ts:10:1 › opens the page\n    Test timeout of 30000ms exceeded.",
    ]);
  });

  it("shows at most the number asked for, then how many more, and clips long lines", () => {
    const many = Array.from({ length: 12 }, (_, i) => ` FAIL  t.test.ts > test ${i} ${"x".repeat(300)}`).join("\n");
    const lines = failureLines(many, 3);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe("… and 9 more");
    expect(lines[0]).toHaveLength(200);
  });

  it("finds nothing in a passing run's output", () => {
    expect(failureLines(" ✓ |unit| tests/unit/a.test.ts (3 tests) 12ms\n Test Files  1 passed (1)")).toEqual([]);
  });
});
