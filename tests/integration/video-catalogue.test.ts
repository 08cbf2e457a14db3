/**
 * The catalogue decides what can be made (issue 22, decision 0048): every model x mode x aspect x
 * image count is accepted or refused as it says, on the web route and through the API, at the
 * price the admin set, and reaches the provider with the mode's generationType.
 */
import { KIE_GENERATION_TYPES } from "../../src/server/integrations/kie/veo-words.js";
import { startImageHost } from "../helpers/image-host.js";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { videoTasks } from "../../src/server/db/schema.js";
import {
  ASPECT_RATIOS,
  combinationProblem,
  impliedMode,
  MODEL_CATALOGUE,
  MODELS,
  MODES,
  optionsProblem,
  type GenerationMode,
} from "../../src/shared/catalogue.js";
import { resolvePrices, webCost } from "../../src/shared/prices.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { Client, signInAdmin } from "../helpers/test-app.js";
import {
  balanceOf,
  allowInFlight,
  createVideoTestApp,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";
import { makingCostsNextToNothing } from "../helpers/cheap-making.js";

let t: VideoTestApp;
// Started before the cases are listed: some of them hold image URLs.
const host = await startImageHost();
const db = () => t.database.db;

beforeAll(async () => {
  // One person sends every combination's links: each is one of their image uploads (decision 0134).
  t = await createVideoTestApp({ uploadLimits: { perUser: { max: 10_000, windowMs: 60_000 } } });
  await makingCostsNextToNothing(t.database.db);
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(async () => {
  await t?.close();
  await host.close();
});

const images = (n: number) => Array.from({ length: n }, (_, i) => host.url(`${i + 1}.png`));
/** What a task keeps of n linked images: our stored copies (decision 0094). */
const copies = (n: number) =>
  Array.from({ length: n }, () => expect.stringMatching(/\/uploads\/tmp-[a-f0-9]{32}\.png$/) as unknown);

async function bearerOf(client: Client): Promise<string> {
  const res = await client.post("/api/user-tokens", { name: "catalogue" });
  expect(res.statusCode, res.body).toBe(201);
  return `Bearer ${res.json().token as string}`;
}

async function apiGenerate(app: FastifyInstance, bearer: string, body: unknown) {
  await app.liveEvents.settle();
  return app.inject({
    method: "POST",
    url: "/api/n8n/generate",
    headers: { authorization: bearer },
    payload: body as object,
  });
}

/** What KIE was asked for: the simulator's record of the task echoes the request. */
async function providerParams(taskId: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${t.sim.baseUrl}/api/v1/veo/record-info?taskId=${encodeURIComponent(taskId)}`, {
    headers: { authorization: "Bearer test-simulator-key" },
  });
  const body = (await res.json()) as { data: { paramJson: string } };
  return JSON.parse(body.data.paramJson) as Record<string, unknown>;
}

describe("every combination on both routes", () => {
  const modes: Array<GenerationMode | undefined> = [undefined, ...MODES];
  // The Veo models on KIE's Veo API (every other model through every mode: every-model.test.ts),
  // in their two shapes and one they do not make.
  const veo = MODELS.filter((m) => MODEL_CATALOGUE[m].family === "veo");
  const shapes = [
    ...ASPECT_RATIOS.filter((a) => MODEL_CATALOGUE.veo3.aspectRatios.options.includes(a)),
    "1:1" as const,
  ];
  const cases = veo.flatMap((model) =>
    modes.flatMap((mode) =>
      shapes.flatMap((aspectRatio) => [0, 1, 2, 3, 4].map((count) => ({ model, mode, aspectRatio, count }))),
    ),
  );
  const problemOf = (c: (typeof cases)[number], mode: GenerationMode, imageCount: number) =>
    combinationProblem({ model: c.model, mode, imageCount }) ?? optionsProblem(c.model, { aspectRatio: c.aspectRatio });

  it(`web: ${cases.length} combinations accepted or refused as the catalogue says, charged only when accepted`, async () => {
    const u = await userWithCredits(t.app, db(), 10_000);
    // Every combination stays in flight (no worker runs): the videos-at-once limit is not under test.
    await allowInFlight(db(), u.id);
    let spent = 0;
    for (const c of cases) {
      const mode = c.mode ?? impliedMode(c.count);
      const problem = problemOf(c, mode, c.count);
      const res = await u.client.post("/api/generate-video", {
        prompt: `catalogue ${JSON.stringify(c)}`,
        model: c.model,
        mode: c.mode,
        aspectRatio: c.aspectRatio,
        imageUrls: images(c.count),
      });
      const label = `${JSON.stringify(c)} -> ${res.statusCode} ${res.body}`;
      if (problem) {
        expect(res.statusCode, label).toBe(400);
        expect(res.json(), label).toEqual({ message: problem.message, code: "invalid_input" });
        continue;
      }
      expect(res.statusCode, label).toBe(200);
      const { taskId, creditsUsed } = res.json();
      spent += creditsUsed;
      expect(await taskRow(db(), taskId), label).toMatchObject({
        model: c.model,
        mode,
        aspectRatio: c.aspectRatio,
        imageUrls: copies(c.count),
      });
      expect(await providerParams(taskId), label).toMatchObject({
        model: c.model,
        generationType: KIE_GENERATION_TYPES[mode],
      });
    }
    expect((await balanceOf(db(), u.id)).credits).toBe(10_000 - spent);
  });

  it(`API: the same ${cases.length}; without a mode only the first image counts, as it always did`, async () => {
    const u = await userWithCredits(t.app, db(), 10_000);
    await allowInFlight(db(), u.id);
    const bearer = await bearerOf(u.client);
    for (const c of cases) {
      const used = c.mode === undefined ? Math.min(c.count, 1) : c.count;
      const mode = c.mode ?? impliedMode(used);
      const problem = problemOf(c, mode, used);
      const res = await apiGenerate(t.app, bearer, {
        prompt: `api ${JSON.stringify(c)}`,
        model: c.model,
        mode: c.mode,
        aspectRatio: c.aspectRatio,
        imageUrls: images(c.count),
      });
      const label = `${JSON.stringify(c)} -> ${res.statusCode} ${res.body}`;
      if (problem) {
        expect(res.statusCode, label).toBe(400);
        expect(res.json(), label).toEqual({ success: false, message: problem.message, code: "invalid_input" });
        continue;
      }
      expect(res.statusCode, label).toBe(200);
      expect(await taskRow(db(), res.json().taskId), label).toMatchObject({
        model: c.model,
        mode,
        imageUrls: copies(used),
      });
    }
  });

  it("refuses an unknown mode with the list of modes", async () => {
    const u = await userWithCredits(t.app, db(), 10);
    const res = await u.client.post("/api/generate-video", { prompt: "x", mode: "video" });
    expect(res.json()).toEqual({ message: "Mode must be text, image or reference", code: "invalid_input" });
    expect((await balanceOf(db(), u.id)).credits).toBe(10);
  });
});

describe("prices from the catalogue and the admin", () => {
  it("GET /api/pricing/current lists every model with its modes, every mode with its images, and the surcharges", async () => {
    const res = await new Client(t.app).get("/api/pricing/current");
    const body = res.json();
    // Every model, in the catalogue's order, at its default options' price.
    expect(body.models.map((m: { model: string }) => m.model)).toEqual([...MODELS]);
    expect(body.models.slice(0, 3)).toEqual([
      {
        model: "veo3",
        label: "Veo3 (Quality)",
        description: expect.any(String),
        modes: ["text", "image"],
        web_credits: 5,
        api_credits: 10,
        status: "available",
      },
      {
        model: "veo3_fast",
        label: "Veo3 Fast",
        description: expect.any(String),
        modes: ["text", "image", "reference"],
        web_credits: 1,
        api_credits: 2,
        status: "available",
      },
      {
        model: "veo3_lite",
        label: "Veo3 Lite",
        description: expect.any(String),
        modes: ["text", "image", "reference"],
        web_credits: 1,
        api_credits: 1,
        status: "available",
      },
    ]);
    expect(body.models.find((m: { model: string }) => m.model === "hailuo23_pro")).toMatchObject({
      label: "Hailuo 2.3 Pro",
      modes: ["image"],
      web_credits: webCost(resolvePrices({}), "hailuo23_pro"),
    });
    expect(
      body.modes.map((m: { mode: string; minImages: number; maxImages: number }) => [m.mode, m.minImages, m.maxImages]),
    ).toEqual([
      ["text", 0, 0],
      ["image", 1, 2],
      ["reference", 1, 9],
    ]);
    expect(body.modes[1].imageLabels).toEqual(["First frame", "Last frame"]);
    expect(body.surcharges).toEqual([
      { surcharge: "4k", label: "4K upgrade", web_credits: 2, api_credits: 4 },
      { surcharge: "extend", label: "Extension", web_credits: 0, api_credits: 0 },
      { surcharge: "first_frame", label: "First frame from text", web_credits: 1, api_credits: 2 },
      { surcharge: "prompt_help", label: "Prompt help", web_credits: 0, api_credits: 0 },
    ]);
  });

  it("the admin sets Lite's prices; generation charges them on the web and (rounded up) through the API", async () => {
    const admin = await signInAdmin(t);
    const saved = await admin.put("/api/admin/settings", {
      prices: { veo3_lite: { webCredits: 3, apiPrice: "1.50" }, "4k": { webCredits: 7 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.prices).toMatchObject({
      veo3_lite: { webCredits: 3, apiPrice: "1.50" },
      "4k": { webCredits: 7, apiPrice: "4.00" },
    });
    try {
      const u = await userWithCredits(t.app, db(), 10);
      expect(
        (await u.client.post("/api/generate-video", { prompt: "lite web", model: "veo3_lite" })).json(),
      ).toMatchObject({ creditsUsed: 3 });
      const bearer = await bearerOf(u.client);
      expect((await apiGenerate(t.app, bearer, { prompt: "lite api", model: "veo3_lite" })).json()).toMatchObject({
        creditsUsed: 2,
      });
      expect((await balanceOf(db(), u.id)).credits).toBe(5);
    } finally {
      await admin.put("/api/admin/settings", {
        prices: { veo3_lite: { webCredits: 1, apiPrice: "1" }, "4k": { webCredits: 2 } },
      });
    }
  });
});

describe("new kinds of video, end to end through the simulator", () => {
  it.each([
    ["Lite from text", { model: "veo3_lite", prompt: "a lighthouse at dawn" }, "TEXT_2_VIDEO"],
    [
      "first and last frames",
      { model: "veo3", mode: "image", imageUrls: images(2), prompt: "a bud becomes a flower" },
      "FIRST_AND_LAST_FRAMES_2_VIDEO",
    ],
    [
      "three reference images, 9:16",
      {
        model: "veo3_fast",
        mode: "reference",
        imageUrls: images(3),
        aspectRatio: "9:16",
        prompt: "the dog runs on the beach",
      },
      "REFERENCE_2_VIDEO",
    ],
  ])("%s: completes, then gets its 1080p version", async (_, body, generationType) => {
    const u = await userWithCredits(t.app, db(), 10);
    const res = await u.client.post("/api/generate-video", body);
    expect(res.statusCode, res.body).toBe(200);
    const { taskId } = res.json();
    expect(await providerParams(taskId)).toMatchObject({ generationType });
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).hdStatus === "ready");
    const row = await taskRow(db(), taskId);
    expect(row).toMatchObject({ status: "completed", model: body.model });
    expect(row.hdVideoUrl).toMatch(/1080p\.mp4$/);
    const [listed] = (await u.client.get("/api/video-tasks?days=1")).json().tasks;
    expect(listed).toMatchObject({ taskId, mode: row.mode, model: body.model });
  });

  it("a request with an image and no mode is stored as image mode", async () => {
    const u = await userWithCredits(t.app, db(), 1);
    const { taskId } = (
      await u.client.post("/api/generate-video", { prompt: "no mode", imageUrls: images(1), model: "veo3_fast" })
    ).json();
    const [row] = await db().select({ mode: videoTasks.mode }).from(videoTasks).where(eq(videoTasks.taskId, taskId));
    expect(row!.mode).toBe("image");
  });
});
