/**
 * The first video's progress and its end (issue 38, decision 0077): a ticking clock and the stage
 * instead of a parked bar, brought into view after Generate; when it is ready a toast, the tab's
 * title while the tab is not looked at, and a browser notification once the person allowed them.
 * A prompt typed before signing in survives the sign-in.
 */
import { expect, test, type Page } from "./fixtures.js";
import { expectToast } from "./helpers.js";
import {
  createFundedUser,
  createVideoPanel,
  latestVideoPanel,
  openMoreOptions,
  PASSWORD,
  signInViaApi,
} from "./video-helpers.js";

/** Records every notification the page makes (the browser shows them too: the permission is granted). */
const RECORD_NOTIFICATIONS = `(() => {
  const Real = window.Notification;
  if (!Real) return;
  window.__notifications = [];
  window.Notification = class extends Real {
    constructor(title, options) {
      window.__notifications.push({ title, body: options && options.body });
      super(title, options);
    }
  };
})();`;

const notifications = (page: Page) => page.evaluate<{ title: string; body: string }[]>("window.__notifications");

/** As if the person switched to another window, or came back to this one. */
async function lookAway(page: Page, away: boolean): Promise<void> {
  // A string, run in the page: the tests are type-checked without the DOM's types.
  await page.evaluate(`document.hasFocus = () => ${!away};${away ? "" : ' window.dispatchEvent(new Event("focus"));'}`);
}

for (const { device, viewport } of [
  { device: "desktop", viewport: { width: 1440, height: 900 } },
  { device: "phone", viewport: { width: 390, height: 844 } },
]) {
  test.describe(`on a ${device} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport });

    test("progress shows the stage and a ticking clock in view; when ready, a toast, the title and a notification", async ({
      page,
      context,
      request,
    }) => {
      test.setTimeout(90_000);
      await context.grantPermissions(["notifications"]);
      await context.addInitScript(RECORD_NOTIFICATIONS);
      const username = await createFundedUser(request, "progress", 10);
      await signInViaApi(page, username);
      await page.goto("/generate");
      await expect(page).toHaveTitle("Generate · Veo Studio");

      // A long form (every option open), scrolled down to its button.
      const form = createVideoPanel(page);
      const prompt = `A lighthouse in a storm at night on a ${device} [sim:slow]`;
      await form.getByLabel("Prompt", { exact: true }).fill(prompt);
      await form.getByRole("button", { name: "Compare models" }).click();
      await openMoreOptions(form);
      const generate = form.getByRole("button", { name: "Generate Video" });
      await generate.scrollIntoViewIfNeeded();
      const latest = latestVideoPanel(page);
      const clock = latest.getByRole("timer", { name: "Elapsed time" });
      await expect(clock).toHaveCount(0);
      await generate.click();

      // The progress comes into view: the stage and a clock that ticks, no bar parked at 65 %.
      await expect(clock).toBeInViewport();
      await expect(latest.getByText(prompt)).toBeInViewport({ ratio: 1 });
      await expect(clock).toHaveText(/^\d+:\d{2}$/);
      const first = await clock.textContent();
      await expect.poll(() => clock.textContent(), { timeout: 10_000 }).not.toBe(first);
      await expect(latest.getByRole("list", { name: "Progress" }).locator("[aria-current=step]")).toHaveText(
        "Generating",
      );
      await expect(latest.getByRole("progressbar")).toHaveCount(0);

      // The person looks elsewhere; the video finishes.
      await lookAway(page, true);
      await expect(latest.locator("video")).toBeVisible({ timeout: 30_000 });
      await expectToast(page, "Your video is ready", prompt);
      await expect(page).toHaveTitle(`✓ Video ready – ${prompt}`);
      await expect.poll(() => notifications(page)).toEqual([{ title: "Video ready", body: prompt }]);

      // Back in the tab: its own title again.
      await lookAway(page, false);
      await expect(page).toHaveTitle("Generate · Veo Studio");
    });
  });
}

test("while the person is looking, a finished video is told by a toast only; the title stays", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  await context.grantPermissions(["notifications"]);
  await context.addInitScript(RECORD_NOTIFICATIONS);
  const username = await createFundedUser(request, "progress", 10);
  await signInViaApi(page, username);
  await page.goto("/generate");
  const form = createVideoPanel(page);
  await form.getByLabel("Prompt", { exact: true }).fill("A paper boat on a rainy street");
  // Ctrl+Enter generates.
  await form.getByLabel("Prompt", { exact: true }).press("Control+Enter");
  await expectToast(page, "Video generation started");
  await expect(latestVideoPanel(page).locator("video")).toBeVisible({ timeout: 30_000 });
  await expectToast(page, "Your video is ready", "A paper boat on a rainy street");
  await expect(page).toHaveTitle("Generate · Veo Studio");
  expect(await notifications(page)).toEqual([]);
});

test("a prompt typed before signing in is there after the sign-in, once", async ({ page, request }) => {
  const username = await createFundedUser(request, "draft", 10);
  await page.goto("/generate");
  const form = createVideoPanel(page);
  const prompt = "A red kite over green hills, wind and birdsong";
  await form.getByLabel("Prompt", { exact: true }).fill(prompt);
  await expect(form.getByText(/Your prompt is kept while you sign in\./)).toBeVisible();
  await form.getByRole("link", { name: "Sign in to Generate" }).click();

  await expect(page).toHaveURL("/login?next=%2Fgenerate");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();

  await expect(page).toHaveURL("/generate");
  await expect(form.getByLabel("Prompt", { exact: true })).toHaveValue(prompt);
  await expect(form.getByRole("button", { name: "Generate Video" })).toBeEnabled();
  // Restored once: a reload starts empty.
  await page.reload();
  await expect(form.getByRole("button", { name: "Generate Video" })).toBeVisible();
  await expect(form.getByLabel("Prompt", { exact: true })).toHaveValue("");
});
