/**
 * The public share page carries the brand and a "Make one like this" button that opens the
 * generator with the prompt filled, never a hidden prompt; in the person's language; with its
 * security headers (decision 0080).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeOneLikeThisHref } from "../../src/server/features/videos/share-page.js";
import {
  createVideoTestApp,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

let t: VideoTestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createVideoTestApp();
});
afterAll(() => t.close());

/** A finished, shared video: its page's path and its owner. */
async function sharedVideo(prompt: string) {
  const u = await userWithCredits(t.app, db(), 5);
  const res = await u.client.post("/api/generate-video", { prompt, model: "veo3_fast", imageUrls: [] });
  expect(res.statusCode, res.body).toBe(200);
  const { taskId } = res.json<{ taskId: string }>();
  await runWorkerUntil(t, async () => (await taskRow(db(), taskId)).status === "completed");
  const shared = await u.client.put(`/api/videos/${taskId}/sharing`, { isPublic: true });
  expect(shared.statusCode, shared.body).toBe(200);
  return { u, taskId, path: new URL(shared.json<{ shareUrl: string }>().shareUrl).pathname };
}

const view = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: path, headers: { accept: "text/html", ...headers } });

/** The button's link as the browser reads it (entities decoded). */
function buttonHref(html: string): string | undefined {
  const raw = /<a class="cta" href="([^"]*)">([^<]*)<\/a>/.exec(html)?.[1];
  return raw?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

describe("the share page", () => {
  it("shows the brand (name and logo mark, linking home) and a button that opens the generator with the prompt", async () => {
    const prompt = 'Đà Lạt at dawn & a "quiet" lake, 100% calm';
    const { path } = await sharedVideo(prompt);
    const page = await view(path);
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toMatch(/<a class="brand" href="\/" aria-label="Veo Studio home"><svg class="mark"[^>]*>.*<\/svg>/);
    expect(html).toContain('<span>Veo <span class="gradient">Studio</span></span>');
    expect(html).toContain('<stop offset="0" stop-color="#8b5cf6"/><stop offset="1" stop-color="#d946ef"/>');
    expect(html).toContain(">Make one like this</a>");
    const href = buttonHref(html)!;
    const url = new URL(href, "http://site.test");
    expect(url.pathname).toBe("/generate");
    expect(url.searchParams.get("prompt")).toBe(prompt);
    // Security headers as on every page: the CSP allows no inline script, and there is none.
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(html).not.toMatch(/<script/i);
  });

  it("opens the plain generator when the owner hid the prompt, and the prompt is nowhere in the page", async () => {
    const prompt = "Secret recipe: a golden retriever surfing at sunset";
    const { u, taskId, path } = await sharedVideo(prompt);
    await u.client.put(`/api/videos/${taskId}/sharing`, { isPublic: true, hidePrompt: true });
    const html = (await view(path)).body;
    expect(buttonHref(html)).toBe("/generate");
    for (const form of [prompt, encodeURIComponent(prompt), new URLSearchParams({ prompt }).toString(), "retriever"])
      expect(html).not.toContain(form);
  });

  it("is in the person's language: their chosen language first, else their browser's", async () => {
    const { path } = await sharedVideo("A lantern festival on the river");
    const byCookie = await view(path, { cookie: "lang=vi", "accept-language": "en" });
    expect(byCookie.body).toContain('<html lang="vi">');
    expect(byCookie.body).toContain(">Tạo video giống thế này</a>");
    expect(byCookie.body).toContain('aria-label="Trang chủ Veo Studio"');
    const byBrowser = await view(path, { "accept-language": "vi-VN,vi;q=0.9" });
    expect(byBrowser.body).toContain(">Tạo video giống thế này</a>");
    const english = await view(path);
    expect(english.body).toContain('<html lang="en">');
    // A cache keeps one copy per language.
    expect(english.headers.vary).toMatch(/accept-language/i);
    expect(english.headers.vary).toMatch(/cookie/i);
    expect(english.headers.etag).not.toBe(byCookie.headers.etag);
  });

  it("escapes a hostile prompt in the button's link", async () => {
    const prompt = `"><script>alert(1)</script> onmouseover=alert(2) &amp;`;
    const { path } = await sharedVideo(prompt);
    const html = (await view(path)).body;
    expect(html).not.toMatch(/<script/i);
    expect(new URL(buttonHref(html)!, "http://site.test").searchParams.get("prompt")).toBe(prompt);
  });
});

describe("the button's link", () => {
  it("keeps a long prompt's start within a link's size, cutting whole characters", () => {
    const prompt = "Phố cổ Hội An về đêm, đèn lồng rực rỡ. ".repeat(130); // ~5,000 characters
    const href = makeOneLikeThisHref(prompt);
    expect(href.length).toBeLessThan(4_200);
    const filled = new URL(href, "http://site.test").searchParams.get("prompt")!;
    expect(filled.length).toBeGreaterThan(300);
    expect(prompt.startsWith(filled)).toBe(true);
    expect(makeOneLikeThisHref(null)).toBe("/generate");
  });
});
