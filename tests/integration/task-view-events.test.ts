/**
 * The task view's announcements (migrations 0004 and 0008, decision 0031): every column the task
 * view (toTaskView, /api/video-tasks) is built from is announced by the database when it changes,
 * so the read caches of every process drop what they hold. Rows are changed here directly in the
 * database, as another process, a repair or a future feature would; requests go through
 * app.inject (not the settling test Client), so only the announcement can refresh a cached list.
 */
import crypto from "node:crypto";
import { eq, getTableColumns, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, videoTasks } from "../../src/server/db/schema.js";
import type { DatabaseChange } from "../../src/server/events/live-events.js";
import { toTaskView } from "../../src/server/features/videos/queries.js";
import type { VideoTaskView } from "../../src/shared/videos.js";
import { createTestApp, signUp, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
let owner: { id: string; cookie: string };
let other: { id: string; cookie: string };
const db = () => t.database.db;

async function person() {
  const signed = await signUp(t.app);
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.username, signed.username));
  return { id: row!.id, cookie: signed.client.sessionCookie! };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await person();
  other = await person();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const createdAt = new Date(Date.now() - 2 * HOUR);

/** A task as generation leaves it while the provider works on it; every view field has a value to change from. */
async function insertTask(userId = owner.id) {
  const [row] = await db()
    .insert(videoTasks)
    .values({
      userId,
      taskId: `view_${crypto.randomUUID()}`,
      prompt: "a heron at dawn",
      imageUrls: [],
      model: "veo3_fast",
      aspectRatio: "16:9",
      status: "generating",
      createdAt,
      creditsUsed: 1,
      createdVia: "web",
      // No draft until its model is set (draftOf below): the view shows draftOf from draft_of_model.
      draftOfResolution: "1080p",
    })
    .returning();
  return row!;
}

/**
 * For each field of the view: a new value for its column, and how the view shows it. Keyed by
 * the view's own field names (which are the schema's property names), so the list below must
 * name every field the view has.
 */
const later = new Date(Date.now() - HOUR);
const changes: {
  [K in keyof VideoTaskView]-?: { value: unknown; shown?: unknown; column?: keyof typeof videoTasks.$inferSelect };
} = {
  id: { value: crypto.randomUUID() },
  taskId: { value: `view_moved_${crypto.randomUUID()}` },
  status: { value: "completed" },
  prompt: { value: "a heron at dusk" },
  model: { value: "veo3" },
  mode: { value: "reference" },
  aspectRatio: { value: "9:16" },
  imageUrls: { value: ["https://images.example.test/reference.png"] },
  resultUrls: { value: ["https://videos.example.test/720p.mp4"] },
  hdVideoUrl: { value: "https://videos.example.test/1080p.mp4" },
  extendedFrom: { value: "sim_parent_task" },
  extendMethod: { value: "last_frame" },
  joinStatus: { value: "ready" },
  joinedVideoUrl: { value: "/media/videos/00000000-0000-4000-8000-000000000000.mp4" },
  uhdStatus: { value: "pending" },
  uhdVideoUrl: { value: "https://videos.example.test/4k.mp4" },
  uhdCredits: { value: 4 },
  uhdError: { value: "The 4K version of this video is unavailable" },
  hdStatus: { value: "pending" },
  errorMessage: { value: "Generation failed" },
  failureKind: { value: "refused" },
  watermark: { value: "veo-studio" },
  batchId: { value: crypto.randomUUID() },
  seeds: { value: 54_321 },
  createdAt: { value: later, shown: later.toISOString() },
  completedAt: { value: later, shown: later.toISOString() },
  creditsUsed: { value: 5 },
  createdVia: { value: "api" },
  refunded: { value: true },
  videoExpired: { value: true },
  isPublic: { value: true },
  shareId: { value: "share-abc123" },
  sharePromptHidden: { value: true },
  explore: { value: "listed", column: "exploreStatus" },
  durationSeconds: { value: 10 },
  resolution: { value: "1080p" },
  audio: { value: false },
  welcomeMarked: { value: true },
  vendor: { value: "google" },
  draftOf: { value: "veo3", column: "draftOfModel", shown: { model: "veo3", resolution: "1080p" } },
};
const fields = Object.keys(changes) as Array<keyof VideoTaskView>;
const columnOf = (field: keyof VideoTaskView) =>
  changes[field].column ?? (field as keyof typeof videoTasks.$inferSelect);

/** Every change this process hears of from now on. */
function recordChanges() {
  const heard: DatabaseChange[] = [];
  const stop = t.app.liveEvents.onChange((change) => heard.push(change));
  return { heard, stop };
}

async function listed(cookie: string): Promise<VideoTaskView[]> {
  const res = await t.app.inject({ method: "GET", url: "/api/video-tasks?page=1&limit=100", headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ tasks: VideoTaskView[] }>().tasks;
}

describe("the task view's announcements", () => {
  it("the list below names every field of the task view, as toTaskView and /api/video-tasks build it", async () => {
    const row = await insertTask();
    await t.app.liveEvents.settle();
    expect(Object.keys(toTaskView(row)).sort()).toEqual([...fields].sort());
    const shown = (await listed(owner.cookie)).find((task) => task.id === row.id);
    expect(Object.keys(shown!).sort()).toEqual([...fields].sort());
    // Each field is a column of video_tasks.
    const columns = getTableColumns(videoTasks);
    for (const field of fields) expect(columns[columnOf(field)], field).toBeDefined();
  });

  it.each(fields)("changing %s in the database is announced, and the cached list shows the change", async (field) => {
    const row = await insertTask();
    await t.app.liveEvents.settle();
    // The list is now cached in memory (for a minute unless something is announced).
    const before = (await listed(owner.cookie)).find((task) => task.id === row.id)!;
    expect(before[field]).not.toEqual(changes[field].shown ?? changes[field].value);

    const { heard, stop } = recordChanges();
    await db()
      .update(videoTasks)
      .set({ [columnOf(field)]: changes[field].value })
      .where(eq(videoTasks.id, row.id));
    await t.app.liveEvents.settle();
    stop();

    const [changed] = await db()
      .select()
      .from(videoTasks)
      .where(eq(videoTasks.id, field === "id" ? (changes.id.value as string) : row.id));
    expect(
      heard,
      `no announcement when video_tasks.${getTableColumns(videoTasks)[columnOf(field)].name} changed`,
    ).toContainEqual({
      kind: "task",
      userId: owner.id,
      taskId: changed!.taskId,
    });
    const after = (await listed(owner.cookie)).find((task) => task.id === changed!.id);
    expect(after?.[field]).toEqual(changes[field].shown ?? changes[field].value);
  });

  it("moving a task to another person is announced to both, and each list shows it where it now is", async () => {
    const row = await insertTask();
    await t.app.liveEvents.settle();
    expect((await listed(owner.cookie)).map((task) => task.id)).toContain(row.id);
    expect((await listed(other.cookie)).map((task) => task.id)).not.toContain(row.id);

    const { heard, stop } = recordChanges();
    await db().update(videoTasks).set({ userId: other.id }).where(eq(videoTasks.id, row.id));
    await t.app.liveEvents.settle();
    stop();

    expect(heard).toContainEqual({ kind: "task", userId: owner.id, taskId: row.taskId });
    expect(heard).toContainEqual({ kind: "task", userId: other.id, taskId: row.taskId });
    expect((await listed(owner.cookie)).map((task) => task.id)).not.toContain(row.id);
    expect((await listed(other.cookie)).map((task) => task.id)).toContain(row.id);
  });

  it("worker bookkeeping, which no page shows, is not announced", async () => {
    const row = await insertTask();
    await t.app.liveEvents.settle();
    const { heard, stop } = recordChanges();
    await db()
      .update(videoTasks)
      .set({ nextCheckAt: new Date(), checkAttempts: 3, leaseUntil: sql`now() + interval '1 minute'`, hdAttempts: 2 })
      .where(eq(videoTasks.id, row.id));
    await t.app.liveEvents.settle();
    stop();
    expect(heard.filter((change) => change.kind === "task")).toEqual([]);
  });
});
