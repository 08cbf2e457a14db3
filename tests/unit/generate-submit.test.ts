/**
 * Submitting a reserved video (decision 0139, generate-submit.ts): the order keys and vendors are
 * tried in, and what the person is told when none takes it. Small fakes stand for the vendors and
 * the database; the integration suites (vendor-failover, video-generate) run the real ones.
 */
import { describe, expect, it } from "vitest";
import { AppError } from "../../src/server/http/errors.js";
import { VendorError } from "../../src/server/integrations/video/errors.js";
import type { VideoMaker } from "../../src/server/integrations/video/port.js";
import type { VideoReservation } from "../../src/server/features/credits/ledger.js";
import type { GenerateDeps } from "../../src/server/features/videos/generate-service.js";
import { EXTEND_AFTER_HD, refusal, submitWithFailover } from "../../src/server/features/videos/generate-submit.js";
import type { VendorKey } from "../../src/server/features/videos/video-vendors.js";
import type { GenerateVideoInput } from "../../src/shared/schemas/videos.js";

const input = {
  prompt: "a red kite over the sea",
  model: "veo3_fast",
  mode: "text",
  aspectRatio: "16:9",
  imageUrls: [],
  upgrade4k: false,
  keepExtendable: false,
  enableFallback: false,
} as unknown as GenerateVideoInput;

const reservation = {
  userId: "u1",
  cost: 3,
  uhd: { cost: 2, description: "4K upgrade" },
  description: "Video generation",
  task: { taskId: "unsubmitted_1", imageUrls: [] },
} as unknown as VideoReservation;

/** A key whose maker answers `outcome`: a vendor task id, or a vendor error. */
function key(name: string, vendor: "kie" | "google", outcome: string | VendorError, tried: string[]): VendorKey {
  const maker = {
    surface: "veo",
    vendorModel: () => "veo3_fast",
    submit: async () => {
      tried.push(name);
      if (outcome instanceof VendorError) throw outcome;
      return { vendorTaskId: outcome };
    },
  } as unknown as VideoMaker;
  return { vendor, source: "account", vendorAccountId: `${name}-account`, maker };
}

/** The database as submitWithFailover meets it: the vendor's id recorded, a task failed (and refunded). */
function fakeDb(failed: string[], recorded: boolean) {
  const tx = {
    update: () => ({
      set: (row: { errorMessage: string }) => ({
        where: () => ({
          returning: async () => {
            failed.push(row.errorMessage);
            return [];
          },
        }),
      }),
    }),
  };
  return {
    execute: async () => ({ rows: recorded ? [{ id: "task-1" }] : [] }),
    transaction: async <T>(work: (t: typeof tx) => Promise<T>) => work(tx),
  };
}

function setup(groups: VendorKey[][], { recorded = true } = {}) {
  const failed: string[] = [];
  const marked: string[] = [];
  const retired: string[] = [];
  let woken = 0;
  const deps = {
    db: fakeDb(failed, recorded),
    provider: {
      candidatesFor: async () => groups,
      recordAccountUse: async () => {},
      markAccount: async (id: string, kind: string) => void marked.push(`${id}:${kind}`),
    },
    uploads: { readByUrl: async () => Buffer.alloc(0) },
    callbackUrlFor: () => undefined,
    retireVendorModel: async (gone: { model: string; vendor: string; vendorModelId: string }) =>
      void retired.push(`${gone.model}@${gone.vendor}:${gone.vendorModelId}`),
    firstCheckMs: 1000,
    wake: () => void woken++,
  } as unknown as GenerateDeps;
  return { deps, failed, marked, retired, woken: () => woken };
}

const submit = (deps: GenerateDeps) => submitWithFailover(deps, input, reservation, { id: "task-1", remaining: 10 });

const refusedWith = async (promise: Promise<unknown>): Promise<AppError> => {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

describe("submitting with failover", () => {
  it("moves on to the vendor's next key on key trouble, then to the next vendor when a vendor is down", async () => {
    const tried: string[] = [];
    const { deps, marked, failed, woken } = setup([
      [
        key("kie-1", "kie", new VendorError("insufficient_credits", "no credits"), tried),
        key("kie-2", "kie", new VendorError("unavailable", "maintenance"), tried),
        key("kie-3", "kie", "never", tried),
      ],
      [key("google-1", "google", "op-7", tried)],
    ]);
    expect(await submit(deps)).toEqual({ taskId: "op-7", creditsUsed: 5, remainingCredits: 10 });
    expect(tried).toEqual(["kie-1", "kie-2", "google-1"]);
    expect(marked).toEqual(["kie-1-account:insufficient_credits"]);
    expect(failed).toEqual([]);
    expect(woken()).toBe(1);
  });

  it("sends a video marked by welcome credits only where a watermark goes, with ours (decision 0155)", async () => {
    const tried: string[] = [];
    const jobs: { watermark?: string }[] = [];
    const kie = key("kie-1", "kie", new VendorError("unavailable", "maintenance"), tried);
    const submitKie = kie.maker.submit.bind(kie.maker);
    kie.maker.submit = async (job) => {
      jobs.push(job);
      return submitKie(job);
    };
    const { deps, failed } = setup([[kie], [key("google-1", "google", "op-7", tried)]]);
    const mine = { ...input, watermark: "mine" };
    const err = await refusedWith(
      submitWithFailover(deps, mine, reservation, { id: "task-1", remaining: 10, welcomeMarked: true }),
    );
    // KIE was down; Google's Gemini API puts no watermark on a video, so it is not tried.
    expect(err.code).toBe("service_unavailable");
    expect(tried).toEqual(["kie-1"]);
    expect(jobs.map((j) => j.watermark)).toEqual(["Veo Studio"]);
    expect(failed).toHaveLength(1);
  });

  it("stops at a refusal: the same prompt would be refused elsewhere", async () => {
    const tried: string[] = [];
    const { deps, failed } = setup([
      [
        key(
          "kie-1",
          "kie",
          new VendorError("rejected", "Your prompt was flagged as violating content policies"),
          tried,
        ),
      ],
      [key("google-1", "google", "op-7", tried)],
    ]);
    const err = await refusedWith(submit(deps));
    expect(err.code).toBe("unprocessable");
    expect(tried).toEqual(["kie-1"]);
    expect(failed).toHaveLength(1);
  });

  it("never sends elsewhere a video a vendor may have taken (a timeout)", async () => {
    const tried: string[] = [];
    const timeout = new VendorError("unavailable", "timed out", undefined, undefined, false);
    const { deps, failed } = setup([[key("kie-1", "kie", timeout, tried)], [key("google-1", "google", "op-7", tried)]]);
    expect((await refusedWith(submit(deps))).code).toBe("service_unavailable");
    expect(tried).toEqual(["kie-1"]);
    expect(failed).toEqual(["timed out."]);
  });

  it("marks the vendor's retired id gone and tries the next vendor", async () => {
    const tried: string[] = [];
    const { deps, retired } = setup([
      [key("kie-1", "kie", new VendorError("model_retired", "model not found"), tried)],
      [key("google-1", "google", "op-7", tried)],
    ]);
    expect((await submit(deps)).taskId).toBe("op-7");
    expect(retired).toEqual(["veo3_fast@kie:veo3_fast"]);
  });

  it("tells of the first vendor's outage, not of a second vendor's retired id", async () => {
    const tried: string[] = [];
    const { deps, retired } = setup([
      [key("kie-1", "kie", new VendorError("unavailable", "KIE is down"), tried)],
      [key("google-1", "google", new VendorError("model_retired", "models/x is no longer available"), tried)],
    ]);
    expect((await refusedWith(submit(deps))).code).toBe("service_unavailable");
    expect(tried).toEqual(["kie-1", "google-1"]);
    expect(retired).toEqual(["veo3_fast@google:veo3_fast"]);
  });

  it("leaves failed a task the vendor took after it was refunded, and says the credits came back", async () => {
    const tried: string[] = [];
    const { deps, woken } = setup([[key("kie-1", "kie", "late-1", tried)]], { recorded: false });
    const err = await refusedWith(submit(deps));
    expect(err.code).toBe("service_unavailable");
    expect(err.message).toContain("Your 5 credits were refunded.");
    expect(woken()).toBe(0);
  });
});

describe("what the person is told when no key took the video", () => {
  it("words a content refusal as the person's, and marks it refused", () => {
    const r = refusal(new VendorError("rejected", "Your prompt was flagged as violating content policies"), 1, "veo3");
    expect(r.kind).toBe("refused");
    expect(r.error.code).toBe("unprocessable");
    // In our words with a next step (decision 0163), and the reason for the web to say it in vi.
    expect(r.error.message).toBe(
      "Veo3 (Quality) declined this prompt under its content rules. Try describing the scene in other words. Your 1 credit was refunded.",
    );
    expect(r.error.extra).toMatchObject({
      reason: "video_refused",
      params: { failure: "prompt_declined", model: "Veo3 (Quality)", credits: 1 },
    });
  });

  it("words the vendor's other refusals with what to do next, not as refused content", () => {
    const english = refusal(
      new VendorError("rejected", "Only English prompts are supported at this time.", 400),
      2,
      "veo3_fast",
    );
    expect(english.kind).toBeUndefined();
    expect(english.error.message).toBe(
      "Veo3 Fast takes prompts in English only. Write the prompt in English and try again. Your 2 credits were refunded.",
    );
    expect(english.error.extra).toMatchObject({ params: { failure: "english_only" } });
    const image = refusal(
      new VendorError(
        "rejected",
        "Failed to fetch the image. Kindly verify any access limits set by you or your service provider.",
        451,
      ),
      2,
      "veo3_fast",
    );
    expect(image.error.message).toMatch(
      /^The video service could not download an image of this video\. Upload the image again, or use another one\. /,
    );
    const unsafe = refusal(new VendorError("rejected", "public error unsafe image upload.", 400), 2, "veo3_fast");
    expect(unsafe.kind).toBe("refused");
    expect(unsafe.error.extra).toMatchObject({ params: { failure: "image_declined" } });
  });

  it("says an extension after the 1080p version cannot be made", () => {
    const r = refusal(new VendorError("rejected", "Videos after 1080P generation cannot be extended"), 4, "veo3");
    expect(r.reason).toBe(EXTEND_AFTER_HD);
    expect(r.error.extra).toMatchObject({ reason: "extend_refused" });
  });

  it("asks for a minute when the vendor is busy", () => {
    const r = refusal(new VendorError("rate_limited", "slow down"), 2, "veo3");
    expect(r.error.code).toBe("service_unavailable");
    expect(r.error.headers).toEqual({ "retry-after": "60" });
    expect(r.error.extra).toMatchObject({ reason: "provider_busy" });
  });

  it("names a model its vendor retired", () => {
    const r = refusal(new VendorError("model_retired", "gone"), 2, "veo3_fast");
    expect(r.error.code).toBe("conflict");
    expect(r.error.extra).toMatchObject({ reason: "model_unavailable" });
  });

  it("calls anything else a temporary outage", () => {
    for (const err of [undefined, new VendorError("failed", "boom"), new VendorError("unauthorized", "bad key")]) {
      const r = refusal(err, 2, "veo3");
      expect(r.error.code).toBe("service_unavailable");
      expect(r.error.extra).toMatchObject({ reason: "generation_unavailable" });
      expect(r.kind).toBeUndefined();
    }
  });
});
