/**
 * Refused prompts (issue 38, decision 0082): a video the provider refuses for its content, when it
 * is submitted or later in its task, is failed and refunded as before (status 'failed', so the API,
 * webhooks and n8n keep their contract) and marked failure_kind 'refused'; the owner's overview
 * counts it as refused, not in its failures or its failure rate.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOverview } from "../../src/server/features/admin/overview-service.js";
import { generationProblem } from "../../src/server/features/admin/generation-health.js";
import type { VideoTaskView } from "../../src/shared/videos.js";
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
const FLAGGED = "Your prompt was flagged by Website as violating content policies.";

type Person = Awaited<ReturnType<typeof userWithCredits>>;

async function listed(u: Person): Promise<VideoTaskView[]> {
  const res = await u.client.get("/api/video-tasks?page=1&limit=100");
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ tasks: VideoTaskView[] }>().tasks;
}

/** Submits a video and, unless it was refused at once, runs the worker until it has finished. */
async function made(u: Person, prompt: string): Promise<string> {
  const res = await u.client.post("/api/generate-video", { prompt, model: "veo3_fast" });
  if (res.statusCode !== 200) {
    const [task] = (await listed(u)).filter((v) => v.prompt === prompt);
    return task!.taskId;
  }
  const { taskId } = res.json<{ taskId: string }>();
  await runWorkerUntil(t, async () => ["completed", "failed"].includes((await taskRow(db(), taskId)).status));
  return taskId;
}

describe("a refused prompt", () => {
  let u: Person;
  const ids: Record<"submitRefused" | "taskRefused" | "failed" | "completed", string> = {
    submitRefused: "",
    taskRefused: "",
    failed: "",
    completed: "",
  };

  beforeAll(async () => {
    u = await userWithCredits(t.app, db(), 20);
    ids.submitRefused = await made(u, "a refused prompt [sim:reject]");
    ids.failed = await made(u, "an unlucky prompt [sim:fail]");
    ids.completed = await made(u, "a fine prompt");
    // The provider accepts this one, then refuses it in its task (record-info: failed, code 400).
    const res = await u.client.post("/api/generate-video", { prompt: "refused later", model: "veo3_fast" });
    expect(res.statusCode, res.body).toBe(200);
    ids.taskRefused = res.json<{ taskId: string }>().taskId;
    t.sim.faults.inject("record-info", {
      body: {
        code: 200,
        msg: "success",
        data: { taskId: ids.taskRefused, successFlag: 2, errorCode: 400, errorMessage: FLAGGED, response: null },
      },
    });
    await runWorkerUntil(t, async () => (await taskRow(db(), ids.taskRefused)).status === "failed");
    t.sim.faults.clear();
  });

  it("refused when submitted: failed and refunded as before, and marked refused", async () => {
    const row = await taskRow(db(), ids.submitRefused);
    expect(row).toMatchObject({ status: "failed", refunded: true, errorMessage: FLAGGED, failureKind: "refused" });
  });

  it("refused in its task: failed and refunded as before, and marked refused", async () => {
    const row = await taskRow(db(), ids.taskRefused);
    expect(row).toMatchObject({ status: "failed", refunded: true, errorMessage: FLAGGED, failureKind: "refused" });
  });

  it("a video that fails for another reason is not marked refused; a finished one has no failure kind", async () => {
    expect(await taskRow(db(), ids.failed)).toMatchObject({ status: "failed", failureKind: null });
    expect(await taskRow(db(), ids.completed)).toMatchObject({ status: "completed", failureKind: null });
  });

  it("the task list says so beside status 'failed' (additive); the video status keeps its contract", async () => {
    const tasks = await listed(u);
    const byId = (taskId: string) => tasks.find((v) => v.taskId === taskId);
    expect(byId(ids.submitRefused)).toMatchObject({ status: "failed", failureKind: "refused" });
    expect(byId(ids.taskRefused)).toMatchObject({ status: "failed", failureKind: "refused" });
    expect(byId(ids.failed)).toMatchObject({ status: "failed", failureKind: null });
    // The gallery's "failed" filter still finds the refused ones.
    const failedOnly = await u.client.get("/api/video-tasks?page=1&limit=100&status=failed");
    expect(failedOnly.statusCode, failedOnly.body).toBe(200);
    expect(
      failedOnly
        .json<{ tasks: VideoTaskView[] }>()
        .tasks.map((v) => v.taskId)
        .sort(),
    ).toEqual([ids.submitRefused, ids.taskRefused, ids.failed].sort());
    const status = await u.client.get(`/api/video-status/${ids.taskRefused}`);
    // The status says it in our words with a next step, never the vendor's (decision 0163).
    expect(status.json().data).toMatchObject({
      status: "failed",
      successFlag: 2,
      errorMessage: "Veo3 Fast declined this prompt under its content rules. Try describing the scene in other words.",
    });
    expect(Object.keys(status.json().data)).not.toContain("failureKind");
  });

  it("the owner's overview counts refused prompts apart: not failures, not in the failure rate", async () => {
    const overview = await adminOverview(db(), "today");
    expect(overview.videos).toMatchObject({
      total: 4,
      completed: 1,
      refunded: 0,
      failed: 1,
      refused: 2,
      inProgress: 0,
      failureRate: 1 / 2,
      refundRate: 1 / 2,
    });
    expect(overview.videos.byModel).toEqual([
      expect.objectContaining({ model: "veo3_fast", failed: 1, refused: 2, failureRate: 1 / 2 }),
    ]);
  });

  it("the generation alert does not count refused prompts as the provider failing", async () => {
    // Of the four, one failed at the provider and it is not the latest: no alert.
    expect(await generationProblem(db())).toBeNull();
  });
});
