/**
 * The admin's rules (decision 0089): the folding of text they match on, the matcher's answers, and
 * its cost. The cost is counted in the automaton's moves, not timed: a property over drawn rule
 * sets and texts (adversarial ones included: nested and overlapping rules over runs of one
 * letter) holds every scan to at most two moves per character of the folded text.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ruleText, ruleWords } from "../../src/server/features/moderation/normalise.js";
import { RuleMatcher, type StepCounter } from "../../src/server/features/moderation/rule-matcher.js";
import type { ModerationRule } from "../../src/shared/schemas/moderation.js";

const deny = (text: string): ModerationRule => ({ text, kind: "deny" });
const flag = (text: string): ModerationRule => ({ text, kind: "flag" });

describe("folding", () => {
  it.each([
    ["Hello, World!", ["heiio", "worid"]],
    ["GIẾT NGƯỜI đi", ["giet", "nguoi", "di"]],
    ["ｆｕｌｌ　ｗｉｄｔｈ", ["fuii", "width"]],
    ["zero\u200bwidth soft\u00adhyphen", ["zerowidth", "softhyphen"]],
    // Cyrillic о, р, е, н: "open" to the eye.
    ["\u043e\u0440\u0435\u043d", ["opeh"]],
    ["k i l l  them", ["kii", "them"]],
    ["s.p.a.c.e.d out", ["spaced", "out"]],
    ["n00b l33t", ["noob", "ieet"]],
    ["loooooong", ["ioong"]],
    ["\u3164\u115f", []],
    ["", []],
  ])("%j folds to %j", (text, words) => {
    expect(ruleWords(text, false)).toEqual(words);
  });

  it("reads $, @, !, | as letters in one reading and as breaks in the other", () => {
    expect(ruleWords("$h!t @ss kill!", true)).toEqual(["shit", "ass", "kii"]);
    // "h", "t" and "ss" apart; the single letters "h" and "t" join.
    expect(ruleWords("$h!t @ss kill!", false)).toEqual(["ht", "ss", "kii"]);
  });
});

describe("the matcher", () => {
  const matcher = RuleMatcher.compile([
    deny("forbidden fruit"),
    deny("kill*"),
    deny("*bomb"),
    flag("*nsfw*"),
    flag("fruit"),
  ]);

  it.each([
    ["The FORBIDDEN fruit", { kind: "deny", rule: "forbidden fruit" }],
    ["killers", { kind: "deny", rule: "kill*" }],
    ["a photobomb", { kind: "deny", rule: "*bomb" }],
    ["bombastic", undefined],
    ["skill", undefined],
    ["xxnsfwxx", { kind: "flag", rule: "*nsfw*" }],
    // A deny anywhere wins over a flag found earlier.
    ["fruit then kill", { kind: "deny", rule: "kill*" }],
    ["just fruit", { kind: "flag", rule: "fruit" }],
    ["fruitcake", undefined],
  ])("%j -> %j", (text, expected) => {
    expect(matcher.match(text)).toEqual(expected);
  });

  it("matches nothing with no rules, or rules of nothing but wildcards and symbols", () => {
    expect(RuleMatcher.compile([]).match("anything")).toBeUndefined();
    expect(RuleMatcher.compile([deny("**"), deny("*.*")]).empty).toBe(true);
  });

  it("finds every rule of a large list, each in its own prompt", () => {
    // Names from letters no look-alike folds onto another, so no two rules are the same rule.
    const letters = "bcdfghjkmnpqrwxyz";
    const name = (n: number) => letters[n % 17]! + letters[Math.floor(n / 17) % 17]! + letters[Math.floor(n / 289)]!;
    const rules = Array.from({ length: 500 }, (_, i) => deny(`word${name(i)}`));
    const big = RuleMatcher.compile(rules);
    for (const rule of rules)
      expect(big.match(`a b ${rule.text.toUpperCase()} c`)).toEqual({ kind: "deny", rule: rule.text });
    expect(big.match("a wordbbb b")).toEqual({ kind: "deny", rule: "wordbbb" });
    expect(big.match("a wordzzc b")).toBeUndefined();
  });
});

describe("the matcher's cost", () => {
  const alphabet = ["a", "b", "a", " ", "*", "l", "1", "$", "é", "\u200b"];
  const word = fc.string({ unit: fc.constantFrom(...alphabet), minLength: 1, maxLength: 12 });
  const rules = fc.array(fc.record({ text: word, kind: fc.constantFrom("deny" as const, "flag" as const) }), {
    minLength: 1,
    maxLength: 40,
  });
  const text = fc.oneof(
    fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 2000 }),
    fc
      .tuple(fc.constantFrom("a", "ab", "a ", "aab"), fc.integer({ min: 1, max: 2000 }), fc.constantFrom("", "b", "x"))
      .map(([piece, n, end]) => piece.repeat(n) + end),
  );

  const folded = (t: string) => ruleText(t, false).length + ruleText(t, true).length;

  it("takes at most two moves per folded character, whatever the rules and the text", () => {
    fc.assert(
      fc.property(rules, text, (list, input) => {
        const counter: StepCounter = { steps: 0 };
        RuleMatcher.compile(list).match(input, counter);
        expect(counter.steps).toBeLessThanOrEqual(2 * folded(input));
      }),
      { numRuns: 300, seed: 41 },
    );
  });

  it("holds at a quarter megabyte against the rules that make a naive matcher quadratic", () => {
    // "abc", "ababc", ... : each a prefix of the next, each broken by the text's next "a". (No
    // run of one letter: folding cuts those to two.)
    const nested = Array.from({ length: 40 }, (_, i) => flag(`*${"ab".repeat(i + 1)}c*`));
    const input = "ab".repeat(128 * 1024);
    const counter: StepCounter = { steps: 0 };
    expect(RuleMatcher.compile(nested).match(input, counter)).toBeUndefined();
    expect(counter.steps).toBeLessThanOrEqual(2 * folded(input));
  });
});
