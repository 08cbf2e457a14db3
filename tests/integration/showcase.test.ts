import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIPS_DIR } from "../../src/server/simulator/clips.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

const CLIP = "sample-2-16x9-720p.mp4";

let t: TestApp;
beforeAll(async () => {
  // With a built web app, so unknown names go through the page fallback too.
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-web-"));
  fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><div id=root></div>");
  t = await createTestApp({ webDir });
  fs.rmSync(webDir, { recursive: true, force: true });
});
afterAll(() => t.close());

describe("GET /media/showcase/<clip>", () => {
  it("serves a sample clip as video/mp4, publicly, with a long immutable cache", async () => {
    const size = fs.statSync(path.join(CLIPS_DIR, CLIP)).size;
    const res = await t.app.inject({ method: "GET", url: `/media/showcase/${CLIP}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("video/mp4");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.rawPayload.length).toBe(size);
    expect(res.rawPayload.subarray(4, 8).toString("latin1")).toBe("ftyp");
  });

  it("answers range requests with 206 and the asked bytes", async () => {
    const size = fs.statSync(path.join(CLIPS_DIR, CLIP)).size;
    const res = await t.app.inject({ method: "GET", url: `/media/showcase/${CLIP}`, headers: { range: "bytes=0-99" } });
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-range"]).toBe(`bytes 0-99/${size}`);
    expect(res.rawPayload.length).toBe(100);
    expect(res.rawPayload.equals(fs.readFileSync(path.join(CLIPS_DIR, CLIP)).subarray(0, 100))).toBe(true);
  });

  it("serves every committed clip", async () => {
    const clips = fs.readdirSync(CLIPS_DIR).filter((name) => name.endsWith(".mp4"));
    expect(clips.length).toBe(12);
    for (const name of clips) {
      const res = await t.app.inject({ method: "HEAD", url: `/media/showcase/${name}` });
      expect(res.statusCode, name).toBe(200);
    }
  });

  it.each([
    "/media/showcase/no-such-clip.mp4",
    "/media/showcase/../clips.ts",
    "/media/showcase/..%2Fclips.ts",
    "/media/showcase/%2e%2e/%2e%2e/config.ts",
    "/media/showcase/../../../../etc/passwd",
    "/media/showcase/",
    "/media/showcase",
  ])("answers 404 for %s", async (url) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).not.toBe("video/mp4");
  });
});
