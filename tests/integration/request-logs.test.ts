/**
 * Request logs keep what a link grants out of them (issue 36, decision 0064): a signed media
 * URL's signature and share id, a share page's id, Google's code and state; the path and harmless
 * parameters stay readable.
 */
import crypto from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARE_PREFIX } from "../../src/server/features/videos/share-service.js";
import { createLogger, redactUrl, SECRET_PATH_PREFIXES } from "../../src/server/logger.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    done();
  },
});
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: createLogger({ logLevel: "info" }, stream) });
});
afterAll(async () => t.close());

/** The URLs the app logged for its requests. */
const loggedUrls = () =>
  lines
    .map((line) => JSON.parse(line) as { req?: { url: string } })
    .flatMap((entry) => (entry.req ? [entry.req.url] : []));

describe("request logs", () => {
  it("leave out signatures, share ids and Google's code and state, and keep the rest", async () => {
    const fileId = crypto.randomUUID();
    for (const url of [
      `/media/videos/${fileId}.mp4?expires=1893456000&share=SECRET-SHARE&signature=SECRET-SIG&download=1`,
      "/v/SECRET-SHARE-PAGE",
      "/api/auth/google/callback?state=SECRET-STATE&code=SECRET-CODE&scope=email",
      "/api/videos?page=2&access_token=SECRET-TOKEN",
      // The one-click unsubscribe link's signature (issue 66 §9), on the API and on its page.
      "/api/mail/unsubscribe?u=person&k=video_ready&t=SECRET-UNSUBSCRIBE",
      "/unsubscribe?u=person&k=video_ready&t=SECRET-UNSUBSCRIBE-PAGE",
    ]) {
      await t.app.inject({ method: "GET", url });
    }
    expect(lines.join("\n")).toContain("incoming request");
    expect(lines.join("\n")).not.toMatch(/SECRET/);
    expect(loggedUrls()).toEqual(
      expect.arrayContaining([
        `/media/videos/${fileId}.mp4?expires=1893456000&share=[redacted]&signature=[redacted]&download=1`,
        "/v/[redacted]",
        "/api/auth/google/callback?state=[redacted]&code=[redacted]&scope=email",
        "/api/videos?page=2&access_token=[redacted]",
        "/api/mail/unsubscribe?u=person&k=video_ready&t=[redacted]",
        "/unsubscribe?u=person&k=video_ready&t=[redacted]",
      ]),
    );
  });

  it("redacts however a secret parameter is spelled, and knows the share page's path", () => {
    expect(redactUrl("/x?Signature=a&%73ignature=b&X-Amz-Signature=c&apiKey=d&q=e&flag")).toBe(
      "/x?Signature=[redacted]&%73ignature=[redacted]&X-Amz-Signature=[redacted]&apiKey=[redacted]&q=e&flag",
    );
    expect(redactUrl("/v/abc/more?x=1")).toBe("/v/[redacted]/more?x=1");
    expect(redactUrl("/api/videos")).toBe("/api/videos");
    // `t` is a secret on the unsubscribe paths only, however the path ends.
    expect(redactUrl("/api/mail/unsubscribe/?t=a&%74=b")).toBe("/api/mail/unsubscribe/?t=[redacted]&%74=[redacted]");
    expect(redactUrl("/api/videos?t=1")).toBe("/api/videos?t=1");
    expect(SECRET_PATH_PREFIXES).toContain(SHARE_PREFIX);
  });
});
