/**
 * The site reached by another of its host names than PUBLIC_URL's (here localhost, PUBLIC_URL being
 * 127.0.0.1): the videos, images and shared pages load their media from the host the page came
 * from, not from PUBLIC_URL, which such a browser may not reach; a shared page's og:image names
 * that host too (decision 0083).
 */
import { expect, test, type Locator } from "./fixtures.js";
import { createFundedUser, generateViaApi, recentVideos, signInViaApi } from "./video-helpers.js";

const otherHost = () => `http://localhost:${process.env.E2E_PORT}`;

/** The media element's loaded address: on the page's own host, and it loaded. */
async function expectLoadedFromPageHost(media: Locator): Promise<void> {
  await expect
    .poll(() => media.evaluate((el) => new URL((el as unknown as { currentSrc: string }).currentSrc).host), {
      timeout: 30_000,
    })
    .toBe(new URL(otherHost()).host);
}

test("videos play from the host name the page was opened on", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const username = await createFundedUser(request, "otherhost", 5);
  const context = await browser.newContext({ baseURL: otherHost() });
  try {
    const page = await context.newPage();
    await signInViaApi(page, username);
    await page.goto("/generate");
    await generateViaApi(page, { prompt: "A kite over the dunes, filmed from another host name" });
    const card = recentVideos(page).getByRole("button", { name: /^View details: A kite over the dunes/ });
    await expect(card.locator("video")).toHaveAttribute("src", /^\//, { timeout: 30_000 });
    await expectLoadedFromPageHost(card.locator("video"));
    await expect
      .poll(() => card.locator("video").evaluate((v) => (v as unknown as { error: unknown }).error))
      .toBeNull();

    // Shared, its public page plays from this host too.
    const taskId = await page.evaluate(async () => {
      const res = await fetch("/api/video-tasks?page=1&limit=1", { credentials: "same-origin" });
      return ((await res.json()) as { tasks: { taskId: string }[] }).tasks[0]!.taskId;
    });
    const csrf = (await context.cookies()).find((c) => c.name === "csrf")?.value ?? "";
    const shared = await page.request.put(`/api/videos/${taskId}/sharing`, {
      data: { isPublic: true },
      headers: { "x-csrf-token": csrf, "sec-fetch-site": "same-origin" },
    });
    expect(shared.status(), await shared.text()).toBe(200);
    const { shareUrl } = (await shared.json()) as { shareUrl: string };
    // The page is drawn by the server: opened again until the video is kept (with its frame) by the archiver.
    const video = page.locator("video");
    await expect
      .poll(
        async () => {
          await page.goto(new URL(shareUrl).pathname);
          return video.getAttribute("src");
        },
        { timeout: 30_000 },
      )
      .toMatch(/^\/media\/videos\//);
    await expectLoadedFromPageHost(video);

    // Its preview picture (decision 0083): an absolute URL on this host name, a JPEG anyone can fetch.
    const ogImage = new URL((await page.locator('meta[property="og:image"]').getAttribute("content")) ?? "");
    expect(ogImage.origin).toBe(otherHost());
    expect(ogImage.pathname).toMatch(/^\/media\/shares\/[\w-]+\.jpg$/);
    await expect(video).toHaveAttribute("poster", ogImage.pathname);
    const picture = await request.get(ogImage.href);
    expect(picture.status()).toBe(200);
    expect(picture.headers()["content-type"]).toBe("image/jpeg");
    expect([...(await picture.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // The brand's picture, for a video without a frame, is one of the site's files.
    const brand = await request.get("/og-image.jpg");
    expect(brand.status()).toBe(200);
    expect(brand.headers()["content-type"]).toBe("image/jpeg");
  } finally {
    await context.close();
  }
});
