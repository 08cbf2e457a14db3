/**
 * Explore on the web (issue 72, decision 0165): a finished video published from its details shows
 * in /explore with its real poster and plays on hover, found by its model and shape; a signed-out
 * visitor's Remix goes through sign-up back to the generator with everything filled, and Generate
 * counts the remix (the most remixed order changes); a report, the admin hiding it (it leaves the
 * feed), and approval mode holding a new one until the admin approves it. Both languages, 1440 and
 * 390 px, axe on the feed. Site-wide: it switches Explore to approval for a moment.
 *
 * The feed's answers may be cached for a minute (public, max-age=60): each look at the feed after a
 * change is a new browser context, which starts with an empty cache.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from "./fixtures.js";
import { expectNoSeriousAxeFindings } from "./accessibility.js";
import { ADMIN, expectToast, saveSettingsSection, uniqueUsername } from "./helpers.js";
import {
  chooseOption,
  createFundedUser,
  createVideoPanel,
  generateViaApi,
  setCredits,
  signInViaApi,
} from "./video-helpers.js";

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const STAMP = Date.now();
const PROMPTS = {
  first: `A glass whale drifts over a desert at dawn, explore ${STAMP}`,
  second: `Paper boats race down a rainy street, explore ${STAMP}`,
  third: `A lighthouse blinks through thick sea fog, explore ${STAMP}`,
} as const;

interface Made {
  taskId: string;
  shareId: string;
}

let owner = "";
const made: Partial<Record<keyof typeof PROMPTS, Made>> = {};

test.describe.configure({ mode: "serial" });

async function newPage(
  browser: Browser,
  options: { locale?: string; viewport?: { width: number; height: number }; motion?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: options.locale ?? "en-US",
    viewport: options.viewport ?? DESKTOP,
    reducedMotion: options.motion ? "no-preference" : "reduce",
  });
  return { context, page: await context.newPage() };
}

const csrfOf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "csrf")?.value ?? "";

/**
 * Until the video is finished and copied into our store: its frame is taken with the copy, and a
 * feed read before that (kept for a minute) would show no poster.
 */
async function waitUntilFinished(page: Page, taskId: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/video-status/${taskId}`);
        const { data } = (await res.json()) as { data: { status: string; resultUrls: string } };
        return data.status === "completed" && data.resultUrls.includes("/media/videos/") ? "kept" : data.status;
      },
      { timeout: 90_000 },
    )
    .toBe("kept");
}

/** PUT /api/videos/{taskId}/sharing as the signed-in owner's browser would. */
async function share(page: Page, taskId: string, body: Record<string, boolean>) {
  const res = await page.request.put(`/api/videos/${taskId}/sharing`, {
    data: body,
    headers: { "x-csrf-token": await csrfOf(page), "sec-fetch-site": "same-origin" },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { shareUrl: string | null; explore: string | null };
}

const shareIdOf = (url: string | null) => url!.split("/v/")[1]!;

/** The feed's cards in order, by their titles. */
const cards = (page: Page) => page.getByRole("list", { name: "Published videos" }).getByRole("listitem");
const cardOf = (page: Page, prompt: string) => cards(page).filter({ hasText: prompt });

async function setExploreMode(page: Page, mode: "open" | "approval" | "off"): Promise<void> {
  const res = await page.request.put("/api/admin/settings", {
    data: { exploreMode: mode },
    headers: { "x-csrf-token": await csrfOf(page), "sec-fetch-site": "same-origin" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate<{ scroll: number; viewport: number }>(
    "({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth })",
  );
  expect(widths.scroll, "the page must not scroll sideways").toBeLessThanOrEqual(widths.viewport);
}

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(180_000);
  owner = await createFundedUser(request, "explorer", 40);
  const { context, page } = await newPage(browser);
  try {
    await signInViaApi(page, owner);
    // Explore is open (the install's default); a run interrupted in approval mode would hold these.
    const admin = await newPage(browser);
    await signInViaApi(admin.page, ADMIN.username, ADMIN.password);
    await setExploreMode(admin.page, "open");
    await admin.context.close();
    const ids = {
      first: await generateViaApi(page, { prompt: PROMPTS.first, aspectRatio: "9:16" }),
      second: await generateViaApi(page, { prompt: PROMPTS.second, aspectRatio: "16:9" }),
      third: await generateViaApi(page, { prompt: PROMPTS.third, aspectRatio: "16:9" }),
    };
    for (const [key, taskId] of Object.entries(ids)) {
      await waitUntilFinished(page, taskId);
      made[key as keyof typeof PROMPTS] = { taskId, shareId: "" };
    }
  } finally {
    await context.close();
  }
});

test("published from its details, a video is in Explore with its poster, plays on hover and is found by its shape", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const ownerPage = await newPage(browser);
  try {
    // The owner publishes the first video from its details; the second through the API.
    await signInViaApi(ownerPage.page, owner);
    await ownerPage.page.goto("/my-creations");
    await ownerPage.page
      .getByRole("button", { name: new RegExp(`^View details: ${PROMPTS.first.slice(0, 30)}`) })
      .click();
    const dialog = ownerPage.page.getByRole("dialog", { name: "Video Details" });
    await expect(dialog.getByRole("radio", { name: "Private" })).toBeChecked();
    await dialog.getByRole("radio", { name: "Public in Explore" }).check();
    await expectToast(ownerPage.page, "Public in Explore");
    const link = await dialog.getByRole("textbox", { name: "Share link" }).inputValue();
    made.first!.shareId = shareIdOf(link);
    const second = await share(ownerPage.page, made.second!.taskId, { isPublic: true, explore: true });
    expect(second.explore).toBe("listed");
    made.second!.shareId = shareIdOf(second.shareUrl);
  } finally {
    await ownerPage.context.close();
  }

  const { context, page } = await newPage(browser, { motion: true });
  try {
    await page.goto("/explore");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explore what people make");
    await expect(page).toHaveTitle("Explore · Veo Studio");
    const card = cardOf(page, PROMPTS.first);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Veo3 Fast");
    await expect(card).toContainText("Portrait 9:16");
    await expect(card.getByTestId("remix-count")).toHaveText("0 remixes");
    await expect(card.getByRole("link", { name: PROMPTS.first, exact: true })).toHaveAttribute(
      "href",
      `/v/${made.first!.shareId}`,
    );
    await expect(card.getByRole("link", { name: `Remix: ${PROMPTS.first}` })).toHaveAttribute(
      "href",
      `/generate?remix=${made.first!.shareId}`,
    );

    // Its real poster, and no video loaded until it is hovered.
    const poster = card.locator("img");
    await expect(poster).toHaveAttribute("src", /\S/);
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(card.locator("video")).toHaveCount(0);
    await card.getByTestId("explore-preview").hover();
    const video = card.locator("video");
    await expect(video).toHaveAttribute("preload", "none");
    await expect(video).toHaveJSProperty("muted", true);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0);
    // Leaving stops it; the play button plays it for touch and keyboard.
    await page.mouse.move(0, 0);
    await expect(card.locator("video")).toHaveCount(0);
    await card.getByRole("button", { name: `Play a preview: ${PROMPTS.first}` }).click();
    await expect(card.locator("video")).toHaveCount(1);

    // Shapes: the portrait one is found under Portrait, not under Landscape (which finds the second).
    await chooseOption(page, "Shape", "Portrait 9:16");
    await expect(page).toHaveURL(/shape=9%3A16/);
    await expect(cardOf(page, PROMPTS.first)).toHaveCount(1);
    await expect(cardOf(page, PROMPTS.second)).toHaveCount(0);
    await chooseOption(page, "Shape", "Landscape 16:9");
    await expect(cardOf(page, PROMPTS.second)).toHaveCount(1);
    await expect(cardOf(page, PROMPTS.first)).toHaveCount(0);
    await chooseOption(page, "Model", "Veo3 (Quality)");
    await expect(page.getByRole("heading", { name: "No videos match" }).or(cards(page).first())).toBeVisible();
    await expect(cardOf(page, PROMPTS.second)).toHaveCount(0);

    await page.goto("/explore");
    await expectNoSeriousAxeFindings(page, { include: ["main"] });
    await expectNoSidewaysScroll(page);
    await page.setViewportSize(PHONE);
    await expect(cardOf(page, PROMPTS.first)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeFindings(page, { include: ["main"] });
  } finally {
    await context.close();
  }

  // In Vietnamese, on a phone: the page's words, and the head search engines read.
  const vi = await newPage(browser, { locale: "vi-VN", viewport: PHONE });
  try {
    const document = await vi.page.request.get("/explore", { headers: { "accept-language": "vi" } });
    const html = await document.text();
    expect(html).toContain("<title>Khám phá: video AI do cộng đồng tạo · Veo Studio</title>");
    expect(html).toMatch(/<meta name="description" content="Xem các video AI ngắn/);
    await vi.page.goto("/explore");
    await expect(vi.page.getByRole("heading", { level: 1 })).toHaveText("Khám phá những gì mọi người tạo ra");
    const card = vi.page
      .getByRole("list", { name: "Video đã đăng" })
      .getByRole("listitem")
      .filter({ hasText: PROMPTS.first });
    await expect(card).toContainText("Khung dọc 9:16");
    await expect(card.getByRole("link", { name: `Remix: ${PROMPTS.first}` })).toBeVisible();
    await expectNoSidewaysScroll(vi.page);
  } finally {
    await vi.context.close();
  }
});

test("a signed-out visitor remixes through sign-up, lands on the filled generator, and the remix is counted", async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const first = made.first!;
  const second = made.second!;
  const remixed = async () => {
    const res = await request.get(`/api/explore?sort=remixed`);
    const ids = ((await res.json()) as { videos: { id: string }[] }).videos.map((v) => v.id);
    return ids.indexOf(first.shareId) < ids.indexOf(second.shareId) ? "first ahead" : "second ahead";
  };
  // Both unremixed: the later one leads the most remixed.
  expect(await remixed()).toBe("second ahead");

  const { context, page } = await newPage(browser, { viewport: PHONE });
  try {
    await page.goto("/explore");
    await cardOf(page, PROMPTS.first)
      .getByRole("link", { name: `Remix: ${PROMPTS.first}` })
      .click();
    await expect(page).toHaveURL(`/generate?remix=${first.shareId}`);
    const form = createVideoPanel(page);
    await expect(form.getByLabel("Prompt", { exact: true })).toHaveValue(PROMPTS.first);
    await expect(form.getByRole("combobox", { name: "Aspect ratio" })).toHaveText("9:16");

    // Not signed in: a free account, and back to the same remix.
    await form.getByRole("link", { name: "Create a free account" }).click();
    await expect(page).toHaveURL(`/login?mode=register&next=${encodeURIComponent(`/generate?remix=${first.shareId}`)}`);
    const username = uniqueUsername("remixer");
    await page.locator("#register-username").fill(username);
    await page.locator("#register-password").fill("remix-pass-123");
    await page.locator("#register-confirm-password").fill("remix-pass-123");
    await page.locator("form button[type=submit]").click();
    await expect(page).toHaveURL(`/generate?remix=${first.shareId}`);
    await expect(form.getByLabel("Prompt", { exact: true })).toHaveValue(PROMPTS.first);
    await expect(form.getByRole("combobox", { name: "Model" })).toHaveText("Veo3 Fast");
    await expect(form.getByRole("combobox", { name: "Aspect ratio" })).toHaveText("9:16");

    // With credits (a reload: the remix fills the form again), Generate says which video it remixes.
    await setCredits(username, 20);
    await page.reload();
    await expect(form.getByLabel("Prompt", { exact: true })).toHaveValue(PROMPTS.first);
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/generate-video") && r.method() === "POST");
    await form.getByRole("button", { name: "Generate Video" }).click();
    expect(((await sent).postDataJSON() as { remixOf?: string }).remixOf).toBe(first.shareId);
    await expect(page).toHaveURL("/generate");
  } finally {
    await context.close();
  }

  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/explore/${first.shareId}`)).json()) as { remixCount: number }).remixCount,
    )
    .toBe(1);
  expect(await remixed()).toBe("first ahead");
  const fresh = await newPage(browser);
  try {
    await fresh.page.goto("/explore?sort=remixed");
    await expect(cardOf(fresh.page, PROMPTS.first).getByTestId("remix-count")).toHaveText("1 remix");
    const titles = await cards(fresh.page).allInnerTexts();
    const at = (prompt: string) => titles.findIndex((text) => text.includes(prompt));
    expect(at(PROMPTS.first)).toBeLessThan(at(PROMPTS.second));
  } finally {
    await fresh.context.close();
  }
});

test("a report reaches the admin, who hides the video; in approval mode a new one waits until approved", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const second = made.second!;
  const third = made.third!;

  // A visitor reports the second video from the link the share page gives.
  const visitor = await newPage(browser);
  try {
    await visitor.page.goto(`/explore?report=${second.shareId}`);
    const dialog = visitor.page.getByRole("dialog", { name: "Report this video" });
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Choose a reason.");
    await dialog.getByRole("radio", { name: "Spam or misleading" }).check();
    await dialog.getByLabel("Details (optional)").fill("Posted again and again");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(visitor.page.getByRole("dialog", { name: "Thanks for telling us" })).toBeVisible();
    await expectNoSeriousAxeFindings(visitor.page, { include: ["[role=dialog]"] });
    await visitor.page.getByRole("button", { name: "Close" }).first().click();
    await expect(visitor.page).toHaveURL("/explore");
  } finally {
    await visitor.context.close();
  }

  const admin = await newPage(browser);
  try {
    await signInViaApi(admin.page, ADMIN.username, ADMIN.password);
    await admin.page.goto("/admin/explore?filter=reported");
    const item = admin.page.getByRole("article").filter({ hasText: PROMPTS.second });
    await expect(item).toContainText("1 open report");
    await expect(item.getByRole("list", { name: "Reports" })).toContainText("Spam or misleading");
    await expect(item.getByRole("list", { name: "Reports" })).toContainText("Posted again and again");
    await expect(item.locator("video")).toHaveAttribute("preload", "none");
    await expectNoSeriousAxeFindings(admin.page, { include: ["main"] });
    await item.getByRole("button", { name: "Hide" }).click();
    const ask = admin.page.getByRole("dialog", { name: "Hide this video from Explore?" });
    await ask.getByLabel("Reason (for the audit log)").fill("Spam, reported by a visitor");
    await ask.getByRole("button", { name: "Hide" }).click();
    await expectToast(admin.page, "Hidden from Explore");
    await admin.page.getByRole("radio", { name: /^Hidden/ }).click();
    await expect(admin.page.getByRole("article").filter({ hasText: PROMPTS.second })).toBeVisible();

    // It left the feed; its owner is told an admin took it off.
    const look = await newPage(browser);
    await look.page.goto("/explore");
    await expect(cardOf(look.page, PROMPTS.first)).toHaveCount(1);
    await expect(cardOf(look.page, PROMPTS.second)).toHaveCount(0);
    await look.context.close();
    const ownerPage = await newPage(browser);
    await signInViaApi(ownerPage.page, owner);
    await ownerPage.page.goto("/my-creations");
    await ownerPage.page
      .getByRole("button", { name: new RegExp(`^View details: ${PROMPTS.second.slice(0, 30)}`) })
      .click();
    await expect(ownerPage.page.getByRole("dialog", { name: "Video Details" })).toContainText(
      "An admin took it off Explore.",
    );

    // Approval mode, chosen in Settings > Moderation: the third video waits.
    await admin.page.goto("/admin/settings/moderation");
    await admin.page.getByRole("radio", { name: "Approval first" }).check();
    await saveSettingsSection(admin.page);
    try {
      const third_ = await share(ownerPage.page, third.taskId, { isPublic: true, explore: true });
      expect(third_.explore).toBe("pending");
      third.shareId = shareIdOf(third_.shareUrl);
      await ownerPage.page.reload();
      await ownerPage.page
        .getByRole("button", { name: new RegExp(`^View details: ${PROMPTS.third.slice(0, 30)}`) })
        .click();
      await expect(ownerPage.page.getByRole("dialog", { name: "Video Details" })).toContainText(
        "Waiting for approval: it appears in Explore once an admin approves it.",
      );
      const before = await newPage(browser);
      await before.page.goto("/explore");
      await expect(cardOf(before.page, PROMPTS.first)).toHaveCount(1);
      await expect(cardOf(before.page, PROMPTS.third)).toHaveCount(0);
      await before.context.close();

      await admin.page.goto("/admin/explore");
      const waiting = admin.page.getByRole("article").filter({ hasText: PROMPTS.third });
      await waiting.getByRole("button", { name: "Approve" }).click();
      await expectToast(admin.page, "Approved: it is in Explore now");
      const after = await newPage(browser);
      await after.page.goto("/explore");
      await expect(cardOf(after.page, PROMPTS.third)).toHaveCount(1);
      await after.context.close();
    } finally {
      await setExploreMode(admin.page, "open");
    }

    // The hidden one is deleted, asked first.
    await admin.page.goto("/admin/explore?filter=hidden");
    const hidden = admin.page.getByRole("article").filter({ hasText: PROMPTS.second });
    await hidden.getByRole("button", { name: "Delete" }).click();
    const sure = admin.page.getByRole("dialog", { name: "Delete this video?" });
    await sure.getByRole("button", { name: "Delete for good" }).click();
    await expectToast(admin.page, "Video deleted for good");
    await expect(admin.page.getByRole("article").filter({ hasText: PROMPTS.second })).toHaveCount(0);
    await ownerPage.context.close();
  } finally {
    await admin.context.close();
  }
});
