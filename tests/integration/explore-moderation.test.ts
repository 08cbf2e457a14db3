/**
 * Explore's moderation (issue 72, decision 0164): visitors' reports (once per reporter and video,
 * a signed-out visitor known only by a keyed hash of their address, limited per address, the
 * CAPTCHA for signed-out visitors while it is on) and the admin's tab: counts per filter, approve,
 * hide (resolving reports), restore, feature, dismiss, delete (files and all), each audited in
 * its transaction; the mode saved with the other settings.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, exploreReports, videoFiles, videoTasks } from "../../src/server/db/schema.js";
import { updateSettings } from "../../src/server/features/settings/service.js";
import type { AdminExplorePage, ExploreFeed } from "../../src/shared/schemas/explore.js";
import { exploreStatusOf, finishedVideo, publish, setExploreMode, setSharing } from "../helpers/explore-videos.js";
import { Client, signInAdmin } from "../helpers/test-app.js";
import { createVideoTestApp, taskRow, userWithCredits, type VideoTestApp } from "../helpers/video-app.js";

let t: VideoTestApp;
let admin: Client;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createVideoTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());
afterEach(async () => {
  await setExploreMode(t, "open");
});

const report = (client: Client, shareId: string, body: unknown) => client.post(`/api/explore/${shareId}/reports`, body);
const act = (taskId: string, action: string, reason?: string) =>
  admin.post(`/api/admin/explore/${taskId}`, { action, ...(reason ? { reason } : {}) });
const reportsOf = async (taskId: string) =>
  db()
    .select()
    .from(exploreReports)
    .where(eq(exploreReports.videoTaskId, (await taskRow(db(), taskId)).id));
const feedIds = async () =>
  (await t.app.inject({ method: "GET", url: "/api/explore" })).json<ExploreFeed>().videos.map((v) => v.id);
async function adminPage(filter: string): Promise<AdminExplorePage> {
  const res = await admin.get(`/api/admin/explore?filter=${filter}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminExplorePage>();
}
const auditOf = (taskId: string) =>
  db().select().from(adminAuditLog).where(eq(adminAuditLog.targetId, taskId)).orderBy(adminAuditLog.id);

describe("reports", () => {
  it("takes one report per reporter and video, signed in or not; a visitor's address is never stored", async () => {
    const { u, taskId } = await finishedVideo(t);
    const { shareId } = await publish(u.client, taskId);
    const visitor = new Client(t.app, "10.20.30.40");
    const first = await report(visitor, shareId, { reason: "spam", details: "  the same link in every video  " });
    expect(first.statusCode, first.body).toBe(200);
    const again = await report(visitor, shareId, { reason: "hate" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const signedIn = await userWithCredits(t.app, db(), 0);
    expect((await report(signedIn.client, shareId, { reason: "copyright" })).statusCode).toBe(200);
    expect((await report(signedIn.client, shareId, { reason: "other" })).statusCode).toBe(200);
    // The same person from another address is still one reporter.
    const rows = await reportsOf(taskId);
    expect(rows.map((r) => r.reason).sort()).toEqual(["copyright", "spam"]);
    const byVisitor = rows.find((r) => r.reason === "spam")!;
    expect(byVisitor).toMatchObject({
      details: "the same link in every video",
      reporterUserId: null,
      resolvedAt: null,
    });
    expect(byVisitor.reporterKey).not.toContain("10.20.30.40");
    expect(JSON.stringify(rows)).not.toContain("10.20.30.40");
    expect(rows.find((r) => r.reason === "copyright")!.reporterUserId).toBe(signedIn.id);

    // Two addresses of one IPv6 /64 are one visitor.
    const v6a = new Client(t.app, "2001:db8:1:2::a");
    const v6b = new Client(t.app, "2001:db8:1:2:ffff::b");
    expect((await report(v6a, shareId, { reason: "violence" })).statusCode).toBe(200);
    expect((await report(v6b, shareId, { reason: "sexual" })).statusCode).toBe(200);
    expect((await reportsOf(taskId)).length).toBe(3);
  });

  it("reports only a listed video, with a known reason and short details", async () => {
    const { u, taskId } = await finishedVideo(t);
    const visitor = new Client(t.app);
    const unlisted = await setSharing(u.client, taskId, { isPublic: true });
    const shareId = new URL(unlisted.view!.shareUrl!).pathname.slice(3);
    expect((await report(visitor, shareId, { reason: "spam" })).statusCode).toBe(404);
    expect((await report(visitor, "no-such-video", { reason: "spam" })).statusCode).toBe(404);
    await publish(u.client, taskId);
    expect((await report(visitor, shareId, { reason: "boring" })).statusCode).toBe(400);
    expect((await report(visitor, shareId, { reason: "spam", details: "x".repeat(501) })).statusCode).toBe(400);
    expect((await report(visitor, shareId, {})).statusCode).toBe(400);
    expect(await reportsOf(taskId)).toEqual([]);
    await setExploreMode(t, "off");
    expect((await report(visitor, shareId, { reason: "spam" })).statusCode).toBe(404);
  });

  it("limits reports per address (429 with Retry-After), repeats included", async () => {
    const { u, taskId } = await finishedVideo(t);
    const { shareId } = await publish(u.client, taskId);
    const flooder = new Client(t.app, "10.99.99.99");
    for (let i = 0; i < 10; i++) expect((await report(flooder, shareId, { reason: "spam" })).statusCode).toBe(200);
    const limited = await report(flooder, shareId, { reason: "spam" });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await report(new Client(t.app), shareId, { reason: "spam" })).statusCode).toBe(200);
    expect((await reportsOf(taskId)).length).toBe(2);
  });

  it("holds under races: one reporter's reports at once are one; an admin's hide at once with an unpublish wins or is refused", async () => {
    const { u, taskId } = await finishedVideo(t);
    const { shareId } = await publish(u.client, taskId);
    const visitor = new Client(t.app);
    const answers = await Promise.all(Array.from({ length: 5 }, () => report(visitor, shareId, { reason: "spam" })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await reportsOf(taskId)).length).toBe(1);

    for (let round = 0; round < 3; round++) {
      await publish(u.client, taskId);
      const [hide, off] = await Promise.all([
        act(taskId, "hide"),
        setSharing(u.client, taskId, { isPublic: true, explore: false }),
      ]);
      expect(off.res.statusCode).toBe(200);
      const status = (await exploreStatusOf(t, taskId)).status;
      // Hidden when the hide went through (whatever came after); off when the owner was first.
      expect(status).toBe(hide.statusCode === 200 ? "hidden" : null);
      if (hide.statusCode !== 200) expect(hide.statusCode).toBe(409);
      if (status === "hidden") await act(taskId, "restore");
    }
  });

  it("asks a signed-out visitor for the CAPTCHA while it is on; a signed-in person is known", async () => {
    const { u, taskId } = await finishedVideo(t);
    const { shareId } = await publish(u.client, taskId);
    const person = await userWithCredits(t.app, db(), 0);
    await updateSettings(db(), t.secretBox, {
      turnstileSiteKey: "0x4AAAAAAA-site",
      turnstileSecret: "0x4AAAAAAA-secret",
    });
    await t.app.liveEvents.settle();
    try {
      const visitor = new Client(t.app);
      const asked = await report(visitor, shareId, { reason: "spam" });
      expect(asked.statusCode).toBe(400);
      expect(asked.json().reason).toBe("captcha_required");
      expect((await report(person.client, shareId, { reason: "spam" })).statusCode).toBe(200);
      expect((await reportsOf(taskId)).length).toBe(1);
    } finally {
      await updateSettings(db(), t.secretBox, { turnstileSiteKey: null, turnstileSecret: null });
      await t.app.liveEvents.settle();
    }
  });
});

describe("the admin's Explore tab", () => {
  it("counts and lists each filter, with the latest reports; only admins", async () => {
    const pendingBefore = (await adminPage("pending")).counts;
    await setExploreMode(t, "approval");
    const waiting = await finishedVideo(t, { prompt: "A waiting video" });
    const { explore } = await publish(waiting.u.client, waiting.taskId);
    expect(explore).toBe("pending");
    await setExploreMode(t, "open");
    const reported = await finishedVideo(t, { prompt: "A reported video" });
    const { shareId } = await publish(reported.u.client, reported.taskId);
    await report(new Client(t.app), shareId, { reason: "violence", details: "a fight" });

    const page = await adminPage("pending");
    expect(page.mode).toBe("open");
    expect(page.counts.pending).toBe(pendingBefore.pending + 1);
    expect(page.counts.reported).toBe(pendingBefore.reported + 1);
    expect(page.videos.map((v) => v.taskId)).toContain(waiting.taskId);
    expect(page.videos.every((v) => v.status === "pending")).toBe(true);
    const flagged = (await adminPage("reported")).videos.find((v) => v.taskId === reported.taskId)!;
    expect(flagged).toMatchObject({
      owner: reported.u.username,
      prompt: "A reported video",
      status: "listed",
      openReports: 1,
      reports: [{ reason: "violence", details: "a fight", resolved: false }],
    });
    expect(flagged.videoUrl).toContain(`share=${shareId}`);

    const user = await userWithCredits(t.app, db(), 0);
    expect((await user.client.get("/api/admin/explore")).statusCode).toBe(403);
    expect((await new Client(t.app).get("/api/admin/explore")).statusCode).toBe(401);
    expect((await user.client.post(`/api/admin/explore/${reported.taskId}`, { action: "hide" })).statusCode).toBe(403);
    expect((await exploreStatusOf(t, reported.taskId)).status).toBe("listed");
    expect((await admin.get("/api/admin/explore?filter=everything")).statusCode).toBe(400);
    expect((await admin.get("/api/admin/explore?cursor=tampered")).statusCode).toBe(400);
  });

  it("hides (resolving reports), restores, features and unfeatures, each audited; a state that forbids it is 409", async () => {
    const { u, taskId } = await finishedVideo(t);
    const { shareId } = await publish(u.client, taskId);
    await report(new Client(t.app), shareId, { reason: "spam" });

    const notPending = await act(taskId, "approve");
    expect(notPending.statusCode).toBe(409);
    const featured = await act(taskId, "feature");
    expect(featured.json().video).toMatchObject({ featured: true, status: "listed" });
    const featuredFeed = await t.app.inject({ method: "GET", url: "/api/explore?featured=true" });
    expect(featuredFeed.json<ExploreFeed>().videos.map((v) => v.id)).toContain(shareId);

    const hidden = await act(taskId, "hide", "spam links");
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().video).toMatchObject({ status: "hidden", featured: false, openReports: 0 });
    expect((await reportsOf(taskId)).every((r) => r.resolvedAt !== null)).toBe(true);
    expect(await feedIds()).not.toContain(shareId);
    expect((await act(taskId, "feature")).statusCode).toBe(409);
    expect((await act(taskId, "hide")).statusCode).toBe(409);

    expect((await act(taskId, "restore")).json().video.status).toBe("listed");
    expect(await feedIds()).toContain(shareId);
    expect((await act(taskId, "feature")).json().video.featured).toBe(true);
    expect((await act(taskId, "unfeature")).json().video.featured).toBe(false);

    const audit = await auditOf(taskId);
    expect(audit.map((a) => a.action)).toEqual([
      "explore.feature",
      "explore.hide",
      "explore.restore",
      "explore.feature",
      "explore.unfeature",
    ]);
    expect(audit[1]).toMatchObject({
      targetType: "video",
      details: {
        changes: [
          { field: "exploreStatus", before: "listed", after: "hidden" },
          { field: "featured", before: true, after: false },
        ],
        reason: "spam links",
        resolvedReports: 1,
      },
    });
  });

  it("restoring a video its owner stopped sharing only lets go of it; reports are dismissed on their own", async () => {
    const { u, taskId } = await finishedVideo(t);
    const { shareId } = await publish(u.client, taskId);
    await report(new Client(t.app), shareId, { reason: "other" });
    const dismissed = await act(taskId, "dismiss_reports");
    expect(dismissed.json()).toMatchObject({ video: { status: "listed", openReports: 0 } });
    expect(await feedIds()).toContain(shareId);

    await act(taskId, "hide");
    await setSharing(u.client, taskId, { isPublic: false });
    const restored = await act(taskId, "restore");
    expect(restored.statusCode).toBe(200);
    expect(await exploreStatusOf(t, taskId)).toEqual({ status: null, publishedAt: null });
    // Shared again later, it is only unlisted until its owner publishes it.
    const again = await setSharing(u.client, taskId, { isPublic: true });
    expect(again.view!.explore).toBeNull();
    // No longer in Explore: nothing to act on but its reports.
    expect((await act(taskId, "hide")).statusCode).toBe(409);
  });

  it("deletes a video as its owner would, files and all, and it leaves the feed at once", async () => {
    const { u, taskId } = await finishedVideo(t);
    const { shareId } = await publish(u.client, taskId);
    const row = await taskRow(db(), taskId);
    const [file] = await db().select().from(videoFiles).where(eq(videoFiles.videoTaskId, row.id));
    expect(file!.blobName).not.toBeNull();

    const deleted = await act(taskId, "delete", "illegal content");
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().video).toBeNull();
    expect((await taskRow(db(), taskId)).deletedAt).not.toBeNull();
    const [gone] = await db()
      .select()
      .from(videoFiles)
      .where(and(eq(videoFiles.videoTaskId, row.id), eq(videoFiles.quality, "720p")));
    expect(gone).toMatchObject({ status: "deleted", blobName: null, posterBlobName: null });
    expect(await feedIds()).not.toContain(shareId);
    expect((await u.client.get(`/api/video-tasks?page=1&limit=20`)).json().tasks).toEqual([]);
    expect((await auditOf(taskId)).map((a) => a.action)).toEqual(["explore.delete"]);
    expect((await act(taskId, "delete")).statusCode).toBe(404);
  });

  it("answers 404 for a video that is not there or was never in Explore", async () => {
    expect((await act("no-such-task", "hide")).statusCode).toBe(404);
    const { taskId } = await finishedVideo(t);
    expect((await act(taskId, "delete")).statusCode).toBe(404);
    expect((await taskRow(db(), taskId)).deletedAt).toBeNull();
    expect(await auditOf(taskId)).toEqual([]);
    expect((await act(taskId, "explode")).statusCode).toBe(400);
  });
});

describe("the mode", () => {
  it("is read and saved with the other settings, audited", async () => {
    expect((await admin.get("/api/admin/settings")).json().exploreMode).toBe("open");
    const saved = await admin.put("/api/admin/settings", { exploreMode: "approval" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.exploreMode).toBe("approval");
    expect((await adminPage("pending")).mode).toBe("approval");
    expect((await admin.put("/api/admin/settings", { exploreMode: "closed" })).statusCode).toBe(400);
    const entries = await db().select().from(adminAuditLog).where(eq(adminAuditLog.action, "settings.update"));
    expect(entries.some((e) => JSON.stringify(e.details).includes("exploreMode"))).toBe(true);
    // A remix of a listed video is not recorded while Explore is off.
    await setExploreMode(t, "open");
    const { u, taskId } = await finishedVideo(t);
    const { shareId } = await publish(u.client, taskId);
    await setExploreMode(t, "off");
    const remix = await finishedVideo(t, { remixOf: shareId });
    expect((await taskRow(db(), remix.taskId)).remixOf).toBeNull();
    expect(
      (
        await db()
          .select()
          .from(videoTasks)
          .where(eq(videoTasks.remixOf, (await taskRow(db(), taskId)).id))
      ).length,
    ).toBe(0);
  });
});
