/**
 * Publishing to Explore through the sharing route (issue 72, decision 0164): private, unlisted
 * (the link) or public (Explore too), reversible; the prompt screened as at generation; the
 * admin's modes (off, open, approval) and an admin's hide that its owner cannot undo; the share
 * page's Remix and Report for a listed video. Tried as an attacker would: another person's video,
 * states that must never reach the feed, a hidden prompt looked for in every answer.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { moderationEvents, users, videoTasks } from "../../src/server/db/schema.js";
import { updateSettings } from "../../src/server/features/settings/service.js";
import type { ExploreFeed, ExploreVideo } from "../../src/shared/schemas/explore.js";
import type { VideoTaskView } from "../../src/shared/videos.js";
import { exploreStatusOf, finishedVideo, publish, setExploreMode, setSharing } from "../helpers/explore-videos.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
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
  await updateSettings(db(), t.secretBox, { moderationRules: [], moderationFlagAction: "refuse" });
  await t.app.liveEvents.settle();
});

async function feed(query = ""): Promise<ExploreFeed> {
  const res = await t.app.inject({ method: "GET", url: `/api/explore${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ExploreFeed>();
}
const feedIds = async (query = "") => (await feed(query)).videos.map((v) => v.id);
const detail = (shareId: string) => t.app.inject({ method: "GET", url: `/api/explore/${shareId}` });
const page = (shareId: string) =>
  t.app.inject({ method: "GET", url: `/v/${shareId}`, headers: { accept: "text/html" } });
const act = (taskId: string, action: string) => admin.post(`/api/admin/explore/${taskId}`, { action });

async function ownTask(client: Client, taskId: string): Promise<VideoTaskView> {
  const res = await client.get("/api/video-tasks?page=1&limit=50");
  return res.json<{ tasks: VideoTaskView[] }>().tasks.find((task) => task.taskId === taskId)!;
}

describe("publishing a video to Explore", () => {
  it("lists a finished shared video at once, with its options; explore: false takes it off, and back again", async () => {
    const { u, taskId } = await finishedVideo(t, { prompt: "A red kite over the dunes", aspectRatio: "9:16" });
    // Unlisted first: shared by its link, not in Explore.
    const unlisted = await setSharing(u.client, taskId, { isPublic: true });
    expect(unlisted.view).toMatchObject({ isPublic: true, explore: null });
    const shareId = new URL(unlisted.view!.shareUrl!).pathname.slice(3);
    expect(await feedIds()).not.toContain(shareId);
    expect((await detail(shareId)).statusCode).toBe(404);
    const unlistedPage = (await page(shareId)).body;
    expect(unlistedPage).toContain(">Make one like this</a>");
    expect(unlistedPage).not.toContain("/generate?remix=");
    expect(unlistedPage).toContain('<meta name="robots" content="noindex">');

    const published = await publish(u.client, taskId);
    expect(published).toEqual({ shareId, explore: "listed" });
    expect((await exploreStatusOf(t, taskId)).publishedAt).toBeInstanceOf(Date);
    // The owner's own list says so (its cache hears of the change).
    expect((await ownTask(u.client, taskId)).explore).toBe("listed");

    const listed = await feed();
    const card = listed.videos.find((v) => v.id === shareId)!;
    expect(card).toMatchObject({
      prompt: "A red kite over the dunes",
      model: "veo3_fast",
      aspectRatio: "9:16",
      remixCount: 0,
      featured: false,
    });
    // Our copy, signed and bound to the share; the frame kept beside it.
    expect(card.videoUrl).toMatch(
      new RegExp(`^/media/videos/[0-9a-f-]{36}\\.mp4\\?expires=\\d+&share=${shareId}&signature=`),
    );
    expect(card.posterUrl).toBe(`/media/shares/${shareId}.jpg`);
    expect((await t.app.inject({ method: "GET", url: card.videoUrl })).statusCode).toBe(200);
    const res = await t.app.inject({ method: "GET", url: "/api/explore" });
    expect(res.headers["cache-control"]).toBe("public, max-age=60");

    const one = await detail(shareId);
    expect(one.statusCode, one.body).toBe(200);
    const row = await taskRow(db(), taskId);
    expect(one.json<ExploreVideo>()).toMatchObject({
      id: shareId,
      mode: "text",
      durationSeconds: row.durationSeconds,
      resolution: row.resolution,
      audio: row.audio,
    });

    // Its page: the options, Remix into the generator and Report into Explore's dialog; indexable.
    const html = (await page(shareId)).body;
    expect(html).toContain(`<a class="cta" href="/generate?remix=${shareId}">Remix</a>`);
    expect(html).toContain(`<a href="/explore?report=${shareId}">Report this video</a>`);
    expect(html).toContain(`<li>${row.durationSeconds ?? 8} seconds</li>`);
    expect(html).toContain("<li>Portrait 9:16</li>");
    expect(html).not.toContain("noindex");
    const vi = (
      await t.app.inject({ method: "GET", url: `/v/${shareId}`, headers: { accept: "text/html", cookie: "lang=vi" } })
    ).body;
    expect(vi).toContain(">Phối lại</a>");
    expect(vi).toContain("<li>Dọc 9:16</li>");

    // Taken off (still shared by its link), then published again: reversible at any time.
    const off = await setSharing(u.client, taskId, { isPublic: true, explore: false });
    expect(off.view).toMatchObject({ isPublic: true, explore: null });
    expect(await feedIds()).not.toContain(shareId);
    expect((await detail(shareId)).statusCode).toBe(404);
    expect((await page(shareId)).body).toContain(">Make one like this</a>");
    expect((await ownTask(u.client, taskId)).explore).toBeNull();
    expect((await publish(u.client, taskId)).explore).toBe("listed");
    expect(await feedIds()).toContain(shareId);

    // Unsharing takes it off Explore too; shared again it is unlisted under a new link.
    await setSharing(u.client, taskId, { isPublic: false });
    expect(await exploreStatusOf(t, taskId)).toEqual({ status: null, publishedAt: null });
    expect(await feedIds()).not.toContain(shareId);
    const again = await setSharing(u.client, taskId, { isPublic: true });
    expect(again.view!.explore).toBeNull();
  });

  it("only its owner publishes, only a finished video, only while shared", async () => {
    const { taskId } = await finishedVideo(t);
    const stranger = await userWithCredits(t.app, db(), 0);
    const before = await taskRow(db(), taskId);
    const theirs = await setSharing(stranger.client, taskId, { isPublic: true, explore: true });
    expect(theirs.res.statusCode).toBe(404);
    expect(await taskRow(db(), taskId)).toEqual(before);

    const { u, taskId: own } = await finishedVideo(t);
    const notShared = await setSharing(u.client, own, { isPublic: false, explore: true });
    expect(notShared.res.statusCode).toBe(400);
    expect(notShared.res.body).toContain("only while it is shared");
    expect((await taskRow(db(), own)).exploreStatus).toBeNull();

    // Not finished: nothing to publish.
    await db().update(videoTasks).set({ status: "generating" }).where(eq(videoTasks.taskId, own));
    const making = await setSharing(u.client, own, { isPublic: true, explore: true });
    expect(making.res.statusCode).toBe(409);
    expect(making.res.json().reason).toBe("video_not_shareable");
    expect((await taskRow(db(), own)).exploreStatus).toBeNull();
  });

  it("with Explore off publishing is refused (409 explore_off) and nothing changes; listed videos wait unseen", async () => {
    const { u, taskId } = await finishedVideo(t);
    const listed = await finishedVideo(t);
    const { shareId: listedId } = await publish(listed.u.client, listed.taskId);

    await setExploreMode(t, "off");
    const before = await taskRow(db(), taskId);
    const refused = await setSharing(u.client, taskId, { isPublic: true, explore: true });
    expect(refused.res.statusCode).toBe(409);
    expect(refused.res.json()).toMatchObject({ code: "conflict", reason: "explore_off" });
    expect(await taskRow(db(), taskId)).toEqual(before);

    expect(await feed()).toEqual({ enabled: false, videos: [], nextCursor: null });
    expect((await detail(listedId)).statusCode).toBe(404);
    expect((await page(listedId)).body).not.toContain("/generate?remix=");
    // The owner may still take theirs off, or share by link.
    expect((await setSharing(u.client, taskId, { isPublic: true, explore: false })).res.statusCode).toBe(200);

    await setExploreMode(t, "open");
    expect(await feedIds()).toContain(listedId);
  });

  it("in approval mode a published video waits, never in the feed or its page, until an admin approves it", async () => {
    await setExploreMode(t, "approval");
    const { u, taskId } = await finishedVideo(t);
    const { shareId, explore } = await publish(u.client, taskId);
    expect(explore).toBe("pending");
    expect(await feedIds()).not.toContain(shareId);
    expect((await detail(shareId)).statusCode).toBe(404);
    expect((await page(shareId)).body).not.toContain("/generate?remix=");
    // Publishing again changes nothing.
    expect((await publish(u.client, taskId)).explore).toBe("pending");

    const approved = await act(taskId, "approve");
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().video).toMatchObject({ status: "listed", shareId });
    expect(await feedIds()).toContain(shareId);
    expect((await ownTask(u.client, taskId)).explore).toBe("listed");
  });

  it("screens the prompt as at generation: a denied one is refused and nothing changes, a flagged one waits", async () => {
    const denied = await finishedVideo(t, { prompt: "A stroll past the quarry of moonstones" });
    const flagged = await finishedVideo(t, { prompt: "A parade of lanterns by the river" });
    await updateSettings(db(), t.secretBox, {
      moderationRules: [
        { text: "moonstones", kind: "deny" },
        { text: "lanterns", kind: "flag" },
      ],
      moderationFlagAction: "review",
    });
    await t.app.liveEvents.settle();

    const before = await taskRow(db(), denied.taskId);
    const refused = await setSharing(denied.u.client, denied.taskId, { isPublic: true, explore: true });
    expect(refused.res.statusCode).toBe(422);
    expect(refused.res.json().reason).toBe("prompt_refused");
    expect(await taskRow(db(), denied.taskId)).toEqual(before);

    const held = await publish(flagged.u.client, flagged.taskId);
    expect(held.explore).toBe("pending");
    expect(await feedIds()).not.toContain(held.shareId);
    const logged = await db().select().from(moderationEvents).where(eq(moderationEvents.userId, flagged.u.id));
    expect(logged.map((e) => [e.decision, e.outcome])).toEqual([["flag", "review"]]);
  });

  it("a video an admin hid stays hidden whatever its owner does, until an admin restores it", async () => {
    const { u, taskId } = await finishedVideo(t);
    const { shareId } = await publish(u.client, taskId);
    expect((await act(taskId, "hide")).statusCode).toBe(200);
    expect(await feedIds()).not.toContain(shareId);

    expect((await setSharing(u.client, taskId, { isPublic: true, explore: false })).view!.explore).toBe("hidden");
    expect((await setSharing(u.client, taskId, { isPublic: true, explore: true })).view!.explore).toBe("hidden");
    expect((await setSharing(u.client, taskId, { isPublic: false })).view!.explore).toBe("hidden");
    const reshared = await setSharing(u.client, taskId, { isPublic: true, explore: true });
    expect(reshared.view!.explore).toBe("hidden");
    const newId = new URL(reshared.view!.shareUrl!).pathname.slice(3);
    expect(await feedIds()).not.toContain(newId);
    expect((await detail(newId)).statusCode).toBe(404);
    expect((await page(newId)).body).not.toContain("/generate?remix=");
    expect((await ownTask(u.client, taskId)).explore).toBe("hidden");

    const restored = await act(taskId, "restore");
    expect(restored.json().video.status).toBe("listed");
    expect(await feedIds()).toContain(newId);

    // Taken off by its owner while hidden: a restore lets go of it without listing it.
    expect((await act(taskId, "hide")).statusCode).toBe(200);
    expect((await setSharing(u.client, taskId, { isPublic: true, explore: false })).view!.explore).toBe("hidden");
    expect((await act(taskId, "restore")).json().video).toBeNull();
    expect(await exploreStatusOf(t, taskId)).toEqual({ status: null, publishedAt: null });
    expect(await feedIds()).not.toContain(newId);
    expect((await setSharing(u.client, taskId, { isPublic: true })).view!.explore).toBeNull();
  });

  it("never sends a prompt its owner hid: not in the feed, the video's details, the admin's list aside", async () => {
    const secret = "Secret recipe of grandmother's pho";
    const { u, taskId } = await finishedVideo(t, { prompt: secret });
    const { shareId } = await publish(u.client, taskId, true);
    const answers = [
      (await t.app.inject({ method: "GET", url: "/api/explore" })).body,
      (await t.app.inject({ method: "GET", url: "/api/explore?sort=remixed" })).body,
      (await detail(shareId)).body,
      (await page(shareId)).body,
    ];
    for (const body of answers) {
      expect(body).not.toContain("grandmother");
      expect(body).not.toContain(encodeURIComponent("grandmother"));
    }
    expect((await detail(shareId)).json<ExploreVideo>().prompt).toBeNull();
    // The admin sees it, marked hidden.
    const listed = await admin.get("/api/admin/explore?filter=listed");
    const mine = listed.json<{ videos: { shareId: string; prompt: string; promptHidden: boolean }[] }>().videos;
    expect(mine.find((v) => v.shareId === shareId)).toMatchObject({ prompt: secret, promptHidden: true });
  });

  it("a deleted, expired or disabled account's video leaves the feed at once", async () => {
    const deleted = await finishedVideo(t);
    const expired = await finishedVideo(t);
    const disabled = await finishedVideo(t);
    const ids = await Promise.all([deleted, expired, disabled].map((v) => publish(v.u.client, v.taskId)));
    for (const { shareId } of ids) expect(await feedIds()).toContain(shareId);

    expect((await deleted.u.client.delete(`/api/videos/${deleted.taskId}`)).statusCode).toBe(200);
    await db().update(videoTasks).set({ videoExpired: true }).where(eq(videoTasks.taskId, expired.taskId));
    await db().update(users).set({ isActive: false }).where(eq(users.id, disabled.u.id));

    const now = await feedIds();
    for (const { shareId } of ids) {
      expect(now).not.toContain(shareId);
      expect((await detail(shareId)).statusCode).toBe(404);
    }
  });
});
