/**
 * The simulator's Market image models (decision 0161) over real HTTP: Nano Banana 2's input
 * checked field by field, the task waiting then succeeding with a link that serves a real image of
 * the asked aspect ratio and format, KIE's price in creditsConsumed, and its faults: a refused
 * prompt at createTask, a refusal and a failure met in the task, a dead link. A fake clock.
 */
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKieSimulator, type StandaloneKieSimulator } from "../../src/server/simulator/index.js";

const KEY = "test-key";
const DELAY = 1000;
let clock = Date.UTC(2026, 10, 29, 10, 0, 0);
let sim: StandaloneKieSimulator;

beforeAll(async () => {
  sim = await startKieSimulator({
    apiKey: KEY,
    delayMs: DELAY,
    uploadDir: path.join(os.tmpdir(), `kie-sim-images-${crypto.randomBytes(4).toString("hex")}`),
    now: () => clock,
  });
});
afterAll(() => sim?.close());

interface Envelope {
  code: number;
  msg: string;
  data: Record<string, unknown> | null;
}

async function call(method: string, url: string, body?: unknown): Promise<Envelope> {
  const res = await fetch(sim.baseUrl + url, {
    method,
    headers: { authorization: `Bearer ${KEY}`, ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Envelope;
}
const create = (input: Record<string, unknown>, model = "nano-banana-2") =>
  call("POST", "/api/v1/jobs/createTask", { model, input });
const record = (taskId: string) => call("GET", `/api/v1/jobs/recordInfo?taskId=${encodeURIComponent(taskId)}`);
const INPUT = {
  prompt: "a red barn in snow",
  aspect_ratio: "9:16",
  resolution: "1K",
  output_format: "jpg",
  image_input: [],
};

describe("the Market's image models in the simulator", () => {
  it("makes a real image of the asked shape once its time has passed, at KIE's price", async () => {
    const made = await create(INPUT);
    expect(made.code, made.msg).toBe(200);
    const taskId = (made.data as { taskId: string }).taskId;
    expect(taskId.length).toBeLessThanOrEqual(64);
    expect((await record(taskId)).data).toMatchObject({ state: "generating", model: "nano-banana-2" });
    clock += DELAY;
    const done = (await record(taskId)).data!;
    expect(done).toMatchObject({ state: "success", creditsConsumed: 12 });
    const [url] = (JSON.parse(done.resultJson as string) as { resultUrls: string[] }).resultUrls;
    const file = await fetch(url!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 576, 1024]);
    // Another prompt, another picture; PNG when asked.
    const png = await create({ ...INPUT, prompt: "a blue lake", output_format: "png", aspect_ratio: "1:1" });
    const pngId = (png.data as { taskId: string }).taskId;
    clock += DELAY;
    const [pngUrl] = (JSON.parse((await record(pngId)).data!.resultJson as string) as { resultUrls: string[] })
      .resultUrls;
    expect((await fetch(pngUrl!)).headers.get("content-type")).toBe("image/png");
  });

  it("refuses input Nano Banana 2 does not take, naming the field", async () => {
    expect(await create({ ...INPUT, aspect_ratio: "7:3" })).toMatchObject({ code: 422, msg: /aspect_ratio/ });
    expect(await create({ ...INPUT, resolution: "8K" })).toMatchObject({ code: 422, msg: /resolution/ });
    expect(await create({ ...INPUT, output_format: "gif" })).toMatchObject({ code: 422, msg: /output_format/ });
    expect(await create({ ...INPUT, prompt: " " })).toMatchObject({ code: 422, msg: /prompt/ });
    expect(await create({ ...INPUT, image_input: ["not a url"] })).toMatchObject({ code: 422, msg: /image_input/ });
  });

  it("plays its faults: a refused prompt, a refusal and a failure in the task, a dead link", async () => {
    expect(await create({ ...INPUT, prompt: "a barn [sim:reject]" })).toMatchObject({ code: 400, msg: /flagged/ });
    const ids = await Promise.all(
      ["[sim:flagged]", "[sim:fail]", "[sim:dead-link]"].map(async (marker) => {
        const res = await create({ ...INPUT, prompt: `a barn ${marker}` });
        return (res.data as { taskId: string }).taskId;
      }),
    );
    clock += DELAY;
    const [flagged, failed, dead] = await Promise.all(ids.map(async (id) => (await record(id)).data!));
    expect(flagged).toMatchObject({ state: "fail", failCode: "400", failMsg: /content policies/, creditsConsumed: 0 });
    expect(failed).toMatchObject({ state: "fail", failCode: "500", creditsConsumed: 0 });
    const [url] = (JSON.parse(dead!.resultJson as string) as { resultUrls: string[] }).resultUrls;
    expect((await fetch(url!)).status).toBe(404);
  });
});
