/**
 * The admin's rules matched in one pass (decision 0089): every rule is a string of folded words
 * (normalise.ts) and all of them are found at once with an Aho-Corasick automaton, so a prompt
 * costs a few steps per character whatever the rules are: no regular expression of the admin's
 * ever runs. A rule's edges are spaces unless it has a wildcard there: " kill " is the word,
 * " kill" starts a word (`kill*`), "kill " ends one (`*kill`), "kill" is anywhere (`*kill*`).
 */
import { ruleCore, type ModerationRule, type RuleKind } from "../../../shared/schemas/moderation.js";
import { ruleText, ruleWords } from "./normalise.js";

export interface RuleMatch {
  kind: RuleKind;
  /** The rule as the admin wrote it. */
  rule: string;
}

/** Counts the automaton's moves, for the test that holds it to linear cost. */
export interface StepCounter {
  steps: number;
}

/** The rule's pattern in the folded text, or undefined when nothing of it is left. */
function patternOf(text: string): string | undefined {
  const words = ruleWords(ruleCore(text), true);
  if (words.length === 0) return undefined;
  const open = text.startsWith("*");
  const close = text.length > 1 && text.endsWith("*");
  return `${open ? "" : " "}${words.join(" ")}${close ? "" : " "}`;
}

export class RuleMatcher {
  /** Each state's moves by character code. */
  private readonly next: Map<number, number>[] = [new Map<number, number>()];
  private fail: number[] = [0];
  /** The best rule ending at each state, its failure chain included (a deny before a flag); -1: none. */
  private found: number[] = [-1];

  private constructor(private readonly rules: readonly ModerationRule[]) {
    rules.forEach((rule, index) => {
      const pattern = patternOf(rule.text);
      if (pattern !== undefined) this.add(pattern, index);
    });
    this.link();
  }

  static compile(rules: readonly ModerationRule[]): RuleMatcher {
    return new RuleMatcher(rules);
  }

  get empty(): boolean {
    return this.next[0]!.size === 0;
  }

  private better(a: number, b: number): number {
    if (a === -1) return b;
    if (b === -1) return a;
    return this.rules[b]!.kind === "deny" && this.rules[a]!.kind !== "deny" ? b : a;
  }

  private add(pattern: string, index: number): void {
    let state = 0;
    for (let i = 0; i < pattern.length; i++) {
      const code = pattern.charCodeAt(i);
      let to = this.next[state]!.get(code);
      if (to === undefined) {
        to = this.next.length;
        this.next.push(new Map());
        this.fail.push(0);
        this.found.push(-1);
        this.next[state]!.set(code, to);
      }
      state = to;
    }
    this.found[state] = this.better(this.found[state]!, index);
  }

  /** Failure links, breadth first, and each state's best rule through them. */
  private link(): void {
    const queue: number[] = [];
    for (const child of this.next[0]!.values()) queue.push(child);
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      for (const [code, child] of this.next[state]!) {
        let f = this.fail[state]!;
        while (f !== 0 && !this.next[f]!.has(code)) f = this.fail[f]!;
        const to = this.next[f]!.get(code);
        this.fail[child] = to !== undefined && to !== child ? to : 0;
        this.found[child] = this.better(this.found[child]!, this.found[this.fail[child]]!);
        queue.push(child);
      }
    }
  }

  /** The first deny in `folded`, else its first flag. */
  private scan(folded: string, counter?: StepCounter): number {
    let state = 0;
    let flag = -1;
    for (let i = 0; i < folded.length; i++) {
      const code = folded.charCodeAt(i);
      let to = this.next[state]!.get(code);
      while (to === undefined && state !== 0) {
        state = this.fail[state]!;
        to = this.next[state]!.get(code);
        if (counter) counter.steps++;
      }
      state = to ?? 0;
      if (counter) counter.steps++;
      const hit = this.found[state]!;
      if (hit === -1) continue;
      if (this.rules[hit]!.kind === "deny") return hit;
      if (flag === -1) flag = hit;
    }
    return flag;
  }

  /** What the rules say about `text`: read with "$", "@", "!", "|" as punctuation, then as letters. */
  match(text: string, counter?: StepCounter): RuleMatch | undefined {
    if (this.empty) return undefined;
    let best = -1;
    for (const symbolsAreLetters of [false, true]) {
      best = this.better(best, this.scan(ruleText(text, symbolsAreLetters), counter));
      if (best !== -1 && this.rules[best]!.kind === "deny") break;
    }
    if (best === -1) return undefined;
    const rule = this.rules[best]!;
    return { kind: rule.kind, rule: rule.text };
  }
}

const compiled = new WeakMap<readonly ModerationRule[], RuleMatcher>();

/** The matcher of a rules list, built once per list (the settings cache hands out the same array until they change). */
export function matcherFor(rules: readonly ModerationRule[]): RuleMatcher {
  let matcher = compiled.get(rules);
  if (!matcher) {
    matcher = RuleMatcher.compile(rules);
    compiled.set(rules, matcher);
  }
  return matcher;
}
