/**
 * The showcase's posters (issue 72, decision 0166): every tile carries a real frame of its video.
 * A chosen video's frame is the one kept with it (video-archiver.ts): a shared video's public
 * frame, or for an admin's own unshared video a signed path of its own, which opens the frame and
 * nothing else; the sample clips' frames are committed JPEGs beside the clips.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, videoFiles } from "../../src/server/db/schema.js";
import { jpegSize } from "../../src/server/integrations/media/video-frame.js";
import type { ShowcaseView } from "../../src/shared/schemas/showcase.js";
import { Client, signInAdmin } from "../helpers/test-app.js";
import {
  createVideoTestApp,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

let t: VideoTestApp;
beforeAll(async () => {
  t = await createVideoTestApp();
});
afterAll(() => t.close());

async function keptVideo(prompt: string, aspectRatio: "16:9" | "9:16", asAdmin = false) {
  const db = t.database.db;
  const u = await userWithCredits(t.app, db, 5);
  if (asAdmin) await db.update(users).set({ isAdmin: true }).where(eq(users.id, u.id));
  const res = await u.client.post("/api/generate-video", { prompt, model: "veo3_fast", aspectRatio, imageUrls: [] });
  expect(res.statusCode, res.body).toBe(200);
  const { taskId } = res.json<{ taskId: string }>();
  await runWorkerUntil(t, async () => (await taskRow(db, taskId)).status === "completed");
  await t.app.jobs.videoArchiver.runOnce();
  await t.app.liveEvents.settle();
  const row = await taskRow(db, taskId);
  const [file] = await db
    .select()
    .from(videoFiles)
    .where(eq(videoFiles.videoTaskId, row.id))
    .then((files) => files.filter((f) => f.quality === "720p"));
  expect(file?.posterBlobName).toBeTruthy();
  return { u, taskId, file: file! };
}

const storedFrame = (blobName: string) => fs.readFileSync(path.join(t.config.dataDir, "videos", blobName));

describe("the showcase's posters", () => {
  it("gives an admin's own unshared video a signed frame that opens the frame and nothing else", async () => {
    const { u, taskId, file } = await keptVideo("A tram through Lisbon at dawn", "9:16", true);
    const admin = await signInAdmin(t);
    expect((await admin.put("/api/admin/showcase", { videos: [{ taskId }] })).statusCode).toBe(200);

    const view = (await new Client(t.app).get("/api/showcase")).json<ShowcaseView>();
    const video = view.videos.find((v) => v.id === taskId)!;
    expect(video.posterUrl).toMatch(new RegExp(`^/media/posters/${file.id}\\.jpg\\?expires=\\d+&signature=[\\w-]+$`));

    const visitor = new Client(t.app);
    const frame = await visitor.get(video.posterUrl!);
    expect(frame.statusCode).toBe(200);
    expect(frame.headers["content-type"]).toBe("image/jpeg");
    expect(jpegSize(frame.rawPayload)).toEqual({ width: 676, height: 1200 });
    expect(frame.rawPayload.equals(storedFrame(file.posterBlobName!))).toBe(true);

    // The frame's signature is not the video's, either way round.
    const posterQuery = video.posterUrl!.split("?")[1]!;
    expect((await visitor.get(`/media/videos/${file.id}.mp4?${posterQuery}`)).statusCode).toBe(403);
    const videoQuery = video.videoUrl.split("?")[1]!;
    expect((await visitor.get(`/media/posters/${file.id}.jpg?${videoQuery}`)).statusCode).toBe(403);
    // Tampered, expired, or without any signature.
    const tampered = video.posterUrl!.replace(/signature=.*/, "signature=AAAA");
    expect((await visitor.get(tampered)).statusCode).toBe(403);
    const past = video.posterUrl!.replace(/expires=\d+/, "expires=1000");
    expect((await visitor.get(past)).statusCode).toBe(403);
    expect((await visitor.get(`/media/posters/${file.id}.jpg`)).statusCode).toBe(401);
    // Another person's session does not open it; its owner's does.
    const other = await userWithCredits(t.app, t.database.db, 0);
    expect((await other.client.get(`/media/posters/${file.id}.jpg`)).statusCode).toBe(404);
    expect((await u.client.get(`/media/posters/${file.id}.jpg`)).statusCode).toBe(200);
    // Names that are not a file id's frame.
    for (const name of ["../config.ts", `${file.id}.mp4`, "not-an-id.jpg"])
      expect((await visitor.get(`/media/posters/${encodeURIComponent(name)}`)).statusCode).toBe(404);

    // Deleted by its owner: the frame's link dies with the video.
    expect((await u.client.delete(`/api/videos/${taskId}`)).statusCode).toBe(200);
    expect((await visitor.get(video.posterUrl!)).statusCode).toBe(404);
  });

  it("gives a customer's shared video its public frame, which dies with the share", async () => {
    const { u, taskId, file } = await keptVideo("Snow falling on a temple roof", "16:9");
    const shared = await u.client.put(`/api/videos/${taskId}/sharing`, { isPublic: true });
    expect(shared.statusCode, shared.body).toBe(200);
    const shareId = new URL(shared.json<{ shareUrl: string }>().shareUrl).pathname.split("/").pop()!;
    const admin = await signInAdmin(t);
    expect((await admin.put("/api/admin/showcase", { videos: [{ taskId }] })).statusCode).toBe(200);

    const video = (await new Client(t.app).get("/api/showcase")).json<ShowcaseView>().videos[0]!;
    expect(video.posterUrl).toBe(`/media/shares/${shareId}.jpg`);
    const frame = await new Client(t.app).get(video.posterUrl!);
    expect(frame.statusCode).toBe(200);
    expect(frame.rawPayload.equals(storedFrame(file.posterBlobName!))).toBe(true);
    expect((await u.client.put(`/api/videos/${taskId}/sharing`, { isPublic: false })).statusCode).toBe(200);
    expect((await new Client(t.app).get(video.posterUrl!)).statusCode).toBe(404);
  });

  it("serves each sample clip's committed frame, the clip's own shape", async () => {
    const visitor = new Client(t.app);
    for (const shape of ["16x9", "9x16"] as const)
      for (const variant of [1, 2, 3]) {
        const res = await visitor.get(`/media/showcase/sample-${variant}-${shape}-720p.jpg`);
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toBe("image/jpeg");
        expect(jpegSize(res.rawPayload)).toEqual(
          shape === "16x9" ? { width: 1200, height: 676 } : { width: 676, height: 1200 },
        );
      }
    expect((await visitor.get("/media/showcase/sample-1-16x9-1080p.jpg")).statusCode).toBe(404);
  });
});
