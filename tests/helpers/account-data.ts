/**
 * A person with something of everything an account holds (decision 0087): a finished, kept and
 * shared video, an upload, a paid order and spending, an API token, a webhook endpoint and the
 * callbacks secret. The secrets are returned so tests can look for them where they must not be.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../src/server/db/connect.js";
import { users, videoFiles, videoTasks } from "../../src/server/db/schema.js";
import { paidOrder } from "./payment-orders.js";
import { randomPng, runWorkerUntil, taskRow, uploadImage, userWithCredits, type VideoTestApp } from "./video-app.js";

export interface PersonWithData {
  id: string;
  username: string;
  password: string;
  email: string;
  client: Awaited<ReturnType<typeof userWithCredits>>["client"];
  prompt: string;
  taskId: string;
  shareUrl: string;
  uploadUrl: string;
  orderId: string;
  apiToken: string;
  webhookUrl: string;
  webhookSecret: string;
  callbacksSecret: string;
}

export async function personWithData(t: VideoTestApp, opts: { confirmed?: boolean } = {}): Promise<PersonWithData> {
  const db: Db = t.database.db;
  const u = await userWithCredits(t.app, db, 0);
  const email = `${u.username}@people.example`;
  await db
    .update(users)
    .set({ email, emailVerified: opts.confirmed ?? true })
    .where(eq(users.id, u.id));
  const order = await paidOrder(db, u.id, { credits: 100 });

  const upload = await uploadImage(t.app, u.client.sessionCookie, randomPng(), "frame.png");
  expect(upload.statusCode, upload.body).toBe(201);
  const uploadUrl = upload.json<{ imageUrl: string }>().imageUrl;

  const prompt = `A lighthouse for ${u.username} ${crypto.randomBytes(4).toString("hex")}`;
  const generated = await u.client.post("/api/generate-video", {
    prompt,
    model: "veo3_fast",
    aspectRatio: "16:9",
  });
  expect(generated.statusCode, generated.body).toBe(200);
  const { taskId } = generated.json<{ taskId: string }>();
  await runWorkerUntil(t, async () => (await taskRow(db, taskId)).status === "completed");
  await t.app.jobs.videoArchiver.runOnce();
  const shared = await u.client.put(`/api/videos/${taskId}/sharing`, { isPublic: true });
  expect(shared.statusCode, shared.body).toBe(200);

  const token = await u.client.post("/api/user-tokens", { name: `n8n of ${u.username}` });
  expect(token.statusCode, token.body).toBe(201);
  const webhookUrl = `http://127.0.0.1:9/hooks/${u.username}`;
  const endpoint = await u.client.post("/api/webhooks/endpoints", { url: webhookUrl, events: ["video.completed"] });
  expect(endpoint.statusCode, endpoint.body).toBe(201);
  const callbacks = await u.client.post("/api/webhooks/callback-secret");
  expect(callbacks.statusCode, callbacks.body).toBe(200);
  await t.app.liveEvents.settle();

  return {
    ...u,
    email,
    prompt,
    taskId,
    shareUrl: shared.json<{ shareUrl: string }>().shareUrl,
    uploadUrl,
    orderId: order.id,
    apiToken: token.json<{ token: string }>().token,
    webhookUrl,
    webhookSecret: endpoint.json<{ secret: string }>().secret,
    callbacksSecret: callbacks.json<{ secret: string }>().secret,
  };
}

/** The archived files of the person's videos: their blobs' names in the video store. */
export async function keptBlobs(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ blob: videoFiles.blobName, poster: videoFiles.posterBlobName })
    .from(videoFiles)
    .innerJoin(videoTasks, eq(videoTasks.id, videoFiles.videoTaskId))
    .where(eq(videoTasks.userId, userId));
  return rows.flatMap((r) => [r.blob, r.poster]).filter((n): n is string => n !== null);
}
