/**
 * A shared video's preview picture (issue 38, decision 0083): keeping a video takes a frame of it
 * with FFmpeg and stores it beside the video; the share page names it as og:image (an absolute URL
 * on the host the page was reached by), it is served only while the video is shared, and without
 * a frame (FFmpeg missing or failing) the video is kept all the same and the page shows the brand's
 * picture. A hidden prompt stays out of every tag.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { videoFiles } from "../../src/server/db/schema.js";
import { extractFrame, jpegSize } from "../../src/server/integrations/media/video-frame.js";
import {
  createVideoTestApp,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

let t: VideoTestApp;
/** Its FFmpeg fails at once: /bin/false exits 1. */
let failing: VideoTestApp;

beforeAll(async () => {
  t = await createVideoTestApp();
  failing = await createVideoTestApp({ archiver: { ffmpegPath: "/bin/false" } });
});
afterAll(async () => {
  await t.close();
  await failing.close();
});

async function keptVideo(app: VideoTestApp, prompt: string, aspectRatio: "16:9" | "9:16") {
  const db = app.database.db;
  const u = await userWithCredits(app.app, db, 5);
  const res = await u.client.post("/api/generate-video", { prompt, model: "veo3_fast", aspectRatio, imageUrls: [] });
  expect(res.statusCode, res.body).toBe(200);
  const { taskId } = res.json<{ taskId: string }>();
  await runWorkerUntil(app, async () => (await taskRow(db, taskId)).status === "completed");
  await app.app.jobs.videoArchiver.runOnce();
  await app.app.liveEvents.settle();
  const row = await taskRow(db, taskId);
  const [file] = await db.select().from(videoFiles).where(eq(videoFiles.videoTaskId, row.id));
  return { u, taskId, file: file! };
}

async function share(
  app: VideoTestApp,
  u: Awaited<ReturnType<typeof keptVideo>>["u"],
  taskId: string,
  hidePrompt = false,
) {
  const res = await u.client.put(`/api/videos/${taskId}/sharing`, { isPublic: true, hidePrompt });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json<{ shareUrl: string }>().shareUrl).pathname;
}

const metaTags = (html: string) =>
  [...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map(([, key, value]) => ({
    key: key!,
    value: value!.replaceAll("&#38;", "&"),
  }));
const meta = (html: string, key: string) => metaTags(html).find((m) => m.key === key)?.value;

describe("the frame taken when a video is kept", () => {
  it("is a real JPEG 1200 px on its long side, stored beside the video", async () => {
    for (const [aspectRatio, width, height] of [
      ["16:9", 1200, 676],
      ["9:16", 676, 1200],
    ] as const) {
      const { file } = await keptVideo(t, `A lighthouse at dusk ${aspectRatio}`, aspectRatio);
      expect(file.status).toBe("archived");
      expect(file.posterBlobName).toMatch(new RegExp(`^${file.id}\\.[0-9a-f]{12}\\.jpg$`));
      const bytes = fs.readFileSync(path.join(t.config.dataDir, "videos", file.posterBlobName!));
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(jpegSize(bytes)).toEqual({ width, height });
      expect({ width: file.posterWidth, height: file.posterHeight }).toEqual({ width, height });
    }
  });

  it("the extractor gives a clip's first frame when it is shorter than a second, and refuses what is not a video", async () => {
    const ffmpeg = (await import("@ffmpeg-installer/ffmpeg")).default.path;
    const out = path.join(t.config.dataDir, "frame-test.jpg");
    const clip = path.resolve("src/server/simulator/clips/sample-1-16x9-720p.mp4");
    const short = path.join(t.config.dataDir, "short.mp4");
    const { execFileSync } = await import("node:child_process");
    execFileSync(ffmpeg, ["-hide_banner", "-loglevel", "error", "-y", "-i", clip, "-t", "0.3", "-c", "copy", short]);
    expect(await extractFrame(ffmpeg, short, out)).toEqual({ width: 1200, height: 676 });
    fs.writeFileSync(short, "not a video");
    await expect(extractFrame(ffmpeg, short, out)).rejects.toThrow(/FFmpeg/);
    expect(fs.existsSync(out)).toBe(false);
  });
});

describe("the share page's preview picture", () => {
  it("names the frame as og:image, served as image/jpeg while the video is shared, at the host the page was reached by", async () => {
    const { u, taskId, file } = await keptVideo(t, "A red kite over green hills", "16:9");
    const pagePath = await share(t, u, taskId);
    const shareId = pagePath.split("/").pop()!;
    const page = await t.app.inject({ method: "GET", url: pagePath, headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    const image = new URL(meta(page.body, "og:image")!);
    // Reached by PUBLIC_URL's host name: PUBLIC_URL's origin.
    expect(image.origin).toBe(new URL(t.config.publicUrl).origin);
    expect(image.pathname).toBe(`/media/shares/${shareId}.jpg`);
    expect(meta(page.body, "og:image:type")).toBe("image/jpeg");
    expect(meta(page.body, "og:image:width")).toBe("1200");
    expect(meta(page.body, "og:image:height")).toBe("676");
    expect(meta(page.body, "twitter:card")).toBe("summary_large_image");
    expect(meta(page.body, "twitter:image")).toBe(image.href);
    expect(page.body).toContain(`poster="${image.pathname}"`);

    const picture = await t.app.inject({ method: "GET", url: image.pathname });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/jpeg");
    expect(picture.headers["cache-control"]).toBe("public, max-age=600");
    expect(jpegSize(picture.rawPayload)).toEqual({ width: 1200, height: 676 });
    const stored = fs.readFileSync(path.join(t.config.dataDir, "videos", file.posterBlobName!));
    expect(picture.rawPayload.equals(stored)).toBe(true);

    // Reached by another of the site's names (a LAN address): the picture's link uses that one.
    const lan = await t.app.inject({ method: "GET", url: pagePath, headers: { host: "192.168.1.20:3000" } });
    expect(meta(lan.body, "og:image")).toBe(`http://192.168.1.20:3000/media/shares/${shareId}.jpg`);
    // A Host that is not a plain host[:port]: PUBLIC_URL.
    const odd = await t.app.inject({ method: "GET", url: pagePath, headers: { host: "evil.example@x" } });
    expect(new URL(meta(odd.body, "og:image")!).origin).toBe(new URL(t.config.publicUrl).origin);
  });

  it("is not found once the video is private, shared again under a new link, or deleted", async () => {
    const { u, taskId } = await keptVideo(t, "Rain on a tin roof", "9:16");
    const first = await share(t, u, taskId);
    const firstPicture = `/media/shares/${first.split("/").pop()}.jpg`;
    expect((await t.app.inject({ method: "GET", url: firstPicture })).statusCode).toBe(200);

    await u.client.put(`/api/videos/${taskId}/sharing`, { isPublic: false });
    expect((await t.app.inject({ method: "GET", url: firstPicture })).statusCode).toBe(404);

    const second = await share(t, u, taskId);
    expect(second).not.toBe(first);
    const secondPicture = `/media/shares/${second.split("/").pop()}.jpg`;
    expect((await t.app.inject({ method: "GET", url: firstPicture })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: secondPicture })).statusCode).toBe(200);

    expect((await u.client.delete(`/api/videos/${taskId}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: secondPicture })).statusCode).toBe(404);
    // Names that are not a share's picture.
    for (const url of ["/media/shares/nothing-here.jpg", "/media/shares/..%2Fx.jpg", "/media/shares/a.png"])
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
  });

  it("a hidden prompt is in no tag, the frame's alt text included", async () => {
    const prompt = "Secret recipe: grandmother's pho broth simmering";
    const { u, taskId } = await keptVideo(t, prompt, "16:9");
    const pagePath = await share(t, u, taskId, true);
    const page = await t.app.inject({ method: "GET", url: pagePath });
    expect(page.statusCode).toBe(200);
    const tags = metaTags(page.body);
    expect(tags.map((m) => m.key)).toEqual(expect.arrayContaining(["og:description", "og:image", "og:image:alt"]));
    // Words of six letters or more, or with a space: a link's random base64url signature or share
    // id can spell "pho" by chance (ci on 924411b), but not these.
    for (const tag of tags) expect(tag.value, tag.key).not.toMatch(/pho broth|grandmother|recipe|simmering/i);
    expect(page.body).not.toMatch(/pho broth/);
    expect(meta(page.body, "og:image:alt")).toBe("A video made with Veo3 Fast");
  });
});

describe("without a frame", () => {
  it("a failing FFmpeg still keeps the video, and the page shows the brand's picture", async () => {
    const { u, taskId, file } = await keptVideo(failing, "A paper boat in a gutter", "16:9");
    expect(file.status).toBe("archived");
    expect(file.blobName).toBeTruthy();
    expect(file.posterBlobName).toBeNull();
    const pagePath = await share(failing, u, taskId);
    const page = await failing.app.inject({ method: "GET", url: pagePath });
    expect(page.statusCode).toBe(200);
    expect(meta(page.body, "og:image")).toBe(`${new URL(failing.config.publicUrl).origin}/og-image.jpg`);
    expect(meta(page.body, "og:image:width")).toBe("1200");
    expect(meta(page.body, "og:image:height")).toBe("630");
    expect(page.body).not.toContain("poster=");
    const shareId = pagePath.split("/").pop()!;
    expect((await failing.app.inject({ method: "GET", url: `/media/shares/${shareId}.jpg` })).statusCode).toBe(404);
  });

  it("the brand's picture in the web app's public files is a 1200×630 JPEG", () => {
    const bytes = fs.readFileSync(path.resolve("src/web/public/og-image.jpg"));
    expect(jpegSize(bytes)).toEqual({ width: 1200, height: 630 });
  });
});
