/**
 * The generator sends an Idempotency-Key per request (decision 0046): when the answer to a click
 * is lost on the way back, sending it again does not make a second video or charge twice.
 */
import { expect, test } from "./fixtures.js";
import { expectToast, toasts } from "./helpers.js";
import { createFundedUser, createVideoPanel, creditsBadge, signInViaApi } from "./video-helpers.js";

test("a click whose answer was lost, sent again, makes one video and charges once", async ({ page, request }) => {
  const username = await createFundedUser(request, "once", 5);
  await signInViaApi(page, username);
  await page.goto("/generate");
  const form = createVideoPanel(page);
  await expect(creditsBadge(page, 5)).toBeVisible();

  // The first answer reaches the server and is lost on the way back.
  const keys: string[] = [];
  let lose = true;
  await page.route("**/api/generate-video", async (route) => {
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    // Chromium adds Sec-Fetch-Site after the point where Playwright intercepts, so the request sent
    // again from here names it as the browser would: the web price asks for it (decision 0065).
    const response = await route.fetch({ headers: { ...route.request().headers(), "sec-fetch-site": "same-origin" } });
    if (lose) {
      lose = false;
      return route.abort("connectionreset");
    }
    return route.fulfill({ response });
  });
  // Slow videos ([sim:slow], 7.5 s here): a finished video's toast would replace the one under test
  // (one toast at a time), and on a busy machine the first video can finish before it is read.
  await form.getByLabel("Prompt", { exact: true }).fill("A hot air balloon at sunrise over the hills [sim:slow]");
  await form.getByRole("button", { name: "Generate Video" }).click();
  await expectToast(page, "Generation failed");
  await form.getByRole("button", { name: "Generate Video" }).click();
  await expectToast(
    page,
    "Video generation started",
    "Your video is being generated. 1 credit used. 4 credits remaining.",
  );

  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  const list = (await (await page.request.get("/api/video-tasks?page=1&limit=10")).json()) as { total: number };
  expect(list.total).toBe(1);
  await expect(creditsBadge(page, 4)).toBeVisible();

  // A new request (after that one was answered) gets a new key. First the video above finishes, so
  // that its toast cannot take the place of the next one's.
  await expect(toasts(page).getByText("Your video is ready", { exact: true })).toBeVisible({ timeout: 30_000 });
  await form.getByLabel("Prompt", { exact: true }).fill("A second, different video [sim:slow]");
  await form.getByRole("button", { name: "Generate Video" }).click();
  await expectToast(
    page,
    "Video generation started",
    "Your video is being generated. 1 credit used. 3 credits remaining.",
  );
  expect(keys).toHaveLength(3);
  expect(keys[2]).not.toBe(keys[0]);
});
