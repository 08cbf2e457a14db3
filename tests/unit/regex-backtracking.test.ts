/**
 * Issue 36: no function the server runs on a client's text may take time that grows faster than
 * the text. Each one gets adversarial inputs at the largest size the server accepts for it: a long
 * run of the characters a pattern repeats, then one character that breaks the match (drawn by
 * fast-check). Its time is measured as a ratio against a plain pass over a text of the same size
 * (the fastest of a few runs of each), not against the clock: a linear function stays within a
 * few hundred plain passes, a quadratic one at these sizes takes tens of thousands.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { landingPathLocale } from "../../src/shared/i18n.js";
import { isSpaRoute } from "../../src/shared/routes.js";
import { registerSchema } from "../../src/shared/schemas/auth.js";
import { webhookUrlSchema } from "../../src/shared/schemas/webhooks.js";
import { trimChars, trimEndWhere, withoutTrailingSlashes } from "../../src/shared/trim.js";
import { MAX_IMAGE_BYTES, PROMPT_MAX } from "../../src/shared/videos.js";
import { videoFailureOf } from "../../src/shared/video-failures.js";
import { usernameBase } from "../../src/server/features/auth/google-accounts.js";
import { parseImageInput } from "../../src/server/features/automation/reference-image.js";
import { toAutomationStatus } from "../../src/server/features/automation/video-status.js";
import { tokenFromHeader } from "../../src/server/http/bearer-auth.js";
import { idempotencyHeaders } from "../../src/shared/schemas/idempotency.js";
import { findUnstorableText } from "../../src/server/http/input-guard.js";
import { verifyWebhookSignature } from "../../src/server/integrations/creem/signature.js";
import { authorizedKey, type SimContext } from "../../src/server/simulator/context.js";
import { promptMarkers } from "../../src/server/simulator/markers.js";
import { moderationMarkers } from "../../src/server/simulator/moderation-routes.js";
import { RuleMatcher } from "../../src/server/features/moderation/rule-matcher.js";
import { decodeBase64Data } from "../../src/server/simulator/uploads.js";
import { excerpt } from "../../src/server/simulator/veo-routes.js";

const KB = 1024;
/** Node's default limit on a request's headers: no path or header value is longer. */
const HEADER_LIMIT = 16 * KB;
/** The app's JSON body limit (app.ts). */
const BODY_LIMIT = 1024 * KB;
/** The automation API's generate body: a base64 image of MAX_IMAGE_BYTES. */
const IMAGE_LIMIT = Math.ceil((MAX_IMAGE_BYTES * 4) / 3);
/** A provider's failure reason has no fixed limit; 64 KB is far above any real one. */
const PROVIDER_TEXT = 64 * KB;
/**
 * The most an adversarial input may cost, in plain passes over a text of its size. A plain pass
 * costs about a microsecond per KB, so this is about a millisecond per KB.
 */
const BUDGET = 1000;

let sink = 0;
/** The plain baseline: one look at every character. */
function plainPass(text: string): void {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum = (sum + text.charCodeAt(i)) | 0;
  sink ^= sum;
}

/**
 * The fastest of `repeats` runs, in milliseconds (the minimum leaves out GC pauses and other work).
 * It stops at the first run that takes at most `enough`: the rest could only lower the minimum.
 */
function fastest(run: () => void, repeats: number, enough = 0): number {
  let best = Infinity;
  for (let i = 0; i < repeats && best > enough; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

const baselines = new Map<number, number>();
/** The fastest plain pass over a text of `size` characters: measured once per size, every input of that size is timed against it. */
function plainBaseline(size: number): number {
  let baseline = baselines.get(size);
  if (baseline === undefined) {
    const plain = "a".repeat(size);
    const best = fastest(() => plainPass(plain), 20);
    baseline = Math.max(best, 0.001);
    baselines.set(size, baseline);
  }
  return baseline;
}

/** Runs `fn`, ignoring what it throws: a refusal is an answer too. */
function quietly(fn: (text: string) => unknown, text: string): void {
  try {
    fn(text);
  } catch {
    // a 4xx for a bad input: what matters here is how long it took
  }
}

/**
 * How many plain passes `fn` takes on `text`. Only whether that is under the budget matters, so
 * the repeats stop at the first run that is: the fastest of all of them would be under it too.
 */
function costInPlainPasses(fn: (text: string) => unknown, text: string): number {
  // A run of a few milliseconds can lose the CPU on a busy machine: up to ten tries for those (a
  // backtracking pattern is over the budget in every one); the largest texts take long enough.
  const repeats = text.length > BODY_LIMIT ? 2 : 10;
  const baseline = plainBaseline(text.length);
  quietly(fn, text.slice(0, 64)); // compiled before it is timed
  const took = fastest(() => quietly(fn, text), repeats, BUDGET * baseline * 0.999);
  return took / baseline;
}

interface Case {
  /** What it is, for the failure message. */
  name: string;
  fn: (text: string) => unknown;
  /** The largest text the server lets reach it. */
  size: number;
  /** Characters the function's patterns repeat; a run is made of a drawn mix of them. */
  run: string[];
  /** What may follow the run and break the match. */
  breakers: string[];
  prefix?: string;
  /** How many drawn inputs beside the plainest one (fewer for the largest texts). */
  draws?: number;
}

/** A few drawn inputs: prefix, a run of `size` characters, one breaker. */
function adversarialInputs(c: Case): string[] {
  const unit = fc.string({ unit: fc.constantFrom(...c.run), minLength: 1, maxLength: 4 });
  const drawn = fc.sample(fc.tuple(unit, fc.constantFrom(...c.breakers)), { numRuns: c.draws ?? 3, seed: 36 });
  // Always the plainest attack too: one character repeated.
  const inputs = [[c.run[0]!, c.breakers[0]!] as const, ...drawn];
  return inputs.map(([piece, breaker]) => {
    const body = piece
      .repeat(Math.ceil(c.size / piece.length))
      .slice(0, c.size - (c.prefix ?? "").length - breaker.length);
    return `${c.prefix ?? ""}${body}${breaker}`;
  });
}

const sim = { apiKey: undefined, accounts: new Map() } as unknown as SimContext;
/** Rules each a prefix of the next, broken by what follows: the worst for a naive matcher. */
const screeningRules = RuleMatcher.compile(
  Array.from({ length: 40 }, (_, i) => ({ text: `*${"ab".repeat(i + 1)}c*`, kind: "flag" as const })),
);
const failedTask = (errorMessage: string) =>
  toAutomationStatus(
    {
      taskId: "t",
      status: "failed",
      resultUrls: null,
      hdVideoUrl: null,
      hdStatus: "none",
      uhdVideoUrl: null,
      aspectRatio: "16:9",
      errorMessage,
      videoExpired: false,
    },
    0,
  );

const CASES: Case[] = [
  // The not-found handler on a page path (GET or HEAD of anything outside /api/).
  { name: "isSpaRoute", fn: isSpaRoute, size: HEADER_LIMIT, run: ["/"], breakers: ["x", "a/", "%20"], prefix: "/" },
  {
    name: "isSpaRoute (a page below)",
    fn: isSpaRoute,
    size: HEADER_LIMIT,
    run: ["/", "a/"],
    breakers: ["x"],
    prefix: "/admin/users/",
  },
  {
    name: "landingPathLocale",
    fn: landingPathLocale,
    size: HEADER_LIMIT,
    run: ["/"],
    breakers: ["x", "en"],
    prefix: "/",
  },
  { name: "withoutTrailingSlashes", fn: withoutTrailingSlashes, size: BODY_LIMIT, run: ["/"], breakers: ["x", "/x"] },
  {
    name: "trimChars",
    fn: (text) => trimChars(text, "/"),
    size: BODY_LIMIT,
    run: ["/", "/a"],
    breakers: ["x"],
    prefix: "x",
  },
  // Headers.
  {
    name: "tokenFromHeader",
    fn: tokenFromHeader,
    size: HEADER_LIMIT,
    run: [" ", "a", "\t", "a "],
    breakers: ["x", " y"],
    prefix: "Bearer ",
  },
  {
    name: "simulator authorizedKey",
    fn: (text) => authorizedKey(sim, text),
    size: HEADER_LIMIT,
    run: [" ", "\t", "a"],
    breakers: ["\n", "", "x"],
    prefix: "Bearer",
  },
  {
    name: "Idempotency-Key",
    fn: (text) => idempotencyHeaders.safeParse({ "idempotency-key": text }),
    size: HEADER_LIMIT,
    run: ["a", " "],
    breakers: ["\u0001"],
  },
  {
    name: "Creem webhook signature",
    fn: (text) => verifyWebhookSignature(Buffer.from("{}"), text, "secret"),
    size: HEADER_LIMIT,
    run: ["0", "a"],
    breakers: ["g", " "],
  },
  // Bodies.
  {
    name: "input guard (surrogates)",
    fn: (text) => findUnstorableText({ text }, "body"),
    size: BODY_LIMIT,
    run: ["\uD800\uDC00", "\uDC00", "a"],
    breakers: ["\uD800", "\u0000"],
  },
  {
    name: "register username",
    fn: (text) => registerSchema.safeParse({ username: text, password: "password1" }),
    size: BODY_LIMIT,
    run: ["a", ".", "_-"],
    breakers: ["!"],
  },
  {
    name: "register e-mail",
    fn: (text) => registerSchema.safeParse({ username: "alice", email: text, password: "password1" }),
    size: BODY_LIMIT,
    run: ["a", ".", "a."],
    breakers: ["@", "@a", "!"],
  },
  {
    name: "webhook URL",
    fn: (text) => webhookUrlSchema.safeParse(text),
    size: BODY_LIMIT,
    run: ["a.", "/", "a"],
    breakers: ["!", " "],
    prefix: "https://",
  },
  {
    name: "base64 image",
    fn: parseImageInput,
    size: IMAGE_LIMIT,
    run: ["A", "=", "A=", "\n"],
    breakers: ["!", "=A"],
    prefix: "data:image/png;base64,",
    draws: 1,
  },
  // Google's claims, KIE's failure reason, the simulator's prompt and upload handling.
  {
    name: "Google username",
    fn: (text) => usernameBase({ sub: "1", email: `${text}@example.com`, emailVerified: true, name: undefined }),
    size: HEADER_LIMIT,
    run: [".", "_", "-", "._-"],
    breakers: ["x"],
    prefix: "a",
  },
  {
    name: "video-status failure reason",
    fn: failedTask,
    size: PROVIDER_TEXT,
    run: [".", " ", ". ", "\n"],
    breakers: ["x"],
    prefix: "x",
  },
  {
    // A vendor's failure told as its reason (decision 0163): "image" and refusal words, many times over.
    name: "videoFailureOf",
    fn: (text) => videoFailureOf(text, { code: 400 }),
    size: PROVIDER_TEXT,
    run: ["image ", "image", " ", "fetch ", "content "],
    breakers: ["x", "flagged", "audio"],
    prefix: "x",
  },
  {
    name: "simulator prompt markers",
    fn: promptMarkers,
    size: BODY_LIMIT,
    run: ["[sim:", "[", "sim:"],
    breakers: ["x", "]"],
  },
  {
    name: "simulator moderation markers",
    fn: moderationMarkers,
    size: BODY_LIMIT,
    run: ["[mod:", "[", "mod:"],
    breakers: ["x", "]"],
  },
  // The admin's rules on a prompt (decision 0089): folded, then one automaton pass per reading.
  {
    name: "prompt screening rules",
    fn: (text) => screeningRules.match(text),
    size: PROMPT_MAX,
    run: ["ab", "a", " ", "\u200b", "$", "é", "k i "],
    breakers: ["c", "x"],
  },
  { name: "simulator excerpt", fn: excerpt, size: BODY_LIMIT, run: [" ", "\u0001", "\n"], breakers: ["x"] },
  {
    name: "simulator base64 upload",
    fn: decodeBase64Data,
    size: IMAGE_LIMIT,
    run: [";", ";base64", "A"],
    breakers: ["", "x"],
    prefix: "data:",
    draws: 1,
  },
];

describe("regular expressions on client text (issue 36)", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s stays linear on adversarial input", (_name, c) => {
    for (const text of adversarialInputs(c)) {
      const passes = costInPlainPasses(c.fn, text);
      expect(
        passes,
        `${c.name}: ${text.length} chars (${JSON.stringify(text.slice(-12))} at the end) took ${Math.round(passes)} plain passes`,
      ).toBeLessThan(BUDGET);
    }
    expect(sink).toBeTypeOf("number");
  });

  // The loops give what the patterns gave, on short texts where the patterns are quick.
  it("the trimming loops cut what the patterns they replace cut", () => {
    const text = (chars: string[]) => fc.string({ unit: fc.constantFrom(...chars), maxLength: 12 });
    fc.assert(
      fc.property(text(["/", "a", "x"]), (s) => withoutTrailingSlashes(s) === s.replace(/\/+$/, "")),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(
        text([".", "_", "-", "a", "/"]),
        (s) =>
          trimChars(s, "._-") === s.replace(/^[._-]+|[._-]+$/g, "") &&
          trimChars(s, "/") === s.replace(/^\/+|\/+$/g, ""),
      ),
      { numRuns: 500 },
    );
    const dotOrSpace = (char: string) => char === "." || /\s/.test(char);
    fc.assert(
      fc.property(
        text([".", " ", "\n", "\u00a0", "\u2028", "a"]),
        (s) => trimEndWhere(s, dotOrSpace) === s.replace(/[.\s]+$/, ""),
      ),
      { numRuns: 500 },
    );
  });
});
