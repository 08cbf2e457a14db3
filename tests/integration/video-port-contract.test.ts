/**
 * The video port's contract (issue 42): the same cases, run against every adapter and its fake
 * over real HTTP: KIE's Veo API, KIE's Market (Veo and another model), Google's Gemini API. Each
 * submits, reads its status until a real MP4 comes back, maps a failure and a content refusal to
 * our terms, and says in our kinds when the key is wrong, the vendor is down or a task is unknown.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GoogleVeoMaker } from "../../src/server/integrations/google/veo-maker.js";
import { KieClient } from "../../src/server/integrations/kie/client.js";
import { KieMarketMaker, KieVeoMaker } from "../../src/server/integrations/kie/kie-makers.js";
import { VendorError } from "../../src/server/integrations/video/errors.js";
import type { VendorStatus, VideoJob, VideoMaker } from "../../src/server/integrations/video/port.js";
import { startKieSimulator, type StandaloneKieSimulator } from "../../src/server/simulator/index.js";
import type { SimulatorEndpoint } from "../../src/server/simulator/types.js";
import { randomPng } from "../helpers/video-app.js";

const KEY = "contract-key";
const DELAY = 1000;
let clock = Date.UTC(2026, 10, 26, 9, 0, 0);
let sim: StandaloneKieSimulator;
beforeAll(async () => {
  sim = await startKieSimulator({
    uploadDir: fs.mkdtempSync(path.join(os.tmpdir(), "contract-")),
    apiKey: KEY,
    delayMs: DELAY,
    hdDelayMs: DELAY,
    now: () => clock,
  });
});
afterAll(() => sim.close());

const kie = (key = KEY) =>
  new KieClient({ baseUrl: sim.baseUrl, uploadBaseUrl: sim.baseUrl, apiKey: key, timeoutMs: 5000 });
const google = (key = KEY) => new GoogleVeoMaker({ baseUrl: `${sim.baseUrl}/v1beta`, apiKey: key, timeoutMs: 5000 });

interface Adapter {
  name: string;
  make(key?: string): VideoMaker;
  model: VideoJob["model"];
  /** The simulator's fault endpoint for this adapter's submit. */
  submitFault: SimulatorEndpoint;
  /** An id of the vendor's shape that names no task. */
  unknownTaskId: string;
}

const ADAPTERS: Adapter[] = [
  {
    name: "KIE Veo API",
    make: (key) => new KieVeoMaker(kie(key), false),
    model: "veo3_fast",
    submitFault: "generate",
    unknownTaskId: "never-made-task",
  },
  {
    name: "KIE Market, Veo",
    make: (key) => new KieMarketMaker(kie(key), false),
    model: "veo3_fast",
    submitFault: "create-task",
    unknownTaskId: "never-made-task",
  },
  {
    name: "KIE Market, Kling 3.0",
    make: (key) => new KieMarketMaker(kie(key), false),
    model: "kling3",
    submitFault: "create-task",
    unknownTaskId: "never-made-task",
  },
  {
    name: "Google Gemini API",
    make: (key) => google(key),
    model: "veo3_lite",
    submitFault: "gemini-submit",
    unknownTaskId: "models/veo-3.1-lite-generate-preview/operations/0123456789abcdef01234567",
  },
];

const job = (model: VideoJob["model"], prompt: string, over: Partial<VideoJob> = {}): VideoJob => ({
  model,
  mode: "text",
  prompt,
  images: [],
  aspectRatio: "16:9",
  durationSeconds: model === "kling3" ? 5 : 8,
  resolution: "720p",
  audio: true,
  ...over,
});

async function settle(maker: VideoMaker, id: string): Promise<VendorStatus> {
  for (let i = 0; i < 20; i++) {
    const status = await maker.status(id);
    if (status.state !== "generating") return status;
    clock += DELAY;
  }
  throw new Error("the task never finished");
}

async function vendorError(promise: Promise<unknown>): Promise<VendorError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(VendorError);
  return err as VendorError;
}

describe.each(ADAPTERS)("$name", (adapter) => {
  // Made once the simulator is up.
  let maker: VideoMaker;
  beforeAll(() => {
    maker = adapter.make();
  });

  it("makes its model and names it in the vendor's words", () => {
    expect(maker.makes(adapter.model)).toBe(true);
    expect(maker.vendorModel({ model: adapter.model, mode: "text" })).toMatch(/\S/);
  });

  it("submits, reads generating, then a real MP4", async () => {
    const { vendorTaskId } = await maker.submit(job(adapter.model, `a lighthouse ${crypto.randomUUID()}`));
    expect(await maker.status(vendorTaskId)).toEqual({ state: "generating" });
    const done = await settle(maker, vendorTaskId);
    expect(done.state).toBe("succeeded");
    const url = (done as Extract<VendorStatus, { state: "succeeded" }>).resultUrls[0]!;
    const file = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(file.toString("latin1", 4, 8)).toBe("ftyp");
  });

  it("takes an image in image mode", async () => {
    const data = randomPng();
    // KIE fetches URLs (the simulator's own upload), Google wants the bytes.
    const uploaded = await kie().uploadFile(data, "first.png", "image/png");
    const image = { url: uploaded, read: () => Promise.resolve({ data, mime: "image/png", name: "first.png" }) };
    const { vendorTaskId } = await maker.submit(job(adapter.model, "a kite", { mode: "image", images: [image] }));
    expect((await settle(maker, vendorTaskId)).state).toBe("succeeded");
  });

  it("reads a generation failure as a failure, not a refusal", async () => {
    const { vendorTaskId } = await maker.submit(job(adapter.model, "a storm [sim:fail]"));
    expect(await settle(maker, vendorTaskId)).toMatchObject({ state: "failed", refused: false });
  });

  it("reads a content refusal as ours: refused at submit (rejected) or in the status (refused)", async () => {
    const outcome = await maker.submit(job(adapter.model, "something [sim:reject]")).then(
      async ({ vendorTaskId }) => settle(maker, vendorTaskId),
      (err: unknown) => err,
    );
    if (outcome instanceof VendorError) {
      expect(outcome.kind).toBe("rejected");
      expect(outcome.tryAnotherVendor).toBe(false);
    } else expect(outcome).toMatchObject({ state: "failed", refused: true });
  });

  it("says a wrong key is unauthorized, which another key may fix", async () => {
    const err = await vendorError(adapter.make("wrong-key").submit(job(adapter.model, "a cat")));
    expect(err.kind).toBe("unauthorized");
    expect(err.tryAnotherKey).toBe(true);
  });

  it("says an outage is unavailable, which another vendor may fix", async () => {
    sim.faults.inject(adapter.submitFault, { httpStatus: 503 });
    const err = await vendorError(maker.submit(job(adapter.model, "a cat")));
    expect(err.kind).toBe("unavailable");
    expect(err.tryAnotherVendor).toBe(true);
  });

  it("says an unknown task is not found", async () => {
    const err = await vendorError(maker.status(adapter.unknownTaskId));
    expect(err.kind).toBe("not_found");
  });
});
