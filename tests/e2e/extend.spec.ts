/**
 * Extending any finished clip (issues 22 and 71, decisions 0050 and 0159): Veo continues a video
 * kept extendable itself; after its 1080p version, and for every Market video, "Extend video"
 * stays live and continues from the last frame, and both parts are joined into one video that the
 * player then shows. The in-app simulator finishes a video 1.5 s after it starts; the server's
 * archiver and joiner (real FFmpeg) run in the background.
 */
import type { Browser, Locator, Page } from "@playwright/test";
import { expectNoSeriousAxeFindings } from "./accessibility.js";
import { expect, test } from "./fixtures.js";
import { expectToast } from "./helpers.js";
import {
  createFundedUser,
  creditsText,
  detailsField,
  generateViaApi,
  openDetails,
  signInViaApi,
  webPrices,
} from "./video-helpers.js";

/** A video finishes, is kept and joined in the background: a few seconds each, more on a busy machine. */
const FINISHED = 30_000;

test("Veo continues a video kept extendable itself; after its 1080p, Extend stays live from the last frame", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { fast, surcharge: extend } = await webPrices(request, "extend");
  const username = await createFundedUser(request, "extend", 20);
  await signInViaApi(page, username);
  const prompt = "A lighthouse on a cliff in a storm, waves crashing";
  const parentId = await generateViaApi(page, { prompt, keepExtendable: true });

  let dialog = await openDetails(page, prompt);
  await expect(detailsField(dialog, "Status")).toHaveText("Completed", { timeout: FINISHED });
  await dialog.getByRole("button", { name: "Extend video" }).click();
  let extendDialog = page.getByRole("dialog", { name: "Extend video" });
  await expect(extendDialog.getByTestId("extend-method")).toHaveText("Veo continues this video itself.");
  await expect(extendDialog.getByLabel("Prompt", { exact: true })).toBeFocused();
  await expect(extendDialog.getByTestId("extend-cost")).toHaveText(creditsText(fast + extend));
  await extendDialog.getByRole("button", { name: "Extend", exact: true }).click();
  await expect(extendDialog.getByText("Prompt is required")).toBeVisible();
  const nextPrompt = "The storm clears and a rainbow rises over the sea";
  await extendDialog.getByLabel("Prompt", { exact: true }).fill(nextPrompt);
  const extendSent = page.waitForRequest(
    (r) => r.url().endsWith(`/api/videos/${parentId}/extend`) && r.method() === "POST",
  );
  await extendDialog.getByRole("button", { name: "Extend", exact: true }).click();
  expect((await extendSent).postDataJSON()).toEqual({ prompt: nextPrompt, keepExtendable: false });
  await expectToast(page, "Extension started");

  dialog = await openDetails(page, nextPrompt);
  await expect(detailsField(dialog, "Status")).toHaveText("Completed", { timeout: FINISHED });
  await dialog.locator("summary", { hasText: "Details" }).click();
  await expect(detailsField(dialog, "Extended from")).toContainText(parentId.slice(-8));
  await expect(dialog.getByTestId("extend-method-made")).toHaveText("Continued by Veo itself");

  // Not kept extendable, its 1080p is made at once: no greyed button, no two paragraphs; Veo3 Fast
  // continues it from its last frame.
  await expect(dialog.getByRole("button", { name: "Download 1080p HD" })).toBeEnabled({ timeout: FINISHED });
  await dialog.getByRole("button", { name: "Extend video" }).click();
  extendDialog = page.getByRole("dialog", { name: "Extend video" });
  await expect(extendDialog.getByTestId("extend-method")).toHaveText(
    "Continues from its last frame with Veo3 Fast; both parts are joined into one video.",
  );
  await expect(dialog.getByText(/Keep extendable before you generate/)).toHaveCount(0);
});

const WORDS = {
  en: {
    locale: "en-US",
    viewDetails: "View details: ",
    details: "Video Details",
    extendVideo: "Extend video",
    extend: "Extend",
    started: "Extension started",
    method: "Continues from its last frame with Kling 2.6; both parts are joined into one video.",
    made: "Continued from its last frame, then joined to it",
    summary: "Details",
  },
  vi: {
    locale: "vi-VN",
    viewDetails: "Xem chi tiết: ",
    details: "Chi tiết video",
    extendVideo: "Kéo dài video",
    extend: "Kéo dài",
    started: "Đã bắt đầu kéo dài video",
    method: "Nối tiếp từ khung hình cuối bằng Kling 2.6; hai phần được ghép thành một video.",
    made: "Nối tiếp từ khung hình cuối, rồi ghép vào video gốc",
    summary: "Chi tiết",
  },
} as const;

/** A finished Kling 2.6 video of the signed-in person, made as the generator makes it. */
async function marketVideo(page: Page, prompt: string): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === "csrf")?.value ?? "";
  const response = await page.request.post("/api/generate-video", {
    data: { prompt, model: "kling26", aspectRatio: "16:9", durationSeconds: 5, imageUrls: [] },
    headers: { "sec-fetch-site": "same-origin", "x-csrf-token": token },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { taskId: string }).taskId;
}

/** Opens the Video Details of the card whose prompt is `prompt`, in the page's language. */
async function detailsOf(page: Page, words: (typeof WORDS)["en" | "vi"], prompt: string): Promise<Locator> {
  await page.goto("/my-creations");
  await page.getByRole("button", { name: `${words.viewDetails}${prompt}` }).click();
  const dialog = page.getByRole("dialog", { name: words.details });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function inContext<T>(
  browser: Browser,
  locale: string,
  viewport: { width: number; height: number },
  run: (page: Page) => Promise<T>,
) {
  const context = await browser.newContext({ locale, viewport });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

for (const language of ["en", "vi"] as const) {
  const words = WORDS[language];
  for (const { device, viewport } of [
    { device: "desktop", viewport: { width: 1440, height: 900 } },
    { device: "phone", viewport: { width: 390, height: 844 } },
  ]) {
    test(`a Market video is extended from its last frame and plays as one joined video (${language}, ${device})`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(150_000);
      const username = await createFundedUser(request, `extmk${language}`, 500);
      await inContext(browser, words.locale, viewport, async (page) => {
        await signInViaApi(page, username);
        const prompt = `A red fox in fresh snow (${language}, ${device})`;
        await marketVideo(page, prompt);

        let dialog = await detailsOf(page, words, prompt);
        const extendButton = dialog.getByRole("button", { name: words.extendVideo });
        await expect(extendButton).toBeEnabled({ timeout: FINISHED });
        await extendButton.scrollIntoViewIfNeeded();
        await extendButton.click();
        const extendDialog = page.getByRole("dialog", { name: words.extendVideo });
        await expect(extendDialog.getByTestId("extend-method")).toHaveText(words.method);
        await expect(extendDialog.getByTestId("extend-cost")).toBeVisible();
        // Its own model continues it: no model to choose; Kling takes no seed.
        await expect(extendDialog.getByRole("combobox")).toHaveCount(0);
        await expectNoSeriousAxeFindings(page);
        const nextPrompt = `The fox runs into the forest (${language}, ${device})`;
        await extendDialog.locator("#extend-prompt").fill(nextPrompt);
        await extendDialog.getByRole("button", { name: words.extend, exact: true }).click();
        await expectToast(page, words.started);
        await expect(extendDialog).toBeHidden();

        // Finished, kept and joined: the player shows the joined video, and the details say how it was made.
        await expect
          .poll(
            async () => {
              const list = await page.request.get("/api/video-tasks?days=1");
              const tasks = ((await list.json()) as { tasks: { prompt: string; joinStatus?: string }[] }).tasks;
              return tasks.find((t) => t.prompt === nextPrompt)?.joinStatus;
            },
            { timeout: 90_000, intervals: [1_000] },
          )
          .toBe("ready");
        dialog = await detailsOf(page, words, nextPrompt);
        const player = dialog.locator("video");
        await expect(player).toHaveAttribute("src", /^\/media\/videos\/[0-9a-f-]{36}\.mp4/);
        // Longer than the clip it continues: both parts are in it.
        await expect
          .poll(() => player.evaluate((v) => (v as unknown as { duration: number }).duration), { timeout: 15_000 })
          .toBeGreaterThan(9);
        await expect(dialog.getByTestId("download-joined")).toHaveAttribute("href", /\.mp4\?download=1$/);
        await dialog.locator("summary", { hasText: words.summary }).click();
        await expect(dialog.getByTestId("extend-method-made")).toHaveText(words.made);
        expect(await page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth")).toBe(false);
        await expectNoSeriousAxeFindings(page);
      });
    });
  }
}
