/**
 * Explore's public feed (issue 72, decision 0164): only listed videos of live, shared tasks;
 * newest and most remixed; filters by model and shape; 24 a page through an opaque keyset cursor
 * (tampering and hostile query strings are 400, never 500); the featured row. Remix: the web's
 * generate request names the video it remixes, recorded only while that video is listed and not
 * the person's own, and never an error.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { videoTasks } from "../../src/server/db/schema.js";
import { EXPLORE_PAGE_SIZE, type ExploreFeed } from "../../src/shared/schemas/explore.js";
import { finishedVideo, listedRow, publish, remixesOf, setSharing } from "../helpers/explore-videos.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import {
  allowInFlight,
  createVideoTestApp,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

let t: VideoTestApp;
let admin: Client;
let owner: { id: string };
const db = () => t.database.db;
const minute = 60_000;
const base = Date.now() - 1000 * minute;
const at = (minutes: number) => new Date(base + minutes * minute);

beforeAll(async () => {
  t = await createVideoTestApp();
  admin = await signInAdmin(t);
  owner = await userWithCredits(t.app, db(), 0);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url });
async function feed(query: string): Promise<ExploreFeed> {
  const res = await get(`/api/explore?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ExploreFeed>();
}
/** Every page of a query, following nextCursor. */
async function allPages(query: string): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page: ExploreFeed = await feed(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    pages.push(page.videos.map((v) => v.id));
    cursor = page.nextCursor;
  } while (cursor && pages.length < 10);
  return pages;
}

describe("the Explore feed", () => {
  it("lists only listed videos of live, shared tasks, newest first, 24 a page, without repeats or gaps", async () => {
    // Wan 2.6 and 21:9 are this test's alone.
    const rows = [];
    for (let i = 0; i < 30; i++)
      rows.push(await listedRow(t, owner.id, { publishedAt: at(i), model: "wan26", aspectRatio: "21:9" }));
    // Two published in the same microsecond: the id decides, and neither is lost between pages.
    const tie = at(12.5);
    rows.push(await listedRow(t, owner.id, { publishedAt: tie, model: "wan26", aspectRatio: "21:9" }));
    rows.push(await listedRow(t, owner.id, { publishedAt: tie, model: "wan26", aspectRatio: "21:9" }));
    // Never in the feed: waiting, hidden, unlisted, deleted, expired, unfinished.
    const never = [
      await listedRow(t, owner.id, { publishedAt: at(100), model: "wan26", aspectRatio: "21:9", status: "pending" }),
      await listedRow(t, owner.id, { publishedAt: at(101), model: "wan26", aspectRatio: "21:9", status: "hidden" }),
    ];
    for (const change of [
      { isPublic: false },
      { deletedAt: new Date() },
      { videoExpired: true },
      { status: "generating" },
      { shareId: null },
    ]) {
      const row = await listedRow(t, owner.id, { publishedAt: at(102), model: "wan26", aspectRatio: "21:9" });
      await db().update(videoTasks).set(change).where(eq(videoTasks.id, row.id));
      never.push(row);
    }

    const pages = await allPages("model=wan26&shape=21:9");
    expect(pages.map((p) => p.length)).toEqual([EXPLORE_PAGE_SIZE, 32 - EXPLORE_PAGE_SIZE]);
    const expected = [...rows]
      .sort((a, b) => b.explorePublishedAt!.getTime() - a.explorePublishedAt!.getTime() || (b.id < a.id ? -1 : 1))
      .map((r) => r.shareId);
    expect(pages.flat()).toEqual(expected);
    for (const row of never) expect(pages.flat()).not.toContain(row.shareId);

    // The filters: another model or shape shows none of them.
    expect((await feed("model=veo3&shape=21:9")).videos.map((v) => v.id)).not.toContain(rows[0]!.shareId);
    expect((await feed("model=wan26&shape=16:9")).videos).toEqual([]);
  });

  it("most remixed: by remixes (failed ones not counted), then newest; the featured row alone asks for featured", async () => {
    const a = await listedRow(t, owner.id, { publishedAt: at(200), model: "seedance2", aspectRatio: "1:1" });
    const b = await listedRow(t, owner.id, { publishedAt: at(201), model: "seedance2", aspectRatio: "1:1" });
    const c = await listedRow(t, owner.id, {
      publishedAt: at(202),
      model: "seedance2",
      aspectRatio: "1:1",
      featuredAt: at(300),
    });
    const d = await listedRow(t, owner.id, {
      publishedAt: at(203),
      model: "seedance2",
      aspectRatio: "1:1",
      featuredAt: at(250),
    });
    const someone = await userWithCredits(t.app, db(), 0);
    await remixesOf(t, someone.id, a.id, 3);
    await remixesOf(t, someone.id, b.id, 1);
    await remixesOf(t, someone.id, c.id, 1);
    // A failed remix made nothing.
    await db()
      .insert(videoTasks)
      .values({
        userId: someone.id,
        taskId: `failed_${crypto.randomUUID()}`,
        prompt: "a failed remix",
        model: "veo3_fast",
        aspectRatio: "16:9",
        status: "failed",
        remixOf: d.id,
      });

    const remixed = await feed("sort=remixed&model=seedance2&shape=1:1");
    expect(remixed.videos.map((v) => [v.id, v.remixCount])).toEqual([
      [a.shareId, 3],
      [c.shareId, 1],
      [b.shareId, 1],
      [d.shareId, 0],
    ]);
    // Newest does not put featured ones first.
    expect((await feed("model=seedance2&shape=1:1")).videos.map((v) => v.id)).toEqual([
      d.shareId,
      c.shareId,
      b.shareId,
      a.shareId,
    ]);
    const featured = await feed("featured=true&model=seedance2");
    expect(featured.videos.map((v) => [v.id, v.featured])).toEqual([
      [c.shareId, true],
      [d.shareId, true],
    ]);
  });

  it("pages through the most remixed without repeats or gaps", async () => {
    const rows = [];
    for (let i = 0; i < 27; i++) {
      const row = await listedRow(t, owner.id, {
        publishedAt: at(400 + (i % 5)),
        model: "kling26",
        aspectRatio: "4:3",
      });
      await remixesOf(t, owner.id, row.id, i % 3);
      rows.push(row);
    }
    const pages = await allPages("sort=remixed&model=kling26&shape=4:3");
    expect(pages.map((p) => p.length)).toEqual([EXPLORE_PAGE_SIZE, 3]);
    expect(new Set(pages.flat()).size).toBe(27);
    expect([...pages.flat()].sort()).toEqual(rows.map((r) => r.shareId).sort());
  });

  it("refuses a cursor it did not give (or gave for another order) with 400, never 500", async () => {
    await listedRow(t, owner.id, { publishedAt: at(500), model: "hailuo23_pro", aspectRatio: "3:4" });
    await listedRow(t, owner.id, { publishedAt: at(501), model: "hailuo23_pro", aspectRatio: "3:4" });
    const newest = Buffer.from(
      JSON.stringify({ o: "n", t: "2026-01-01T00:00:00.000000Z", id: crypto.randomUUID() }),
    ).toString("base64url");
    for (const cursor of [
      "not-a-cursor",
      "%00",
      Buffer.from("[]").toString("base64url"),
      Buffer.from(JSON.stringify({ o: "n", t: "2026-02-30T00:00:00.000000Z", id: crypto.randomUUID() })).toString(
        "base64url",
      ),
      Buffer.from(JSON.stringify({ o: "n", t: "2026-01-01T00:00:00.000000Z", id: "1; drop table users" })).toString(
        "base64url",
      ),
      Buffer.from(
        JSON.stringify({ o: "r", t: "2026-01-01T00:00:00.000000Z", c: -1, id: crypto.randomUUID() }),
      ).toString("base64url"),
      "x".repeat(201),
    ]) {
      const res = await get(`/api/explore?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.body).not.toContain("select");
    }
    // A newest cursor is no remixed one.
    const wrongOrder = await get(`/api/explore?sort=remixed&cursor=${newest}`);
    expect(wrongOrder.statusCode).toBe(400);
    expect(wrongOrder.json().reason).toBe("cursor_invalid");
    expect((await get(`/api/explore?cursor=${newest}`)).statusCode).toBe(200);

    await fc.assert(
      fc.asyncProperty(
        fc.record({
          sort: fc.oneof(fc.constantFrom("newest", "remixed"), fc.string()),
          model: fc.oneof(fc.constantFrom("veo3", "wan26"), fc.string()),
          shape: fc.oneof(fc.constantFrom("16:9", "9:16"), fc.string()),
          featured: fc.oneof(fc.constantFrom("true", "false"), fc.string()),
          cursor: fc.oneof(fc.base64String(), fc.string(), fc.constant(newest)),
        }),
        fc.subarray(["sort", "model", "shape", "featured", "cursor"] as const),
        async (values, keys) => {
          const query = new URLSearchParams(keys.map((k): [string, string] => [k, values[k]])).toString();
          const res = await get(`/api/explore?${query}`);
          expect([200, 400], `${query}: ${res.body}`).toContain(res.statusCode);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("Remix", () => {
  it("records the remixed video only while it is listed, never the person's own, and never refuses the video", async () => {
    const source = await finishedVideo(t, { prompt: "A lighthouse in a storm" });
    const { shareId } = await publish(source.u.client, source.taskId);
    const remixer = await userWithCredits(t.app, db(), 50);
    await allowInFlight(db(), remixer.id);
    const generate = async (client: Client, remixOf: unknown) => {
      const res = await client.post("/api/generate-video", {
        prompt: "A lighthouse in a storm, at dawn",
        model: "veo3_fast",
        remixOf,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (await taskRow(db(), res.json<{ taskId: string }>().taskId)).remixOf;
    };
    const sourceRow = await taskRow(db(), source.taskId);
    expect(await generate(remixer.client, shareId)).toBe(sourceRow.id);
    // Its own owner's remix does not count; unknown or malformed ids are ignored.
    expect(await generate(source.u.client, shareId)).toBeNull();
    expect(await generate(remixer.client, "no-such-video")).toBeNull();
    expect(await generate(remixer.client, "x".repeat(500))).toBeNull();
    expect(await generate(remixer.client, null)).toBeNull();
    const counted = (await feed("sort=remixed")).videos.find((v) => v.id === shareId);
    expect(counted?.remixCount).toBe(1);

    // Unlisted (shared by its link only), pending or hidden: not recorded.
    await setSharing(source.u.client, source.taskId, { isPublic: true, explore: false });
    expect(await generate(remixer.client, shareId)).toBeNull();
    await publish(source.u.client, source.taskId);
    expect((await admin.post(`/api/admin/explore/${source.taskId}`, { action: "hide" })).statusCode).toBe(200);
    expect(await generate(remixer.client, shareId)).toBeNull();
    await db().update(videoTasks).set({ exploreStatus: "pending" }).where(eq(videoTasks.id, sourceRow.id));
    expect(await generate(remixer.client, shareId)).toBeNull();
  });
});
