/**
 * The landing page's showcase (issue 38, decision 0081): with nothing chosen on this simulated
 * install the hero and the tiles play the sample clips, labelled as such in both languages; the
 * admin chooses a customer's shared video, which then plays in the hero and the tiles, and its
 * "Try this prompt" opens the generator with the prompt filled in. Desktop and phone, no sideways
 * scrolling, no serious accessibility finding.
 */
import { ADMIN } from "./helpers.js";
import { expect, test, type APIRequestContext, type Browser, type Page } from "./fixtures.js";
import { expectNoSeriousAxeFindings } from "./accessibility.js";
import { createFundedUser, createVideoPanel, generateViaApi, signInViaApi } from "./video-helpers.js";

const SIZES = [
  { name: "desktop", viewport: { width: 1440, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

const WORDS = {
  en: {
    sample: "Sample clip (simulator)",
    examples: "Example videos",
    featured: "Featured video",
    try: "Try this prompt",
  },
  vi: { sample: "Clip mẫu (trình mô phỏng)", examples: "Video mẫu", featured: "Video nổi bật", try: "Thử prompt này" },
} as const;

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate<{ scroll: number; viewport: number }>(
    "({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth })",
  );
  expect(widths.scroll, "the page must not scroll sideways").toBeLessThanOrEqual(widths.viewport);
}

async function openPage(
  browser: Browser,
  language: keyof typeof WORDS,
  viewport: { width: number; height: number },
  reducedMotion: "reduce" | "no-preference" = "no-preference",
) {
  const context = await browser.newContext({ locale: language === "vi" ? "vi-VN" : "en-US", viewport, reducedMotion });
  return { context, page: await context.newPage() };
}

/** Empties the showcase through the admin API, so the landing page's other specs see the samples. */
async function clearShowcase(request: APIRequestContext): Promise<void> {
  const login = await request.post("/api/auth/login", { data: ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  const res = await request.put("/api/admin/showcase", { data: { videos: [] } });
  expect(res.status(), await res.text()).toBe(200);
}

for (const language of ["en", "vi"] as const) {
  const w = WORDS[language];
  for (const { name: size, viewport } of SIZES) {
    test(`with nothing chosen, the sample clips play labelled as samples (${language}, ${size})`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      await clearShowcase(request);
      const { context, page } = await openPage(browser, language, viewport);
      try {
        await page.goto("/");
        const hero = page.getByRole("figure", { name: w.featured });
        await expect(hero.getByText(w.sample)).toBeVisible();
        const heroVideo = hero.locator("video");
        await expect(heroVideo).toHaveAttribute("src", /^\/media\/showcase\/sample-1-16x9-720p\.mp4$/);
        // Its poster is the clip's own frame (decision 0166), as is every tile's.
        await expect(heroVideo).toHaveAttribute("poster", "/media/showcase/sample-1-16x9-720p.jpg");
        await expect(heroVideo).toHaveJSProperty("muted", true);
        await expect(heroVideo).toHaveJSProperty("loop", true);
        await expect(heroVideo).toHaveAttribute("playsinline", "");

        const tiles = page.getByRole("list", { name: w.examples }).getByRole("listitem");
        await expect(tiles).toHaveCount(3);
        for (let i = 0; i < 3; i++) {
          await expect(tiles.nth(i).getByText(w.sample)).toBeVisible();
          await expect(tiles.nth(i).locator("video")).toHaveAttribute(
            "poster",
            /^\/media\/showcase\/sample-\d-16x9-720p\.jpg$/,
          );
          await expect(tiles.nth(i).getByRole("link", { name: new RegExp(`^${w.try}`) })).toBeVisible();
        }
        await expectNoHorizontalScroll(page);
        await expectNoSeriousAxeFindings(page, { include: ["main"] });
      } finally {
        await context.close();
      }
    });
  }
}

test("with reduced motion, the hero shows its poster, a still of its video", async ({ browser, request }) => {
  await clearShowcase(request);
  const { context, page } = await openPage(browser, "en", SIZES[0].viewport, "reduce");
  try {
    await page.goto("/");
    const video = page.getByRole("figure", { name: WORDS.en.featured }).locator("video");
    await expect(video).toHaveAttribute("data-reduced-motion", "");
    await expect(video).toHaveAttribute("poster", "/media/showcase/sample-1-16x9-720p.jpg");
    await expect(video).toHaveAttribute("preload", "none");
    await expect(video).not.toHaveAttribute("autoplay", /.*/);
    await expect(video).toHaveJSProperty("paused", true);
  } finally {
    await context.close();
  }
});

test("the admin chooses a customer's shared video: the hero and the tiles play it, and Try this prompt fills the generator", async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const prompt = `A paper lantern floats over a night market, chosen for the showcase ${Date.now()}`;
  const customer = await openPage(browser, "en", SIZES[0].viewport);
  const admin = await openPage(browser, "en", SIZES[0].viewport);
  const visitor = await openPage(browser, "en", SIZES[0].viewport);
  try {
    // A customer makes a video and shares it.
    const username = await createFundedUser(request, "showcase", 5);
    await signInViaApi(customer.page, username);
    await customer.page.goto("/my-creations");
    const taskId = await generateViaApi(customer.page, { prompt });
    await expect
      .poll(
        async () => {
          const res = await customer.page.request.get(`/api/video-status/${taskId}`);
          return ((await res.json()) as { data: { status: string } }).data.status;
        },
        { timeout: 60_000 },
      )
      .toBe("completed");
    const csrf = (await customer.context.cookies()).find((c) => c.name === "csrf")?.value ?? "";
    const shared = await customer.page.request.put(`/api/videos/${taskId}/sharing`, {
      data: { isPublic: true },
      headers: { "x-csrf-token": csrf, "sec-fetch-site": "same-origin" },
    });
    expect(shared.status(), await shared.text()).toBe(200);

    // The admin adds it to the showcase, first, and saves.
    await signInViaApi(admin.page, ADMIN.username, ADMIN.password);
    await admin.page.goto("/admin/settings/appearance");
    const section = admin.page.getByRole("region", { name: "Landing page showcase" });
    await section.scrollIntoViewIfNeeded();
    await section.getByRole("button", { name: `Add to the showcase: ${prompt.slice(0, 40)}` }).click();
    const chosen = section.getByRole("list", { name: "Showcase videos" }).getByRole("listitem");
    await expect(chosen).toHaveCount(1);
    await expect(chosen.first()).toContainText(prompt);
    await expect(chosen.first()).toContainText(`Shared by ${username}`);
    await section.getByRole("button", { name: "Save showcase" }).click();
    await expect(admin.page.getByText("Showcase saved", { exact: true }).first()).toBeVisible();
    await expectNoSeriousAxeFindings(admin.page, { include: ["#showcase"] });
    await admin.page.setViewportSize(SIZES[1].viewport);
    await expectNoHorizontalScroll(admin.page);

    // The same video as Veo3 Fast's sample, chosen in "Sample per model": saved at once.
    const samples = section.getByRole("list", { name: "Sample per model" });
    await samples.getByRole("combobox", { name: "Sample of Veo3 Fast" }).click();
    await admin.page.getByRole("option", { name: new RegExp(`^${prompt.slice(0, 40)}`) }).click();
    await expect(admin.page.getByText("Sample saved", { exact: true }).first()).toBeVisible();
    await expect(samples.getByRole("combobox", { name: "Sample of Veo3 Fast" })).toContainText(prompt.slice(0, 40));
    await expectNoSeriousAxeFindings(admin.page, { include: ["#showcase"] });

    // Once the video is kept, its frame is its poster, for the showcase and for the sample.
    await expect
      .poll(
        async () => {
          const view = (await (await visitor.page.request.get("/api/showcase")).json()) as {
            videos: { posterUrl: string | null }[];
            modelSamples: { model: string; id: string; posterUrl: string | null }[];
          };
          const sample = view.modelSamples.find((m) => m.model === "veo3_fast");
          return [view.videos[0]?.posterUrl ?? null, sample?.id, sample?.posterUrl ?? null];
        },
        { timeout: 60_000 },
      )
      .toEqual([expect.stringMatching(/^\/media\/shares\/[\w-]+\.jpg$/), taskId, expect.stringMatching(/\.jpg$/)]);

    // The set-up checklist's step is done and links to the section.
    await admin.page.setViewportSize(SIZES[0].viewport);
    await admin.page.goto("/admin");
    const step = admin.page.getByRole("listitem").filter({ hasText: "Your chosen videos show visitors" });
    await expect(step).toBeVisible();

    // A visitor sees it in the hero and as the only tile, with no sample label.
    await visitor.page.goto("/");
    const hero = visitor.page.getByRole("figure", { name: WORDS.en.featured });
    await expect(hero.locator("video")).toHaveAttribute("aria-label", `Featured video: ${prompt}`);
    await expect(hero.locator("video")).toHaveAttribute("src", /^\/(media|simulator)\//);
    await expect(hero.locator("video")).toHaveAttribute("poster", /^\/media\/shares\/[\w-]+\.jpg$/);
    const frame = await visitor.page.request.get((await hero.locator("video").getAttribute("poster"))!);
    expect(frame.status()).toBe(200);
    expect(frame.headers()["content-type"]).toBe("image/jpeg");
    await expect
      .poll(() => hero.locator("video").evaluate((v) => (v as unknown as { paused: boolean }).paused))
      .toBe(false);
    const tiles = visitor.page.getByRole("list", { name: WORDS.en.examples }).getByRole("listitem");
    await expect(tiles).toHaveCount(1);
    await expect(tiles.first()).toContainText(prompt.slice(0, 60));
    await expect(visitor.page.getByText(WORDS.en.sample)).toHaveCount(0);
    await visitor.page.setViewportSize(SIZES[1].viewport);
    await expectNoHorizontalScroll(visitor.page);
    await expectNoSeriousAxeFindings(visitor.page, { include: ["main"] });

    // Try this prompt: the generator opens with the prompt filled in (signed out, kept through sign-in).
    await tiles
      .first()
      .getByRole("link", { name: /^Try this prompt/ })
      .click();
    await expect(visitor.page).toHaveURL("/generate");
    await expect(createVideoPanel(visitor.page).getByLabel("Prompt", { exact: true })).toHaveValue(prompt);
    const visitorName = await createFundedUser(request, "showcase-visitor", 0);
    await signInViaApi(visitor.page, visitorName);
    await visitor.page.reload();
    await expect(createVideoPanel(visitor.page).getByLabel("Prompt", { exact: true })).toHaveValue(prompt);

    // Unshared by its owner, it leaves the showcase: the samples are back.
    const unshared = await customer.page.request.put(`/api/videos/${taskId}/sharing`, {
      data: { isPublic: false },
      headers: { "x-csrf-token": csrf, "sec-fetch-site": "same-origin" },
    });
    expect(unshared.status(), await unshared.text()).toBe(200);
    await visitor.page.goto("/");
    await expect(
      visitor.page.getByRole("figure", { name: WORDS.en.featured }).getByText(WORDS.en.sample),
    ).toBeVisible();
  } finally {
    await clearShowcase(request);
    await request.put("/api/admin/showcase/model-samples/veo3_fast", { data: { taskId: null } });
    for (const opened of [customer, admin, visitor]) await opened.context.close();
  }
});

test("a customer's video published to Explore and featured by the admin shows in the community row, linking to its page", async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const prompt = `A heron lands on a misty rice field, for the community row ${Date.now()}`;
  const customer = await openPage(browser, "en", SIZES[0].viewport);
  const early = await openPage(browser, "en", SIZES[0].viewport);
  const visitor = await openPage(browser, "en", SIZES[0].viewport);
  let taskId = "";
  try {
    const username = await createFundedUser(request, "community", 5);
    await signInViaApi(customer.page, username);
    await customer.page.goto("/my-creations");
    taskId = await generateViaApi(customer.page, { prompt });
    await expect
      .poll(
        async () => {
          const res = await customer.page.request.get(`/api/video-status/${taskId}`);
          return ((await res.json()) as { data: { status: string } }).data.status;
        },
        { timeout: 60_000 },
      )
      .toBe("completed");
    const csrf = (await customer.context.cookies()).find((c) => c.name === "csrf")?.value ?? "";
    const published = await customer.page.request.put(`/api/videos/${taskId}/sharing`, {
      data: { isPublic: true, explore: true },
      headers: { "x-csrf-token": csrf, "sec-fetch-site": "same-origin" },
    });
    expect(published.status(), await published.text()).toBe(200);
    const shareId = new URL(((await published.json()) as { shareUrl: string }).shareUrl).pathname.split("/").pop()!;

    // Not featured yet: no community row (this visitor's browser keeps that answer a minute: Explore's cache).
    await early.page.goto("/");
    await expect(early.page.getByRole("list", { name: WORDS.en.examples })).toBeVisible();
    await expect(early.page.getByRole("region", { name: "From the community" })).toHaveCount(0);

    // The admin approves it if Explore asks for approval, then features it.
    expect((await request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    await request.post(`/api/admin/explore/${taskId}`, { data: { action: "approve" } });
    const featured = await request.post(`/api/admin/explore/${taskId}`, { data: { action: "feature" } });
    expect(featured.status(), await featured.text()).toBe(200);

    // Featured, and kept (its frame taken): the feed names it with its poster.
    await expect
      .poll(
        async () => {
          const feed = await request.get("/api/explore?featured=true", { headers: { "cache-control": "no-cache" } });
          const videos = ((await feed.json()) as { videos: { id: string; posterUrl: string | null }[] }).videos;
          return Boolean(videos.find((v) => v.id === shareId)?.posterUrl);
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await visitor.page.goto("/");
    const row = visitor.page.getByRole("region", { name: "From the community" });
    const tile = row.getByRole("listitem").filter({ hasText: prompt.slice(0, 40) });
    await expect(tile).toHaveCount(1);
    await expect(tile.getByRole("link")).toHaveAttribute("href", `/v/${shareId}`);
    const video = tile.locator("video");
    await expect(video).toHaveAttribute("poster", /\.jpg(\?|$)/);
    const frame = await visitor.page.request.get((await video.getAttribute("poster"))!);
    expect(frame.headers()["content-type"]).toBe("image/jpeg");
    await tile.hover();
    await expect.poll(() => video.evaluate((v) => (v as unknown as { paused: boolean }).paused)).toBe(false);
    await expectNoSeriousAxeFindings(visitor.page, { include: ["main"] });
    await tile.getByRole("link").click();
    await expect(visitor.page).toHaveURL(new RegExp(`/v/${shareId}$`));
  } finally {
    if (taskId) await request.post(`/api/admin/explore/${taskId}`, { data: { action: "unfeature" } });
    for (const opened of [customer, early, visitor]) await opened.context.close();
  }
});
