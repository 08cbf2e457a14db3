/**
 * My Creations (decision 0080): the list's search, filters and sort (owner-only, cached per
 * filter with its own ETag), and deleting several videos at once, each as the single delete does.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { videoFiles, videoTasks } from "../../src/server/db/schema.js";
import { deleteVideos } from "../../src/server/features/videos/share-service.js";
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
const db = () => t.database.db;

type User = Awaited<ReturnType<typeof userWithCredits>>;
type Listed = { tasks: { taskId: string; prompt: string; status: string; model: string }[]; total: number };

/** Tasks written straight into the table, one minute apart (the first is the oldest). */
async function seed(
  u: User,
  rows: Array<{ prompt: string; status?: string; model?: string }>,
  startAt = Date.now() - rows.length * 60_000,
) {
  const values = rows.map((r, i) => ({
    userId: u.id,
    taskId: `g-${u.id.slice(0, 8)}-${i}-${Math.random().toString(36).slice(2, 8)}`,
    prompt: r.prompt,
    model: r.model ?? "veo3_fast",
    aspectRatio: "16:9",
    status: r.status ?? "completed",
    createdAt: new Date(startAt + i * 60_000),
  }));
  await db().insert(videoTasks).values(values);
  return values.map((v) => v.taskId);
}

async function list(u: User, query: string): Promise<Listed> {
  const res = await u.client.get(`/api/video-tasks?page=1&limit=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Listed>();
}
const prompts = (l: Listed) => l.tasks.map((x) => x.prompt);

describe("the gallery's filters", () => {
  let u: User;
  beforeAll(async () => {
    u = await userWithCredits(t.app, db(), 0);
    await seed(u, [
      { prompt: "A red fox in snow", status: "completed", model: "veo3_fast" },
      { prompt: "Đà Lạt in the morning fog", status: "completed", model: "veo3" },
      { prompt: "A fox running, still generating", status: "generating", model: "veo3_fast" },
      { prompt: "Café at dusk", status: "pending", model: "veo3_lite" },
      { prompt: "A refused fox", status: "failed", model: "veo3_fast" },
      { prompt: "100% pure_joy", status: "completed", model: "veo3_lite" },
      { prompt: "back\\slash city", status: "failed", model: "veo3" },
    ]);
    // Someone else's fox, never listed for u.
    const other = await userWithCredits(t.app, db(), 0);
    await seed(other, [{ prompt: "Another person's fox", status: "completed" }]);
  });

  it("filters by status: finished, in progress (generating or pending), failed", async () => {
    expect(prompts(await list(u, "status=completed")).sort()).toEqual(
      ["100% pure_joy", "A red fox in snow", "Đà Lạt in the morning fog"].sort(),
    );
    expect(prompts(await list(u, "status=in_progress")).sort()).toEqual(
      ["A fox running, still generating", "Café at dusk"].sort(),
    );
    const failed = await list(u, "status=failed");
    expect(prompts(failed).sort()).toEqual(["A refused fox", "back\\slash city"].sort());
    expect(failed.total).toBe(2);
  });

  it("filters by model, and combines every filter", async () => {
    expect(prompts(await list(u, "model=veo3")).sort()).toEqual(
      ["Đà Lạt in the morning fog", "back\\slash city"].sort(),
    );
    expect(prompts(await list(u, "model=veo3_fast&status=completed&q=fox"))).toEqual(["A red fox in snow"]);
    expect(prompts(await list(u, "model=veo3_fast&q=FOX&sort=oldest"))).toEqual([
      "A red fox in snow",
      "A fox running, still generating",
      "A refused fox",
    ]);
    expect((await list(u, "model=veo3_lite&status=failed")).total).toBe(0);
  });

  it("sorts newest first by default, oldest first when asked", async () => {
    const newest = prompts(await list(u, ""));
    expect(newest[0]).toBe("back\\slash city");
    expect(prompts(await list(u, "sort=newest"))).toEqual(newest);
    expect(prompts(await list(u, "sort=oldest"))).toEqual([...newest].reverse());
  });

  it("searches case- and accent-insensitively, in both directions", async () => {
    expect(prompts(await list(u, "q=da%20lat"))).toEqual(["Đà Lạt in the morning fog"]);
    expect(prompts(await list(u, `q=${encodeURIComponent("ĐÀ LẠT")}`))).toEqual(["Đà Lạt in the morning fog"]);
    expect(prompts(await list(u, "q=cafe"))).toEqual(["Café at dusk"]);
    // Typed decomposed (e + combining acute).
    expect(prompts(await list(u, `q=${encodeURIComponent("Cafe\u0301")}`))).toEqual(["Café at dusk"]);
    expect(prompts(await list(u, "q=%20%20fog%20%20"))).toEqual(["Đà Lạt in the morning fog"]);
  });

  it("matches %, _ and \\ as themselves, never as wildcards", async () => {
    expect(prompts(await list(u, `q=${encodeURIComponent("%")}`))).toEqual(["100% pure_joy"]);
    expect(prompts(await list(u, `q=${encodeURIComponent("_")}`))).toEqual(["100% pure_joy"]);
    expect(prompts(await list(u, `q=${encodeURIComponent("0%")}`))).toEqual(["100% pure_joy"]);
    expect(prompts(await list(u, `q=${encodeURIComponent("\\")}`))).toEqual(["back\\slash city"]);
    expect(prompts(await list(u, `q=${encodeURIComponent("k\\s")}`))).toEqual(["back\\slash city"]);
    // A wildcard-looking search that would match everything as a pattern matches nothing.
    expect((await list(u, `q=${encodeURIComponent("f_x")}`)).total).toBe(0);
    expect((await list(u, `q=${encodeURIComponent("%%")}`)).total).toBe(0);
  });

  it("takes hostile strings as words, and refuses a bad filter with a 400 and a message", async () => {
    for (const hostile of ["'; drop table video_tasks; --", "<script>", "\u202e", "😀", "x".repeat(200)])
      expect((await list(u, `q=${encodeURIComponent(hostile)}`)).total, hostile).toBe(0);
    expect((await u.client.get(`/api/video-tasks?q=${"x".repeat(201)}`)).json()).toEqual({
      message: "q must be at most 200 characters",
      code: "invalid_input",
    });
    expect((await u.client.get("/api/video-tasks?status=done")).json()).toEqual({
      message: "status must be completed, in_progress, failed",
      code: "invalid_input",
    });
    expect((await u.client.get("/api/video-tasks?model=sora")).statusCode).toBe(400);
    expect((await u.client.get("/api/video-tasks?sort=random")).statusCode).toBe(400);
  });

  it("never lists another person's videos, whatever the filter", async () => {
    for (const query of ["q=fox", "q=another", "status=completed", "model=veo3_fast&q=person", "sort=oldest"])
      expect(prompts(await list(u, query)), query).not.toContain("Another person's fox");
    expect(prompts(await list(u, "q=fox"))).toHaveLength(3);
  });

  it("the recent list (?days=) takes the same filters", async () => {
    const res = await u.client.get("/api/video-tasks?days=14&status=failed&q=fox");
    expect(res.json<Listed>().tasks.map((x) => x.prompt)).toEqual(["A refused fox"]);
  });

  it("gives each filter its own ETag and cache entry, and a change of any task renews them all", async () => {
    const get = (query: string, etag?: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/video-tasks?page=1&limit=20&${query}`,
        headers: { cookie: u.client.sessionCookie!, ...(etag ? { "if-none-match": etag } : {}) },
      });
    const queries = ["", "status=completed", "status=failed", "model=veo3", "q=fox", "q=fox&sort=oldest"];
    const first = await Promise.all(queries.map((q) => get(q)));
    const etags = first.map((r) => r.headers.etag as string);
    expect(new Set(etags).size).toBe(queries.length);
    // Each answers 304 to its own tag, 200 to another filter's.
    for (const [i, q] of queries.entries()) {
      expect((await get(q, etags[i])).statusCode, q).toBe(304);
      expect((await get(q, etags[(i + 1) % etags.length])).statusCode, q).toBe(200);
    }
    // A finished video fails now: every cached filter that shows it answers anew.
    const [fox] = await db()
      .select({ id: videoTasks.id })
      .from(videoTasks)
      .where(eq(videoTasks.prompt, "A red fox in snow"));
    await db().update(videoTasks).set({ status: "failed" }).where(eq(videoTasks.id, fox!.id));
    await t.app.liveEvents.settle();
    for (const [i, q] of queries.entries()) {
      if (q === "model=veo3") continue; // not a fox, unchanged
      const again = await get(q, etags[i]);
      expect(again.statusCode, q).toBe(200);
    }
    expect(prompts((await get("status=failed")).json<Listed>())).toContain("A red fox in snow");
    expect(prompts((await get("status=completed")).json<Listed>())).not.toContain("A red fox in snow");
  });
});

describe("deleting several videos", () => {
  const bulk = (u: User, taskIds: unknown) => u.client.post("/api/videos/bulk-delete", { taskIds });

  it("deletes the person's own, refuses one still being made, and treats another's as missing", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const other = await userWithCredits(t.app, db(), 0);
    const [done, failed, generating] = await seed(u, [
      { prompt: "finished" },
      { prompt: "failed", status: "failed" },
      { prompt: "cooking", status: "generating" },
    ]);
    const [theirs] = await seed(other, [{ prompt: "not yours" }]);
    const res = await bulk(u, [done, failed, generating, theirs, "no-such-task"]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      deleted: 2,
      results: [
        { taskId: done, outcome: "deleted" },
        { taskId: failed, outcome: "deleted" },
        { taskId: generating, outcome: "still_generating" },
        { taskId: theirs, outcome: "not_found" },
        { taskId: "no-such-task", outcome: "not_found" },
      ],
    });
    expect(prompts(await list(u, ""))).toEqual(["cooking"]);
    expect(prompts(await list(other, ""))).toEqual(["not yours"]);
    expect((await taskRow(db(), theirs!)).deletedAt).toBeNull();
    // Already deleted: missing now, as for the single delete.
    expect((await bulk(u, [done])).json()).toEqual({ deleted: 0, results: [{ taskId: done, outcome: "not_found" }] });
    expect((await u.client.delete(`/api/videos/${done}`)).statusCode).toBe(404);
  });

  it("removes a finished video's kept files, as the single delete does", async () => {
    const u = await userWithCredits(t.app, db(), 5);
    const started = await u.client.post("/api/generate-video", { prompt: "A kept heron", model: "veo3_fast" });
    expect(started.statusCode, started.body).toBe(200);
    const { taskId } = started.json<{ taskId: string }>();
    await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
    await t.app.jobs.videoArchiver.runOnce();
    const row = await taskRow(db(), taskId);
    const filesBefore = await db().select().from(videoFiles).where(eq(videoFiles.videoTaskId, row.id));
    expect(filesBefore.some((f) => f.blobName)).toBe(true);
    expect((await bulk(u, [taskId])).json()).toEqual({ deleted: 1, results: [{ taskId, outcome: "deleted" }] });
    const filesAfter = await db().select().from(videoFiles).where(eq(videoFiles.videoTaskId, row.id));
    expect(filesAfter.every((f) => f.status === "deleted" && f.blobName === null)).toBe(true);
  });

  it("counts a repeated id once", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const [a] = await seed(u, [{ prompt: "twice" }]);
    expect((await bulk(u, [a, a, a])).json()).toEqual({ deleted: 1, results: [{ taskId: a, outcome: "deleted" }] });
  });

  it("refuses more than 100 ids, none, or no list, with a 400 and a message, deleting nothing", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const ids = await seed(
      u,
      Array.from({ length: 101 }, (_, i) => ({ prompt: `v${i}` })),
    );
    const tooMany = await bulk(u, ids);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: "At most 100 videos can be deleted at once", code: "invalid_input" });
    expect((await list(u, "")).total).toBe(101);
    expect((await bulk(u, [])).statusCode).toBe(400);
    expect((await bulk(u, "all")).statusCode).toBe(400);
    // Exactly 100 is fine.
    expect((await bulk(u, ids.slice(0, 100))).json<{ deleted: number }>().deleted).toBe(100);
  });

  it("deletes each video exactly once when two requests race", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const ids = await seed(
      u,
      Array.from({ length: 12 }, (_, i) => ({ prompt: `race ${i}` })),
    );
    // Both requests find every video in the read cache: only the delete itself can tell them apart.
    for (const id of ids) expect((await u.client.get(`/api/video-status/${id}`)).statusCode).toBe(200);
    const [one, two] = await Promise.all([bulk(u, ids), bulk(u, ids)]);
    type Result = { results: { taskId: string; outcome: string }[]; deleted: number };
    const a = one.json<Result>();
    const b = two.json<Result>();
    expect(a.deleted + b.deleted).toBe(ids.length);
    for (const id of ids) {
      const outcomes = [a, b].map((r) => r.results.find((x) => x.taskId === id)?.outcome).sort();
      expect(outcomes, id).toEqual(["deleted", "not_found"]);
    }
    const rows = await db().select().from(videoTasks).where(inArray(videoTasks.taskId, ids));
    expect(rows.every((r) => r.deletedAt !== null)).toBe(true);
  });

  it("deletes once when both deletes read the video before either deletes it", async () => {
    // Called directly, both reads are queued before either transaction: a true race on one video.
    const u = await userWithCredits(t.app, db(), 0);
    const ids = await seed(u, [{ prompt: "contested" }, { prompt: "contested too" }]);
    const deps = {
      db: db(),
      caches: { tasks: { get: (_key: string, load: () => Promise<unknown>) => load() } as never },
      videoStore: {} as never,
    };
    const results = await Promise.all([
      deleteVideos(deps, u.id, ids, t.app.log),
      deleteVideos(deps, u.id, ids, t.app.log),
    ]);
    // Either call may win each video (PGlite runs them in turn, PostgreSQL at once): each is deleted once.
    expect(results[0].deleted + results[1].deleted).toBe(2);
    for (const id of ids) {
      const outcomes = results.map((r) => r.results.find((x) => x.taskId === id)?.outcome).sort();
      expect(outcomes, id).toEqual(["deleted", "not_found"]);
    }
  });

  it("needs a session and the web app's headers", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const [a] = await seed(u, [{ prompt: "guarded" }]);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/videos/bulk-delete",
      payload: { taskIds: [a] },
    });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/videos/bulk-delete",
      headers: { cookie: u.client.sessionCookie!, "sec-fetch-site": "cross-site" },
      payload: { taskIds: [a] },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await taskRow(db(), a!)).deletedAt).toBeNull();
  });
});
