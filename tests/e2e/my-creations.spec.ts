import { expect, test } from "./fixtures.js";
import { expectToast } from "./helpers.js";
import {
  createFundedUser,
  createVideoPanel,
  detailsField,
  generateViaApi,
  recentVideos,
  setInFlightLimit,
  signInViaApi,
} from "./video-helpers.js";

test("signed out, My Creations asks to sign in", async ({ page }) => {
  await page.goto("/my-creations");
  const main = page.getByRole("main");
  await expect(main.getByText("Sign in to see your creations")).toBeVisible();
  await main.getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/login?next=%2Fmy-creations");
});

test("without videos, My Creations shows the empty state", async ({ page, request }) => {
  const username = await createFundedUser(request, "empty", 0);
  await signInViaApi(page, username);
  await page.goto("/my-creations");
  const main = page.getByRole("main");
  await expect(main.getByText("No videos yet", { exact: true })).toBeVisible();
  await main.getByRole("link", { name: "Create Your First Video" }).click();
  await expect(page).toHaveURL("/generate");
  await expect(createVideoPanel(page)).toBeVisible();
});

test("cards, pagination, live refresh, details and Recreate through /generate", async ({ page, request }) => {
  test.setTimeout(90_000);
  const username = await createFundedUser(request, "gallery", 40);
  await setInFlightLimit(username, 30);
  await signInViaApi(page, username);

  // The oldest video ends up alone on page 2.
  await generateViaApi(page, {
    prompt: "The oldest clip: a paper boat drifting down a rainy street",
    aspectRatio: "9:16",
    seeds: 54321,
    watermark: "Boat",
  });
  for (let i = 1; i <= 20; i++) await generateViaApi(page, { prompt: `Batch clip number ${i}` });

  await page.goto("/my-creations");
  const main = page.getByRole("main");
  const cards = main.getByRole("button", { name: /^View details:/ });
  await expect(main.getByText("21 videos")).toBeVisible();
  await expect(main.getByText("Page 1 of 2")).toBeVisible();
  await expect(cards).toHaveCount(20);
  await expect(cards.first()).toContainText("Batch clip number 20");
  await expect(cards.first()).toContainText("Veo3 Fast");

  const pages = main.getByRole("navigation", { name: "Video pages" });
  await expect(pages.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await expect(pages.getByRole("button", { name: "Previous page" })).toBeDisabled();
  await pages.getByRole("button", { name: "Next page" }).click();
  await expect(page).toHaveURL("/my-creations?page=2");
  await expect(main.getByText("Page 2 of 2")).toBeVisible();
  await expect(cards).toHaveCount(1);
  const oldest = main.getByRole("button", { name: /^View details: The oldest clip/ });
  await expect(oldest).toBeVisible();

  // The gallery refreshes by itself: a new video moves one card onto page 2.
  await generateViaApi(page, { prompt: "Batch clip number 21" });
  await expect(main.getByText("22 videos")).toBeVisible({ timeout: 10_000 });
  await expect(cards).toHaveCount(2);
  await expect(oldest.getByText("Completed")).toBeVisible({ timeout: 20_000 });

  // The details dialog.
  await oldest.click();
  const dialog = page.getByRole("dialog", { name: "Video Details" });
  await expect(dialog.locator("video")).toHaveAttribute("src", /\.mp4$/);
  await expect(dialog.getByText("The oldest clip: a paper boat drifting down a rainy street")).toBeVisible();
  const field = (term: string) => detailsField(dialog, term);
  await expect(field("Aspect ratio")).toHaveText("9:16");
  await expect(field("Seed")).toHaveText("54321");
  await expect(field("Video quality")).toHaveText(/^(720p \(Processing HD\.\.\.\)|1080p HD)$/);
  await expect(field("Mode")).toHaveText("Text");
  await expect(field("Created via")).toHaveText("Web");
  // The timeline is folded under "Details" with the rest of the metadata (decision 0082).
  const timeline = dialog.getByRole("list", { name: "Status timeline" });
  await expect(timeline).toBeHidden();
  await dialog.locator("summary", { hasText: "Details" }).click();
  await expect(timeline.getByRole("listitem")).toHaveCount(3);
  await expect(timeline).toContainText("Created");
  await expect(timeline).toContainText("Generating");
  await expect(timeline).toContainText("Completed");
  // 9:16 gets a 1080p version too.
  await expect(dialog.getByRole("button", { name: /^(Processing 1080p\.\.\.|Download 1080p HD)$/ })).toBeVisible();

  // Recreate: the generator opens with the video's settings, once.
  await dialog.getByRole("button", { name: "Recreate Video" }).click();
  await expect(page).toHaveURL("/generate");
  await expectToast(page, "Form populated");
  const form = createVideoPanel(page);
  await expect(form.getByLabel("Prompt", { exact: true })).toHaveValue(
    "The oldest clip: a paper boat drifting down a rainy street",
  );
  await expect(form.getByRole("radio", { name: "Text" })).toHaveAttribute("aria-checked", "true");
  await expect(form.getByRole("combobox", { name: "Model" })).toHaveText("Veo3 Fast");
  await expect(form.getByRole("combobox", { name: "Aspect ratio" })).toHaveText("9:16");
  await expect(form.getByLabel("Seed", { exact: true })).toHaveValue("54321");
  await expect(form.getByLabel("Watermark")).toHaveValue("Boat");
  expect(await page.evaluate("window.sessionStorage.getItem('recreateVideo')")).toBeNull();

  // The generator lists 16 of them and links to the rest.
  await expect(recentVideos(page).getByRole("button", { name: /^View details:/ })).toHaveCount(16);
  await recentVideos(page).getByRole("link", { name: "View All My Videos" }).click();
  await expect(page).toHaveURL("/my-creations");
  await expect(cards).toHaveCount(20);

  // A reload of /generate does not prefill again.
  await page.goto("/generate");
  await expect(createVideoPanel(page).getByLabel("Prompt", { exact: true })).toHaveValue("");
});
