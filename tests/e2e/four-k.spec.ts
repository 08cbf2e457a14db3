/**
 * 4K versions (issue 22, decision 0049): upgrade a finished video from its details, follow it to
 * 'Download 4K'; ask for it with a new video in the generator; a 4K version the provider cannot
 * make is refunded. The in-app simulator makes a 4K version about 8 s after it is asked for.
 */
import { expect, test, type Page } from "./fixtures.js";
import { expectToast } from "./helpers.js";
import {
  createFundedUser,
  createVideoPanel,
  openMoreOptions,
  creditsBadge,
  creditsText,
  detailsField,
  generateViaApi,
  latestVideoPanel,
  openDetails,
  setCredits,
  signInViaApi,
  webPrices,
} from "./video-helpers.js";

/** The simulator's 4K delay (8 s) plus the callback, the worker and the live event. */
const UHD_READY_TIMEOUT = 30_000;

async function closeDialog(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Video Details" });
  // An open toast is the top layer and takes the first Escape.
  await expect(async () => {
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
}

test("upgrade a finished video to 4K from its details: charged, 'Processing 4K...', then 'Download 4K'", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { fast, surcharge: fourK } = await webPrices(request, "4k");
  const username = await createFundedUser(request, "uhd", 10);
  await signInViaApi(page, username);
  const prompt = "A hot air balloon over a canyon at sunrise";
  await generateViaApi(page, { prompt });

  const dialog = await openDetails(page, prompt);
  const upgrade = dialog.getByRole("button", { name: `Upgrade to 4K (${creditsText(fourK)})` });
  // Offered once the video has finished (it follows the task list, kept current live).
  await expect(upgrade).toBeEnabled({ timeout: 15_000 });
  await expect(detailsField(dialog, "Status")).toHaveText("Completed");
  await upgrade.click();

  const remaining = 10 - fast - fourK;
  await expectToast(
    page,
    "4K upgrade started",
    `The 4K version takes 5-10 minutes. ${creditsText(fourK)} used. ${creditsText(remaining)} remaining.`,
  );
  await expect(upgrade).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Processing 4K..." })).toBeDisabled();
  await expect(dialog.getByText("The 4K version takes 5-10 minutes.")).toBeVisible();

  // The simulator's 4K file arrives and the dialog follows.
  const download4k = dialog.getByRole("button", { name: "Download 4K" });
  await expect(download4k).toBeEnabled({ timeout: UHD_READY_TIMEOUT });
  await expect(dialog.getByRole("button", { name: "Processing 4K..." })).toHaveCount(0);
  await expect(detailsField(dialog, "Video quality")).toHaveText("4K");
  const [file] = await Promise.all([page.waitForEvent("download"), download4k.click()]);
  expect(file.suggestedFilename()).toMatch(/-4k\.mp4$/i);
  expect((await file.failure()) ?? "ok").toBe("ok");

  // The balance dropped by the surcharge; the card wears the 4K badge.
  await closeDialog(page);
  await expect(creditsBadge(page, remaining)).toBeVisible();
  const card = page.getByRole("button", { name: `View details: ${prompt}` });
  await expect(card.getByText("4K", { exact: true })).toBeVisible();
  await expect(card.getByText("HD", { exact: true })).toHaveCount(0);
});

test("the generator's 4K checkbox adds the surcharge to the cost and to the request, and stays after it", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { fast, surcharge: fourK } = await webPrices(request, "4k");
  const username = await createFundedUser(request, "uhdgen", fast + fourK - 1);
  await signInViaApi(page, username);
  await page.goto("/generate");
  const form = createVideoPanel(page);
  await openMoreOptions(form);
  const checkbox = form.getByRole("checkbox", { name: `Also make a 4K version (+${creditsText(fourK)})` });
  const submit = form.getByRole("button", { name: "Generate Video" });

  await expect(checkbox).not.toBeChecked();
  await expect(form.getByTestId("generation-cost")).toHaveText(creditsText(fast));
  await checkbox.check();
  await expect(form.getByTestId("generation-cost")).toHaveText(creditsText(fast + fourK));
  // One credit short of the video with its 4K version.
  await expect(form.getByRole("note")).toContainText(`needs ${creditsText(fast + fourK)}`);
  await expect(submit).toBeDisabled();
  await checkbox.uncheck();
  await expect(submit).toBeEnabled();
  await expect(form.getByRole("note")).toHaveCount(0);

  // Enough credits now (the balance is read again on reload).
  await setCredits(username, 10);
  await page.reload();
  await expect(form.getByTestId("user-credits")).toHaveText("10");
  await form.getByLabel("Prompt", { exact: true }).fill("A paper boat on a rainy street, macro lens");
  await openMoreOptions(form);
  await checkbox.check();
  await expect(form.getByTestId("generation-cost")).toHaveText(creditsText(fast + fourK));
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/generate-video") && r.method() === "POST");
  await submit.click();
  expect((await sent).postDataJSON()).toMatchObject({ model: "veo3_fast", upgrade4k: true });
  const remaining = 10 - fast - fourK;
  await expectToast(
    page,
    "Video generation started",
    `Your video is being generated. ${creditsText(fast + fourK)} used. ${creditsText(remaining)} remaining.`,
  );
  await expect(creditsBadge(page, remaining)).toBeVisible();
  // The choices stay for the next try (issue 71 §2), 4K included, priced with its surcharge.
  await expect(checkbox).toBeChecked();
  await expect(form.getByTestId("generation-cost")).toHaveText(creditsText(fast + fourK));

  // The details show the 4K version waiting for the video, then being made, then ready.
  const latest = latestVideoPanel(page);
  await latest.getByRole("button", { name: "Details" }).click();
  const dialog = page.getByRole("dialog", { name: "Video Details" });
  await expect(dialog.getByRole("button", { name: "Processing 4K..." })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: /^Upgrade to 4K/ })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Download 4K" })).toBeEnabled({ timeout: UHD_READY_TIMEOUT });

  // Recreate brings the video's settings back, but not the 4K checkbox.
  await dialog.getByRole("button", { name: "Recreate Video" }).click();
  await expect(dialog).toBeHidden();
  await expect(form.getByLabel("Prompt", { exact: true })).toHaveValue("A paper boat on a rainy street, macro lens");
  await expect(checkbox).not.toBeChecked();
  await expect(form.getByTestId("generation-cost")).toHaveText(creditsText(fast));
});

test("4K refusals: too few credits goes to pricing; a version the provider cannot make is refunded", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { surcharge: fourK } = await webPrices(request, "4k");
  const username = await createFundedUser(request, "uhdfail", 10);
  await signInViaApi(page, username);
  const prompt = "A red kite over the dunes [sim:no-4k]";
  await generateViaApi(page, { prompt });

  // Too few credits: the generator's 'Insufficient credits', then the pricing page.
  let dialog = await openDetails(page, "A red kite over the dunes");
  let upgrade = dialog.getByRole("button", { name: `Upgrade to 4K (${creditsText(fourK)})` });
  await expect(upgrade).toBeEnabled({ timeout: 15_000 });
  await setCredits(username, fourK - 1);
  await upgrade.click();
  await expectToast(
    page,
    "Insufficient credits",
    `You need ${creditsText(fourK)} for the 4K version. You have ${creditsText(fourK - 1)}.`,
  );
  await expect(page).toHaveURL("/pricing");

  await setCredits(username, 10);
  dialog = await openDetails(page, "A red kite over the dunes");
  upgrade = dialog.getByRole("button", { name: `Upgrade to 4K (${creditsText(fourK)})` });
  await upgrade.click();
  await expectToast(page, "4K upgrade started");
  await expect(dialog.getByRole("button", { name: "Processing 4K..." })).toBeDisabled();

  await expect(dialog.getByRole("button", { name: "4K not available" })).toBeDisabled({ timeout: UHD_READY_TIMEOUT });
  await expect(dialog.getByTestId("uhd-error")).toHaveText(
    "The 4K version of this video is unavailable. Please try a different video. Your credits were refunded.",
  );
  await expect(dialog.getByRole("button", { name: /^Upgrade to 4K/ })).toHaveCount(0);
  await closeDialog(page);
  await expect(creditsBadge(page, 10)).toBeVisible();
});
