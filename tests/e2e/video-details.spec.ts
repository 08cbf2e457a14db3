/**
 * The Video Details dialog (issue 38, decision 0082), in both languages: at 1440×900 the player and
 * its actions (Download, 4K, Extend, Recreate, sharing) are on screen without scrolling; at 390×844
 * every action can be reached and nothing scrolls sideways; the metadata is folded under a closed
 * "Details"; a refused prompt reads "Prompt declined" on its card and "Declined" in its details, in
 * our words with what to do next and never the vendor's (decision 0163), never "Failed"; axe
 * finds nothing serious or critical.
 */
import { expect, test, type Browser, type Locator, type Page } from "./fixtures.js";
import { expectNoSeriousAxeFindings } from "./accessibility.js";
import { createFundedUser, detailsField, generateViaApi, signInViaApi } from "./video-helpers.js";

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const WORDS = {
  en: {
    locale: "en-US",
    viewDetails: "View details: ",
    dialog: "Video Details",
    actions: "Video actions",
    download: "Download 720p",
    upgrade: /^Upgrade to 4K/,
    extend: "Extend video",
    recreate: "Recreate Video",
    share: "Private",
    details: "Details",
    model: "Model",
    refused: "Declined",
    cardTitle: "Prompt declined",
    promptRefused: "Prompt declined",
    said: "declined this prompt under its content rules. Try describing the scene in other words.",
    failed: /failed/i,
  },
  vi: {
    locale: "vi-VN",
    viewDetails: "Xem chi tiết: ",
    dialog: "Chi tiết video",
    actions: "Thao tác với video",
    download: "Tải xuống 720p",
    upgrade: /^Nâng cấp lên 4K/,
    extend: "Kéo dài video",
    recreate: "Tạo lại video",
    share: "Riêng tư",
    details: "Chi tiết",
    model: "Mô hình",
    refused: "Bị từ chối",
    cardTitle: "Prompt bị từ chối",
    promptRefused: "Prompt bị từ chối",
    said: "đã từ chối prompt này theo quy định nội dung của mình. Hãy thử mô tả cảnh bằng cách diễn đạt khác.",
    failed: /thất bại/i,
  },
} as const;
type Language = keyof typeof WORDS;

const FINE = "A paper boat on a quiet canal at dawn";
const REFUSED = "Something the provider refuses [sim:reject]";

/** A user with one finished video and one the provider refused. */
async function userWithVideos(browser: Browser, request: Parameters<typeof createFundedUser>[0]): Promise<string> {
  const username = await createFundedUser(request, "details", 10);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaApi(page, username);
  await generateViaApi(page, { prompt: FINE });
  const token = (await page.context().cookies()).find((c) => c.name === "csrf")?.value ?? "";
  const refused = await page.request.post("/api/generate-video", {
    data: { prompt: REFUSED, model: "veo3_fast", aspectRatio: "16:9", imageUrls: [], enableFallback: false },
    headers: { "sec-fetch-site": "same-origin", "x-csrf-token": token },
  });
  expect(refused.status(), await refused.text()).toBe(422);
  await expect
    .poll(
      async () => {
        const res = await page.request.get("/api/video-tasks?page=1&limit=10");
        const body = (await res.json()) as { tasks: { prompt: string; status: string; hdStatus: string }[] };
        return body.tasks.find((t) => t.prompt === FINE)?.status;
      },
      { timeout: 60_000 },
    )
    .toBe("completed");
  await context.close();
  return username;
}

async function openDetailsOf(page: Page, language: Language, prompt: string): Promise<Locator> {
  const words = WORDS[language];
  await page.goto("/my-creations");
  await page.getByRole("button", { name: `${words.viewDetails}${prompt}` }).click();
  const dialog = page.getByRole("dialog", { name: words.dialog });
  await expect(dialog).toBeVisible();
  // (The opening animation scales the dialog for a moment: measured once it has ended.)
  await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a: { finished: Promise<unknown> }) => a.finished)));
  return dialog;
}

async function noSeriousAxeFindings(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expectNoSeriousAxeFindings(page, { include: ['[role="dialog"]'] });
}

/** The dialog has not scrolled and `locator` lies wholly inside the window. */
async function onScreenWithoutScrolling(dialog: Locator, locator: Locator, viewport: typeof DESKTOP): Promise<void> {
  // boundingBox() answers null while the element is still hidden: wait for it first.
  await expect(locator).toBeVisible();
  expect(await dialog.evaluate((el) => el.scrollTop)).toBe(0);
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  await expect(locator).toBeInViewport();
}

let username = "";
test.beforeAll(async ({ browser, playwright }, testInfo) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  username = await userWithVideos(browser, request);
  await request.dispose();
});

for (const language of ["en", "vi"] as const) {
  const words = WORDS[language];

  test(`1440×900 (${language}): player and actions first, on screen; the details folded`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ locale: words.locale, viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await signInViaApi(page, username);
      const dialog = await openDetailsOf(page, language, FINE);
      const actions = dialog.getByRole("region", { name: words.actions });
      const player = dialog.locator("video");
      await onScreenWithoutScrolling(dialog, player, DESKTOP);
      for (const action of [
        actions.getByRole("button", { name: words.download }),
        actions.getByRole("button", { name: words.upgrade }),
        actions.getByRole("button", { name: words.extend }),
        actions.getByRole("button", { name: words.recreate }),
        actions.getByRole("radio", { name: words.share }),
      ])
        await onScreenWithoutScrolling(dialog, action, DESKTOP);

      // The metadata waits under a closed "Details" and opens on a click.
      const summary = dialog.locator("summary", { hasText: words.details });
      await expect(summary).toBeVisible();
      await expect(dialog.locator("details")).not.toHaveAttribute("open");
      await expect(dialog.getByText(words.model, { exact: true })).toBeHidden();
      await noSeriousAxeFindings(page);
      await summary.click();
      await expect(dialog.locator("details")).toHaveAttribute("open");
      await expect(detailsField(dialog, words.model)).toBeVisible();
      await expect(detailsField(dialog, words.model)).toHaveText("Veo3 Fast");
      await noSeriousAxeFindings(page);
    } finally {
      await context.close();
    }
  });

  test(`390×844 (${language}): every action is reachable, nothing scrolls sideways`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ locale: words.locale, viewport: PHONE });
    const page = await context.newPage();
    try {
      await signInViaApi(page, username);
      const dialog = await openDetailsOf(page, language, FINE);
      const actions = dialog.getByRole("region", { name: words.actions });
      await expect(dialog.locator("video")).toBeInViewport();
      for (const action of [
        actions.getByRole("button", { name: words.download }),
        actions.getByRole("button", { name: words.upgrade }),
        actions.getByRole("button", { name: words.recreate }),
        actions.getByRole("radio", { name: words.share }),
        dialog.locator("summary", { hasText: words.details }),
      ]) {
        await action.scrollIntoViewIfNeeded();
        await expect(action).toBeInViewport();
        await expect(action).toBeEnabled();
      }
      // Its 1080p version was made, and Extend stays live: from its last frame (decision 0159).
      const extend = actions.getByRole("button", { name: words.extend });
      await extend.scrollIntoViewIfNeeded();
      await expect(extend).toBeInViewport();
      await expect(extend).toBeEnabled();
      expect(await page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth")).toBe(false);
      const box = await dialog.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      await noSeriousAxeFindings(page);
    } finally {
      await context.close();
    }
  });

  test(`a refused prompt reads declined on its card and in its details, in our words (${language})`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ locale: words.locale, viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await signInViaApi(page, username);
      await page.goto("/my-creations");
      const card = page.getByRole("button", { name: `${words.viewDetails}${REFUSED}` });
      await expect(card).toContainText(words.cardTitle);
      await expect(card).toContainText(words.said);
      await expect(card).not.toContainText(words.failed);
      const dialog = await openDetailsOf(page, language, REFUSED);
      const alert = dialog.getByRole("alert");
      await expect(alert).toContainText(words.promptRefused);
      // Our words with a next step, once, and never the provider's own.
      await expect(alert).toContainText(words.said);
      await expect(dialog.getByText(words.said)).toHaveCount(1);
      await expect(dialog).not.toContainText("violating content policies");
      await expect(dialog.getByText(words.refused, { exact: true }).first()).toBeVisible();
      await expect(dialog).not.toContainText(words.failed);
      await noSeriousAxeFindings(page);
    } finally {
      await context.close();
    }
  });
}
