import { expect, test, type APIRequestContext, type Locator, type Page } from "./fixtures.js";
import { ADMIN, untilTheAppAnswers } from "./helpers.js";

const GENERATOR_CHUNK = /\/assets\/generate-page-[^/]*\.js$/;

function section(page: Page, heading: string | RegExp): Locator {
  return page.getByRole("region", { name: heading });
}

/** The admin settings' `prices`: every model and surcharge. */
type Prices = Record<string, { webCredits: number | string; apiPrice: string }>;

/** Sets some prices; returns all of them as they were, to put back. */
async function setPrices(request: APIRequestContext, prices: Prices): Promise<Prices> {
  const login = await request.post("/api/auth/login", { data: ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  const before = ((await (await request.get("/api/admin/settings")).json()) as { prices: Prices }).prices;
  const res = await request.put("/api/admin/settings", { data: { prices } });
  expect(res.status(), await res.text()).toBe(200);
  return before;
}

test("a visitor sees every section, with prices from the server, without loading the generator's code", async ({
  page,
  request,
}) => {
  const previous = await setPrices(request, {
    veo3: { webCredits: 7, apiPrice: "12" },
    veo3_fast: { webCredits: 3, apiPrice: "4" },
    veo3_lite: { webCredits: 2, apiPrice: "2.5" },
  });
  try {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/AI Video Generator with Sound/);

    // Hero, and the demo notice (no KIE key here, so the simulator makes the videos).
    await expect(page.getByText("Veo Studio offers premium AI video generation with Veo3")).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 1, name: "Generate AI Videos with Realistic Sound" }),
    ).toBeVisible();
    await expect(page.getByRole("note")).toContainText("videos are currently simulated sample clips");

    // Showcase: six examples and up to eight trending tiles, with views and cut prompts.
    const examples = page.getByRole("list", { name: "Example videos" }).getByRole("listitem");
    await expect(examples).toHaveCount(6);
    await expect(examples.first()).toContainText(/\d+(\.\d)?K views/);
    await expect(examples.first()).toContainText("A golden retriever puppy splashes through");
    await expect(examples.first().locator("p[title]")).toHaveText(/…$/);
    await expect(examples.nth(3).locator("p[title]")).not.toHaveText(/…$/);
    const trending = page.getByRole("list", { name: "Trending Now" }).getByRole("listitem");
    await expect(trending).toHaveCount(8);
    await expect(trending.locator("video")).toHaveCount(8);
    await expect(page.locator("video[preload=metadata][playsinline]")).toHaveCount(14);
    const firstVideo = examples.first().locator("video");
    await expect(firstVideo).toHaveAttribute("src", /^\/media\/showcase\/sample-\d-16x9-720p\.mp4$/);
    await expect(firstVideo).toHaveAttribute("aria-label", /^Example video: /);

    // Key features and the four steps.
    const features = section(page, "Everything You Need for Videos That Sound Real");
    for (const name of [
      "Native Audio",
      "Realistic Lip Sync",
      "Physics-Based Motion",
      "Text or Image Prompts",
      "8-Second Videos",
      "Full HD 1080p",
      "API & Automation",
      "Commercial Use",
    ]) {
      await expect(features.getByRole("heading", { name, exact: true })).toBeVisible();
    }
    const steps = section(page, "From Idea to Video in 4 Steps").getByRole("listitem");
    await expect(steps).toHaveCount(4);
    for (const [i, name] of [
      "Sign Up or Log In",
      "Enter Your Prompt",
      "Customize Audio",
      "Generate and Review",
    ].entries()) {
      await expect(steps.nth(i).getByRole("heading")).toHaveText(`Step ${i + 1}: ${name}`);
    }
    await expect(page.getByRole("link", { name: "Start Your First Video" })).toHaveAttribute("href", "/generate");

    // Pricing comparison (#generator) with the server's prices; USD is credits / 100.
    const pricing = page.locator("section#generator");
    const rows = pricing.getByRole("row");
    // A web row and an API row for every model; an API price with cents is charged rounded up.
    await expect(rows).toHaveCount(7);
    const expected = [
      ["Veo3 (Quality) web", "7", "$0.07", "-"],
      ["Veo3 Fast web", "3", "$0.03", "-"],
      ["Veo3 Lite web", "2", "$0.02", "-"],
      ["Veo3 (Quality) API", "12", "$0.12", "YES"],
      ["Veo3 Fast API", "4", "$0.04", "YES"],
      ["Veo3 Lite API", "3", "$0.03", "YES"],
    ];
    for (const [i, [name, credits, usd, automation]] of expected.entries()) {
      const row = rows.nth(i + 1);
      await expect(row.getByRole("rowheader")).toContainText(name!);
      await expect(row.getByRole("cell").nth(0)).toHaveText(credits!);
      await expect(row.getByRole("cell").nth(1)).toHaveText(usd!);
      await expect(row.getByRole("cell").nth(2)).toContainText(automation!);
    }
    await expect(pricing).toContainText(
      "All videos are generated and delivered in Full HD 1080p, in 16:9 and 9:16, via the web or the API.",
    );

    // Route-level code splitting: the generator's chunk is only fetched on the way to /generate.
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((url) => GENERATOR_CHUNK.test(url))).toEqual([]);
    await page.getByRole("link", { name: "Start Creating Now" }).first().click();
    await expect(page).toHaveURL("/generate");
    await expect.poll(() => scripts.some((url) => GENERATOR_CHUNK.test(url))).toBe(true);
  } finally {
    await setPrices(request, previous);
  }
});

test("showcase videos preview on hover and play with controls on click; the FAQ opens one answer at a time", async ({
  page,
}) => {
  await page.goto("/");
  const card = page.getByRole("list", { name: "Example videos" }).getByRole("listitem").first();
  const video = card.locator("video");
  const play = card.getByRole("button", { name: /^Play example video with sound: / });
  await expect(video).toHaveJSProperty("paused", true);
  await expect(video).toHaveJSProperty("controls", false);

  // A hover on the pre-rendered page before the app has taken it over starts nothing.
  await untilTheAppAnswers(
    async () => {
      await page.mouse.move(0, 0);
      await play.hover();
    },
    (timeout) => expect(video).toHaveJSProperty("paused", false, { timeout }),
  );
  await expect(video).toHaveJSProperty("muted", true);
  await expect(video).toHaveJSProperty("loop", true);
  await page.mouse.move(0, 0);
  await expect(video).toHaveJSProperty("paused", true);

  await play.click();
  await expect(video).toHaveJSProperty("controls", true);
  await expect(video).toHaveJSProperty("paused", false);
  await expect(video).toHaveJSProperty("muted", false);
  await expect(play).toHaveCount(0);
  // With the controls shown, a click on the video toggles playback.
  await video.click();
  await expect(video).toHaveJSProperty("paused", true);

  const faq = section(page, "Frequently Asked Questions");
  const triggers = faq.getByRole("button");
  await expect(triggers).toHaveCount(8);
  const credits = faq.getByRole("button", { name: "How do credits work?" });
  const refunds = faq.getByRole("button", { name: "What happens if a video fails?" });
  await expect(faq.getByRole("region")).toHaveCount(0);

  await credits.click();
  await expect(credits).toHaveAttribute("aria-expanded", "true");
  await expect(faq.getByText("One credit is worth $0.01")).toBeVisible();

  await refunds.click();
  await expect(refunds).toHaveAttribute("aria-expanded", "true");
  await expect(credits).toHaveAttribute("aria-expanded", "false");
  await expect(faq.getByText("One credit is worth $0.01")).toBeHidden();
  await expect(faq.getByText("returned to your balance automatically")).toBeVisible();

  await refunds.click();
  await expect(refunds).toHaveAttribute("aria-expanded", "false");
  await expect(faq.getByRole("region")).toHaveCount(0);
});

test("the pricing table falls back to the default prices when the server cannot answer", async ({ page }) => {
  await page.route("**/api/pricing/current", (route) => route.fulfill({ status: 500, body: "{}" }));
  await page.goto("/#generator");
  const rows = page.locator("section#generator").getByRole("row");
  // The catalogue's defaults: Quality, Fast and Lite on the web, then through the API.
  for (const [i, usd] of ["$0.05", "$0.01", "$0.01", "$0.10", "$0.02", "$0.01"].entries()) {
    await expect(
      rows
        .nth(i + 1)
        .getByRole("cell")
        .nth(1),
    ).toHaveText(usd);
  }
  await expect(page.getByRole("note")).toHaveCount(0);
});
