/**
 * Every model through every mode it makes, against the simulator over HTTP (issue 42): the video
 * comes back as a real MP4, the options chosen reach the vendor in its words, the price of the
 * chosen cell is charged once, a failed video is refunded once, and options a model does not
 * have are refused with nothing charged.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminNotifications, vendorModelChecks } from "../../src/server/db/schema.js";
import {
  MODEL_CATALOGUE,
  MODELS,
  modesFor,
  type GenerationMode,
  type ModelId,
  type VideoOptions,
} from "../../src/shared/catalogue.js";
import { resolvePrices, webCost } from "../../src/shared/prices.js";
import {
  allowInFlight,
  balanceOf,
  createVideoTestApp,
  randomPng,
  runWorkerUntil,
  taskRow,
  uploadImage,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";
import { SPEC_PRICES } from "../helpers/spec-prices.js";

let t: VideoTestApp;
beforeAll(async () => {
  t = await createVideoTestApp();
});
afterAll(() => t.close());

/** Options other than the defaults where the model has them: the last length and resolution the model allows together, sound off where asked. */
function chosenOptions(model: ModelId): Partial<VideoOptions> {
  const m = MODEL_CATALOGUE[model];
  const resolution = m.resolutions.options.at(-1)!;
  const allowed = m.limits.find((l) => l.resolution === resolution)?.durations ?? m.durations.options;
  return {
    ...(m.durations.chosen ? { durationSeconds: allowed.at(-1)! } : {}),
    resolution,
    ...(m.aspectRatios.chosen ? { aspectRatio: m.aspectRatios.options.at(-1)! } : {}),
    ...(m.audio === "on_request" ? { audio: false } : {}),
  };
}

async function imagesFor(cookie: string | undefined, model: ModelId, mode: GenerationMode): Promise<string[]> {
  const count = MODEL_CATALOGUE[model].modes[mode]!.images.max;
  const urls: string[] = [];
  for (let i = 0; i < Math.min(count, 3); i++) {
    const res = await uploadImage(t.app, cookie, randomPng(), `frame-${i}.png`);
    expect(res.statusCode, res.body).toBe(201);
    urls.push(res.json().imageUrl);
  }
  return urls;
}

async function isMp4(url: string): Promise<boolean> {
  const res = await fetch(url);
  const bytes = Buffer.from(await res.arrayBuffer());
  return res.ok && bytes.toString("latin1", 4, 8) === "ftyp";
}

/** The Market's record of a task: `param` is its request as KIE read it. */
async function marketEcho(taskId: string): Promise<{ model: string; input: Record<string, unknown> }> {
  const res = await fetch(`${t.sim.baseUrl}/api/v1/jobs/recordInfo?taskId=${encodeURIComponent(taskId)}`, {
    headers: { authorization: "Bearer test-simulator-key" },
  });
  const body = (await res.json()) as { data: { param: string } };
  return JSON.parse(body.data.param);
}

const cases = MODELS.flatMap((model) => modesFor(model).map((mode) => [model, mode] as const));

describe("every model, every mode", () => {
  it.each(cases)("%s in %s mode: an MP4 back, the chosen cell's price charged once", async (model, mode) => {
    const u = await userWithCredits(t.app, t.database.db, 500);
    await allowInFlight(t.database.db, u.id);
    const options = chosenOptions(model);
    const imageUrls = mode === "text" ? [] : await imagesFor(u.client.sessionCookie, model, mode);
    const res = await u.client.post("/api/generate-video", {
      prompt: `a lighthouse, ${model}`,
      model,
      mode,
      imageUrls,
      ...options,
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = webCost(resolvePrices(SPEC_PRICES), { model, ...options });
    const { taskId, creditsUsed } = res.json();
    expect(creditsUsed).toBe(expected);
    expect((await balanceOf(t.database.db, u.id)).credits).toBe(500 - expected);

    const submitted = await taskRow(t.database.db, taskId);
    // A model only Google makes (Gemini Omni Flash) is made by the simulator's Gemini fake (decision 0176).
    const googleOnly = !MODEL_CATALOGUE[model].vendors.includes("kie");
    expect(submitted).toMatchObject({ vendor: googleOnly ? "google" : "kie", model, mode });
    expect(submitted.vendorModel).toBeTruthy();
    expect(submitted.providerSurface).toBe(
      googleOnly ? "interactions" : MODEL_CATALOGUE[model].family === "veo" ? "veo" : "market",
    );
    if (options.durationSeconds) expect(submitted.durationSeconds).toBe(options.durationSeconds);
    // The vendor got the images and options in its own words: the Market echoes the request.
    const sent = googleOnly
      ? t.sim.stats.geminiInteractions.find((s) => s.id === taskId)
      : t.sim.stats.submissions.find((s) => s.taskId === taskId);
    expect((sent && "imageUrls" in sent ? sent.imageUrls : sent?.images) ?? []).toHaveLength(imageUrls.length);
    if (googleOnly) {
      expect(t.sim.stats.geminiInteractions.find((s) => s.id === taskId)?.responseFormat).toEqual({
        aspect_ratio: options.aspectRatio,
        duration: options.durationSeconds,
        resolution: options.resolution,
      });
    } else if (MODEL_CATALOGUE[model].family !== "veo") {
      const echoed = await marketEcho(taskId);
      expect(echoed.model).toBe(submitted.vendorModel);
      expect(Number(echoed.input.duration)).toBe(options.durationSeconds);
      const words = JSON.stringify(echoed.input).toLowerCase();
      // (Kling 2.6 makes 720p only and has no such field.)
      if (MODEL_CATALOGUE[model].resolutions.options.length > 1)
        expect(words).toMatch(
          options.resolution === "4k"
            ? /"4k"/
            : options.resolution === "1080p"
              ? /1080p|"pro"/
              : new RegExp(options.resolution!),
        );
      if (options.audio === false) expect(echoed.input.sound ?? echoed.input.generate_audio).toBe(false);
    }

    await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "completed");
    const done = await taskRow(t.database.db, taskId);
    if (googleOnly) {
      // Handed over inline and kept in our store before the task completed.
      const played = await u.client.get(done.resultUrls![0]!);
      expect(played.rawPayload.toString("latin1", 4, 8)).toBe("ftyp");
    } else expect(await isMp4(done.resultUrls![0]!)).toBe(true);
    // Only Veo has a 1080p file to fetch afterwards.
    expect(done.hdStatus === "none").toBe(!MODEL_CATALOGUE[model].upgrades.hd1080);
    // The Market reports what it charged; Google does not.
    if (MODEL_CATALOGUE[model].family !== "veo" && !googleOnly) expect(Number(done.vendorCost)).toBeGreaterThan(0);
    expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 500 - expected, ledger: 500 - expected });
  });
});

describe("failures and refusals", () => {
  it.each(["kling3", "seedance2", "wan26", "wan27", "veo3_fast"] as const)(
    "a failed %s video is refunded once, whoever asks how it went",
    async (model) => {
      const u = await userWithCredits(t.app, t.database.db, 100);
      const res = await u.client.post("/api/generate-video", { prompt: "a storm [sim:fail]", model, mode: "text" });
      expect(res.statusCode, res.body).toBe(200);
      const { taskId } = res.json();
      await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "failed");
      // Asked again (a callback, a poll): nothing more comes back.
      await t.app.jobs.taskWorker.runOnce();
      await u.client.get(`/api/video-status/${taskId}`);
      expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 100, ledger: 100 });
      expect((await taskRow(t.database.db, taskId)).refunded).toBe(true);
    },
  );

  it.each([
    ["kling3", { durationSeconds: 7 }, "Kling 3.0 makes videos of 5 seconds, 10 seconds or 15 seconds, not 7 seconds"],
    ["wan26", { audio: true }, "Wan 2.6 makes videos without sound"],
    [
      "hailuo23_pro",
      { durationSeconds: 10, resolution: "1080p" },
      "Hailuo 2.3 Pro makes 1080p videos of 6 seconds only",
    ],
    ["seedance15_pro", { resolution: "4k" }, "Seedance 1.5 Pro makes 480p, 720p or 1080p videos, not 4k"],
    ["veo3_fast", { aspectRatio: "1:1" }, "Veo3 Fast makes 16:9 or 9:16 videos, not 1:1"],
    ["kling26", { upgrade4k: true }, "Kling 2.6 makes no 4K version"],
    ["kling3", { watermark: "MyBrand" }, "Kling 3.0 takes no watermark"],
    ["wan26", { seeds: 12345 }, "Wan 2.6 takes no seed"],
    [
      "wan27",
      { durationSeconds: 7 },
      "Wan 2.7 makes videos of 2 seconds, 5 seconds, 10 seconds or 15 seconds, not 7 seconds",
    ],
    ["wan27", { resolution: "480p" }, "Wan 2.7 makes 720p or 1080p videos, not 480p"],
    ["wan27", { aspectRatio: "21:9" }, "Wan 2.7 makes 16:9, 9:16, 1:1, 4:3 or 3:4 videos, not 21:9"],
    ["wan27", { audio: false }, "Wan 2.7 always makes its videos with sound"],
  ] as const)("%s with %o is refused (%s), nothing charged", async (model, options, message) => {
    const u = await userWithCredits(t.app, t.database.db, 100);
    const mode = modesFor(model)[0]!;
    const imageUrls = mode === "text" ? [] : await imagesFor(u.client.sessionCookie, model, mode);
    const res = await u.client.post("/api/generate-video", { prompt: "a cat", model, mode, imageUrls, ...options });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "invalid_input", message });
    expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 100, ledger: 100 });
  });

  it("charges the automation API the same cell, and says it in the answer", async () => {
    const u = await userWithCredits(t.app, t.database.db, 500);
    const token = (await u.client.post("/api/user-tokens", { name: "n8n" })).json().token as string;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/n8n/generate",
      headers: { authorization: `Bearer ${token}` },
      payload: { prompt: "a harbour at dawn", model: "kling3", durationSeconds: 10, resolution: "1080p", audio: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = Math.ceil(resolvePrices({})["kling3:1080p+sound"]!.api * 10);
    expect(res.json()).toMatchObject({ success: true, creditsUsed: expected });
    expect((await balanceOf(t.database.db, u.id)).credits).toBe(500 - expected);
  });
});

describe("Wan 2.7 beside Wan 2.6 (decision 0179)", () => {
  it("makes a 2-second 3:4 video with a seed, sent in the Market's words and charged per second", async () => {
    const u = await userWithCredits(t.app, t.database.db, 500);
    const res = await u.client.post("/api/generate-video", {
      prompt: "a kite over dunes",
      model: "wan27",
      mode: "text",
      durationSeconds: 2,
      resolution: "720p",
      aspectRatio: "3:4",
      seeds: 12345,
    });
    expect(res.statusCode, res.body).toBe(200);
    const perSecond = resolvePrices(SPEC_PRICES)["wan27:720p+sound"]!.web;
    const { taskId, creditsUsed } = res.json();
    expect(creditsUsed).toBe(Math.ceil(perSecond * 2));
    const sent = t.sim.stats.submissions.find((s) => s.taskId === taskId);
    expect(sent).toMatchObject({
      model: "wan/2-7-text-to-video",
      input: { prompt: "a kite over dunes", ratio: "3:4", duration: 2, resolution: "720p", seed: 12345 },
    });
    expect(await taskRow(t.database.db, taskId)).toMatchObject({
      vendor: "kie",
      vendorModel: "wan/2-7-text-to-video",
      audio: true,
    });
    await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "completed");
    const done = await taskRow(t.database.db, taskId);
    expect(await isMp4(done.resultUrls![0]!)).toBe(true);
    // KIE's 16 credits a second at 720p, from the Market's creditsConsumed.
    expect(Number(done.vendorCost)).toBe(32);
    expect((await balanceOf(t.database.db, u.id)).credits).toBe(500 - creditsUsed);
  });

  it("sends an image video's first and last frames, and keeps Wan 2.6 for those who choose it", async () => {
    const u = await userWithCredits(t.app, t.database.db, 500);
    await allowInFlight(t.database.db, u.id);
    const imageUrls = await imagesFor(u.client.sessionCookie, "wan27", "image");
    expect(imageUrls).toHaveLength(2);
    const res = await u.client.post("/api/generate-video", {
      prompt: "from dawn to dusk",
      model: "wan27",
      mode: "image",
      imageUrls,
      durationSeconds: 15,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { taskId } = res.json();
    const sent = t.sim.stats.submissions.find((s) => s.taskId === taskId);
    expect(sent?.model).toBe("wan/2-7-image-to-video");
    expect(sent?.imageUrls).toHaveLength(2);
    expect(Object.keys(sent?.input ?? {}).sort()).toEqual(
      ["duration", "first_frame_url", "last_frame_url", "prompt", "resolution"].sort(),
    );
    expect(sent?.input).toMatchObject({ duration: 15, resolution: "1080p" });
    await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "completed");
    expect(Number((await taskRow(t.database.db, taskId)).vendorCost)).toBe(24 * 15);

    const old = await u.client.post("/api/generate-video", { prompt: "the old one", model: "wan26", mode: "text" });
    expect(old.statusCode, old.body).toBe(200);
    expect(t.sim.stats.submissions.find((s) => s.taskId === old.json().taskId)?.model).toBe("wan/2-6-text-to-video");
  });
});

describe("a model its vendor no longer knows", () => {
  it("is taken off sale with a clear message once no vendor is left, once, and its videos stay", async () => {
    const u = await userWithCredits(t.app, t.database.db, 500);
    await allowInFlight(t.database.db, u.id);
    const made = await u.client.post("/api/generate-video", { prompt: "before", model: "seedance15_pro" });
    expect(made.statusCode, made.body).toBe(200);
    const before = (await balanceOf(t.database.db, u.id)).credits;

    // The Market answers "model is not supported": refunded at once; KIE's id is marked gone, and
    // with no other vendor for the model it goes off sale (decision 0173).
    const gone = await u.client.post("/api/generate-video", {
      prompt: "after [sim:unknown-model]",
      model: "seedance15_pro",
    });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ code: "conflict", reason: "model_unavailable" });
    expect(gone.json().message).toMatch(/^Seedance 1\.5 Pro is no longer offered by its video service/);
    expect((await balanceOf(t.database.db, u.id)).credits).toBe(before);
    try {
      const models = (await t.app.inject({ method: "GET", url: "/api/models" }))
        .json()
        .models.map((m: { id: string }) => m.id);
      expect(models).not.toContain("seedance15_pro");
      const again = await u.client.post("/api/generate-video", { prompt: "again", model: "seedance15_pro" });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/^Seedance 1\.5 Pro is no longer available from any provider/);
      const [check] = await t.database.db
        .select()
        .from(vendorModelChecks)
        .where(eq(vendorModelChecks.model, "seedance15_pro"));
      expect(check).toMatchObject({ vendor: "kie", checkStatus: "gone", vendorModelId: "bytedance/seedance-1.5-pro" });
      // KIE has no model lookup, so the daily check leaves a gone KIE id alone: only a new id clears it.
      await t.app.jobs.vendorModelCheck.runOnce(new Date(Date.now() + 2 * 24 * 60 * 60_000));
      const [kept] = await t.database.db
        .select()
        .from(vendorModelChecks)
        .where(eq(vendorModelChecks.model, "seedance15_pro"));
      expect(kept?.checkStatus).toBe("gone");
      // The video made before stays listed.
      const listed = (await u.client.get("/api/video-tasks?days=14"))
        .json()
        .tasks.map((x: { taskId: string }) => x.taskId);
      expect(listed).toContain(made.json().taskId);
      const notices = await t.database.db
        .select()
        .from(adminNotifications)
        .where(eq(adminNotifications.kind, "model_retired"));
      expect(notices).toHaveLength(1);
      expect(notices[0]!.text).toContain("Seedance 1.5 Pro: KIE: bytedance/seedance-1.5-pro is no longer available");
    } finally {
      await t.database.db.delete(vendorModelChecks);
      await t.app.liveEvents.settle();
    }
  });
});
