/**
 * A video request is refused before any paid or heavy work when its charge would be (issue 66 §3,
 * decision 0134): a person with too few credits, on hold or at their in-flight limit gets the
 * answer at once, with no prompt screened (a paid call) and no linked image fetched or decoded.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.js";
import { startImageHost, type ImageHost } from "../helpers/image-host.js";
import type { Client } from "../helpers/test-app.js";
import { createVideoTestApp, userWithCredits, type VideoTestApp } from "../helpers/video-app.js";

let t: VideoTestApp;
let host: ImageHost;
const db = () => t.database.db;
const screened = () => t.sim.stats.calls.moderation;

beforeAll(async () => {
  t = await createVideoTestApp();
  host = await startImageHost();
});
afterAll(async () => {
  await t?.close();
  await host?.close();
});

/** Seedance 2's reference mode with `links` links of this host, each a path of its own. */
const references = (client: Client, name: string, links: number) =>
  client.post("/api/generate-video", {
    prompt: "nine references",
    model: "seedance2",
    mode: "reference",
    imageUrls: Array.from({ length: links }, (_, i) => host.url(`${name}-${i}.jpg`)),
  });
const fetchedOf = (name: string) => host.requests.filter((p) => p.startsWith(`/${name}-`));

describe("refused before any screening or fetch", () => {
  it("a person with no credits gets the 402 at once: no image fetched, no prompt screened", async () => {
    const u = await userWithCredits(t.app, db(), 0);
    const before = screened();
    const res = await references(u.client, "poor", 9);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ code: "insufficient_credits", params: { balance: 0, model: "Seedance 2" } });
    expect(fetchedOf("poor")).toEqual([]);
    expect(screened()).toBe(before);
  });

  it("so is a person with too few credits for the video and its 4K version", async () => {
    const u = await userWithCredits(t.app, db(), 1);
    const before = screened();
    const res = await u.client.post("/api/generate-video", {
      prompt: "short of credits",
      model: "veo3_fast",
      imageUrls: [host.url("short-0.jpg")],
      upgrade4k: true,
    });
    expect(res.statusCode, res.body).toBe(402);
    expect(fetchedOf("short")).toEqual([]);
    expect(screened()).toBe(before);
  });

  it("so is a person on hold, and one at their in-flight limit", async () => {
    const held = await userWithCredits(t.app, db(), 50_000);
    await db().update(users).set({ creditsOwed: 3 }).where(eq(users.id, held.id));
    const busy = await userWithCredits(t.app, db(), 50_000);
    await db().update(users).set({ maxVideosInFlight: 1 }).where(eq(users.id, busy.id));
    const first = await references(busy.client, "first", 1);
    expect(first.statusCode, first.body).toBe(200);
    const before = screened();

    const onHold = await references(held.client, "held", 9);
    expect(onHold.statusCode, onHold.body).toBe(402);
    expect(onHold.json()).toMatchObject({ code: "account_on_hold", reason: "credits_owed" });
    const atLimit = await references(busy.client, "busy", 9);
    expect(atLimit.statusCode, atLimit.body).toBe(429);
    expect(atLimit.json()).toMatchObject({ code: "too_many_in_flight", params: { inFlight: 1, limit: 1 } });

    expect([...fetchedOf("held"), ...fetchedOf("busy")]).toEqual([]);
    expect(screened()).toBe(before);
  });

  it("a person who can pay is screened, fetched and charged as before", async () => {
    const u = await userWithCredits(t.app, db(), 50_000);
    const before = screened();
    const res = await references(u.client, "paying", 2);
    expect(res.statusCode, res.body).toBe(200);
    expect(fetchedOf("paying")).toHaveLength(2);
    expect(screened()).toBe(before + 1);
  });
});
