/**
 * For search engines (issue 72, decision 0164): robots.txt keeps crawlers off a person's and the
 * admin's pages and names the sitemap; the sitemap lists the public pages in each language and the
 * page of every video listed in Explore now, and nothing else: not an unlisted, waiting, hidden or
 * deleted video's page, and no video at all while Explore is off.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { videoTasks } from "../../src/server/db/schema.js";
import { listedRow, setExploreMode } from "../helpers/explore-videos.js";
import { createVideoTestApp, userWithCredits, type VideoTestApp } from "../helpers/video-app.js";

let t: VideoTestApp;
let ownerId: string;

beforeAll(async () => {
  t = await createVideoTestApp();
  ownerId = (await userWithCredits(t.app, t.database.db, 0)).id;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url });
const base = () => t.config.publicUrl;
/** The addresses the sitemap lists. */
async function listed(): Promise<string[]> {
  const res = await get("/sitemap.xml");
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toContain("application/xml");
  expect(res.body).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
  );
  return [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
}

describe("robots.txt and the sitemap", () => {
  it("robots.txt keeps crawlers off private pages, not off the public JSON pages are drawn from", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    const lines = res.body.split("\n");
    for (const path of ["/admin", "/my-creations", "/my-account", "/purchase-credits", "/api$", "/oauth/"])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain("Disallow: /api");
    expect(lines).not.toContain("Disallow: /explore");
    expect(lines).toContain(`Sitemap: ${base()}/sitemap.xml`);
  });

  it("lists the public pages and exactly the videos listed in Explore now, with when they were published", async () => {
    const publishedAt = new Date("2026-11-20T10:00:00.000Z");
    const shown = await listedRow(t, ownerId, { publishedAt });
    const never = [
      await listedRow(t, ownerId, { publishedAt, status: "pending" }),
      await listedRow(t, ownerId, { publishedAt, status: "hidden" }),
    ];
    for (const change of [{ isPublic: false }, { deletedAt: new Date() }, { exploreStatus: null }]) {
      const row = await listedRow(t, ownerId, { publishedAt });
      await t.database.db.update(videoTasks).set(change).where(eq(videoTasks.id, row.id));
      never.push(row);
    }

    const urls = await listed();
    for (const path of ["/en", "/vi", "/pricing", "/explore", "/terms", "/privacy", "/refunds"])
      expect(urls).toContain(`${base()}${path}`);
    expect(urls).toContain(`${base()}/v/${shown.shareId}`);
    for (const row of never) expect(urls.join("\n")).not.toContain(row.shareId!);
    const res = await get("/sitemap.xml");
    expect(res.body).toContain(
      `<url><loc>${base()}/v/${shown.shareId}</loc><lastmod>2026-11-20T10:00:00.000Z</lastmod></url>`,
    );

    // Explore off: its videos leave the sitemap with it.
    await setExploreMode(t, "off");
    try {
      expect((await listed()).join("\n")).not.toContain(shown.shareId!);
    } finally {
      await setExploreMode(t, "open");
    }
    expect(await listed()).toContain(`${base()}/v/${shown.shareId}`);
  });
});
