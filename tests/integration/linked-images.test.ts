/**
 * Reference images given as links (decision 0094): fetched by the server over real HTTP from a
 * local image host, checked by their bytes, stored without metadata, and only then charged for;
 * every refusal is a 4xx a person can act on, with nothing charged, no task and no copy left.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { videoTasks } from "../../src/server/db/schema.js";
import { fetchLinkedImage } from "../../src/server/features/videos/linked-images.js";
import { MAX_IMAGE_BYTES } from "../../src/shared/videos.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import type { Client } from "../helpers/test-app.js";
import { DEVICE, photoJpeg } from "../helpers/images.js";
import { startImageHost, type ImageHost } from "../helpers/image-host.js";
import {
  balanceOf,
  createVideoTestApp,
  noisePng,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

let t: VideoTestApp;
let host: ImageHost;
const db = () => t.database.db;
const uploadsDir = () => path.join(t.config.dataDir, "uploads");
const temporaryFiles = () =>
  fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).filter((n) => n.startsWith("tmp-")) : [];

beforeAll(async () => {
  t = await createVideoTestApp();
  host = await startImageHost();
});
afterEach(() => expectLedgerBalanced(db()));
// Copies made by accepted requests (their tasks keep them); a refused request must add none.
const knownFiles = new Set<string>();
afterEach(() => {
  for (const name of temporaryFiles()) knownFiles.add(name);
});
afterAll(async () => {
  await t?.close();
  await host?.close();
});

const generate = (client: Client, imageUrls: string[]) =>
  client.post("/api/generate-video", { prompt: "from a link", model: "veo3_fast", imageUrls });

describe("a linked image that can be used", () => {
  it("is fetched, typed by its bytes, stored without metadata, and that copy goes to the provider", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    // A phone photo (JPEG with GPS and the device's name) behind a link that says .png.
    host.answer("photo.png", { body: await photoJpeg(), headers: { "content-type": "image/png" } });
    const res = await generate(u.client, [host.url("photo.png")]);
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = (await taskRow(db(), res.json().taskId)).imageUrls!;
    expect(stored).toMatch(/\/uploads\/tmp-[a-f0-9]{32}\.jpg$/);
    expect(t.sim.stats.submissions.find((s) => s.taskId === res.json().taskId)?.imageUrls).toEqual([stored]);
    const copy = fs.readFileSync(path.join(uploadsDir(), new URL(stored!).pathname.split("/").pop()!));
    const meta = await sharp(copy).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(copy.includes(Buffer.from(DEVICE))).toBe(false);
    // Turned upright by its orientation: 40×20 with orientation 6 is 20×40.
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect((await balanceOf(db(), u.id)).credits).toBe(4);
  });

  it("follows a redirect to a public image, checking each hop", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    host.answer("moved.png", { status: 302, headers: { location: host.url("target.png") } });
    const res = await generate(u.client, [host.url("moved.png")]);
    expect(res.statusCode, res.body).toBe(200);
    expect(host.requests.slice(-2)).toEqual(["/moved.png", "/target.png"]);
  });

  it("our own upload URLs are not fetched again", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    const first = await generate(u.client, [host.url("own.png")]);
    const [stored] = (await taskRow(db(), first.json().taskId)).imageUrls!;
    const before = host.requests.length;
    const again = await generate(u.client, [stored!]);
    expect(again.statusCode, again.body).toBe(200);
    expect((await taskRow(db(), again.json().taskId)).imageUrls).toEqual([stored]);
    expect(host.requests.length).toBe(before);
  });
});

describe("a linked image that cannot be used: a 4xx, nothing charged, no task, no copy left", () => {
  const refusals: Array<[string, (h: ImageHost) => Promise<string> | string, number, string]> = [
    ["a missing image", (h) => h.url("missing.gif"), 400, "could not be fetched"],
    [
      "a page, not an image",
      (h) => {
        h.answer("page.png", { body: "<html>hello</html>", headers: { "content-type": "image/png" } });
        return h.url("page.png");
      },
      415,
      "not a JPG, PNG or WebP image",
    ],
    [
      "an image over the size limit, said so in advance",
      (h) => {
        h.answer("huge.png", { headers: { "content-length": String(MAX_IMAGE_BYTES + 1) }, body: Buffer.alloc(16) });
        return h.url("huge.png");
      },
      413,
      "MB or smaller",
    ],
    [
      "an image over the size limit, found while reading",
      async (h) => {
        h.answer("big.png", { body: await noisePng(MAX_IMAGE_BYTES + 1024) });
        return h.url("big.png");
      },
      413,
      "MB or smaller",
    ],
    [
      "a redirect to a private address",
      (h) => {
        h.answer("inside.png", { status: 302, headers: { location: "http://10.0.0.7/secret.png" } });
        return h.url("inside.png");
      },
      400,
      "not on the public internet",
    ],
    [
      "a cloud metadata address",
      () => "http://169.254.169.254/latest/meta-data/x.png",
      400,
      "not on the public internet",
    ],
    ["a private address", () => "http://192.168.1.1/router.png", 400, "not on the public internet"],
  ];

  it.each(refusals)("%s", async (_name, urlOf, status, words) => {
    const u = await userWithCredits(t.app, db(), 5);
    const res = await generate(u.client, [await urlOf(host)]);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toContain(words);
    expect((await balanceOf(db(), u.id)).credits).toBe(5);
    expect(await db().select().from(videoTasks).where(eq(videoTasks.userId, u.id))).toHaveLength(0);
    expect(temporaryFiles().filter((n) => !knownFiles.has(n))).toEqual([]);
  });

  it("a second image that fails removes the copy of the first", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    const res = await u.client.post("/api/generate-video", {
      prompt: "two frames",
      model: "veo3_fast",
      mode: "image",
      imageUrls: [host.url("first.png"), host.url("gone.gif")],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: "invalid_input", reason: "image_unreachable" });
    expect(host.requests).toContain("/first.png");
    expect(temporaryFiles().filter((n) => !knownFiles.has(n))).toEqual([]);
  });

  it("a request refused for its credits fetches nothing and keeps no copy", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const res = await generate(u.client, [host.url("poor.png")]);
    expect(res.statusCode, res.body).toBe(402);
    // Refused before any fetch (decision 0134).
    expect(host.requests).not.toContain("/poor.png");
    expect(temporaryFiles().filter((n) => !knownFiles.has(n))).toEqual([]);
  });

  it("through the automation API too", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    const token = (await u.client.post("/api/user-tokens", { name: "links" })).json().token as string;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/n8n/generate",
      headers: { authorization: `Bearer ${token}` },
      payload: { prompt: "api link", model: "veo3_fast", imageUrls: [host.url("api-missing.gif")] },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain("could not be fetched");
    expect((await balanceOf(db(), u.id)).credits).toBe(5);
  });
});

describe("with IMAGE_URLS_ALLOW_LOCAL off (the default)", () => {
  it("a loopback link is refused, by address and by a name that resolves to it", async () => {
    const strict = await createVideoTestApp({ env: { IMAGE_URLS_ALLOW_LOCAL: "false" } });
    try {
      const u = await userWithCredits(strict.app, strict.database.db, 5);
      for (const url of [host.url("local.png"), host.url("local.png").replace("127.0.0.1", "localhost")]) {
        const res = await generate(u.client, [url]);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toContain("not on the public internet");
      }
      expect((await balanceOf(strict.database.db, u.id)).credits).toBe(5);
      expect(host.requests).not.toContain("/local.png");
    } finally {
      await strict.close();
    }
  });
});

describe("fetchLinkedImage", () => {
  it("gives up on a host that never answers", async () => {
    host.answer("slow.png", { hang: true });
    const err = await fetchLinkedImage(host.url("slow.png"), { allowLocal: true, timeoutMs: 300 }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ status: 400, extra: { reason: "image_unreachable" } });
    expect((err as Error).message).toContain("could not be fetched");
  });
});
