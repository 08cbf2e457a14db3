/**
 * Extending videos (issue 22, decision 0050): a video made with 'Keep extendable' holds its 1080p
 * version and offers 'Extend video'; the extension is a new video in the lists, 'Extended from' its
 * source; 'Make 1080p (ends extending)' releases the 1080p version and extending ends. The in-app
 * simulator finishes a video 1.5 s after it starts and its 1080p 2.5 s after it is asked for.
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

/** The video, the worker's next 1080p check (10 s after the release) and the live event. */
const HD_READY_TIMEOUT = 30_000;
const HELD_NOTE = "1080p is held so you can extend this video.";
const NOT_EXTENDABLE_REASON =
  "Extend is off because this video's 1080p version was made (or is being made): a video can be extended only before that.";
/** What to do next time, beside the reason (issue 38). */
const NEXT_TIME = /^To extend a future video, open More options and tick Keep extendable before you generate/;

/** Counts the 1080p requests the page sends (the automatic HD check must not ask for a held 1080p). */
function countHdRequests(page: Page): { count: () => number } {
  let n = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/api/force-update-hd/")) n += 1;
  });
  return { count: () => n };
}

test("keep extendable, extend with a new prompt, then make the extension's 1080p: extending ends", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { fast, surcharge: extend } = await webPrices(request, "extend");
  const username = await createFundedUser(request, "extend", 10);
  await signInViaApi(page, username);
  const hdRequests = countHdRequests(page);

  // The generator's 'Keep extendable' goes with the request and resets after it.
  await page.goto("/generate");
  const form = createVideoPanel(page);
  await openMoreOptions(form);
  const keep = form.getByRole("checkbox", { name: "Keep extendable (1080p when you ask for it)" });
  await expect(keep).not.toBeChecked();
  const prompt = "A lighthouse on a cliff in a storm, waves crashing";
  await form.getByLabel("Prompt", { exact: true }).fill(prompt);
  await keep.check();
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/generate-video") && r.method() === "POST");
  const answered = page.waitForResponse(
    (r) => r.url().endsWith("/api/generate-video") && r.request().method() === "POST",
  );
  await form.getByRole("button", { name: "Generate Video" }).click();
  expect((await sent).postDataJSON()).toMatchObject({ keepExtendable: true });
  const parentId = ((await (await answered).json()) as { taskId: string }).taskId;
  await expectToast(page, "Video generation started");
  await expect(keep).not.toBeChecked();

  // Finished: the 1080p is held, 'Extend video' is offered, and nothing asks for the 1080p.
  await latestVideoPanel(page).getByRole("button", { name: "Details" }).click();
  let dialog = page.getByRole("dialog", { name: "Video Details" });
  await expect(detailsField(dialog, "Status")).toHaveText("Completed", { timeout: 15_000 });
  await expect(dialog.getByText(HELD_NOTE)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Make 1080p (ends extending)" })).toBeEnabled();
  await expect(dialog.getByRole("button", { name: "Processing 1080p..." })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Download 1080p HD" })).toHaveCount(0);
  await expect(dialog.getByText(NOT_EXTENDABLE_REASON)).toHaveCount(0);
  await expect(detailsField(dialog, "Extended from")).toHaveCount(0);
  expect(hdRequests.count()).toBe(0);

  // The extend dialog: the prompt is required, the cost is the model's price plus the surcharge.
  await dialog.getByRole("button", { name: "Extend video" }).click();
  const extendDialog = page.getByRole("dialog", { name: "Extend video" });
  // Typing waits for the dialog's focus (on its prompt): before that, the details dialog keeps the focus.
  await expect(extendDialog.getByLabel("Prompt", { exact: true })).toBeFocused();
  await expect(extendDialog.getByTestId("extend-cost")).toHaveText(creditsText(fast + extend));
  await extendDialog.getByRole("button", { name: "Extend", exact: true }).click();
  await expect(extendDialog.getByText("Prompt is required")).toBeVisible();
  const nextPrompt = "The storm clears and a rainbow rises over the sea";
  await extendDialog.getByLabel("Prompt", { exact: true }).fill(nextPrompt);
  await extendDialog.getByRole("checkbox", { name: "Keep extendable" }).check();
  const extendSent = page.waitForRequest(
    (r) => r.url().endsWith(`/api/videos/${parentId}/extend`) && r.method() === "POST",
  );
  await extendDialog.getByRole("button", { name: "Extend", exact: true }).click();
  const extendRequest = await extendSent;
  expect(extendRequest.postDataJSON()).toEqual({ prompt: nextPrompt, keepExtendable: true });
  expect(extendRequest.headers()["idempotency-key"]).toMatch(/^[0-9a-f]{32}$/);

  const remaining = 10 - 2 * fast - extend;
  await expectToast(
    page,
    "Extension started",
    `Your video is being extended. ${creditsText(fast + extend)} used. ${creditsText(remaining)} remaining.`,
  );
  await expect(extendDialog).toBeHidden();
  await expect(dialog).toBeHidden();
  await expect(creditsBadge(page, remaining)).toBeVisible();
  // The generator follows the extension as its latest video.
  await expect(latestVideoPanel(page).getByText(nextPrompt)).toBeVisible();

  // In the gallery: a video of its own, 'Extended from' its source, finished and held in turn.
  dialog = await openDetails(page, nextPrompt);
  await expect(detailsField(dialog, "Status")).toHaveText("Completed", { timeout: 15_000 });
  await expect(detailsField(dialog, "Extended from")).toHaveText(parentId.slice(-8));
  await expect(detailsField(dialog, "Model")).toHaveText("Veo3 Fast");
  await expect(dialog.getByText(HELD_NOTE)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Extend video" })).toBeEnabled();
  expect(hdRequests.count()).toBe(0);

  // 'Make 1080p (ends extending)': the 1080p is made, extending is over.
  await dialog.getByRole("button", { name: "Make 1080p (ends extending)" }).click();
  await expectToast(page, "Making 1080p");
  await expect(dialog.getByRole("button", { name: "Make 1080p (ends extending)" })).toHaveCount(0);
  await expect(dialog.getByText(HELD_NOTE)).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Extend video" })).toBeDisabled();
  await expect(dialog.getByText(NOT_EXTENDABLE_REASON)).toBeVisible();
  const download1080 = dialog.getByRole("button", { name: "Download 1080p HD" });
  await expect(download1080).toBeEnabled({ timeout: HD_READY_TIMEOUT });
  await expect(detailsField(dialog, "Video quality")).toHaveText("1080p HD");
  await expect(dialog.getByRole("button", { name: "Extend video" })).toBeDisabled();
  const [file] = await Promise.all([page.waitForEvent("download"), download1080.click()]);
  expect((await file.failure()) ?? "ok").toBe("ok");

  // The cards: the extension wears 'Extended', its source does not; the source is still extendable.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole("button", { name: `View details: ${nextPrompt}` }).getByText("Extended", { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole("button", { name: `View details: ${prompt}` }).getByText("Extended", { exact: true }),
  ).toHaveCount(0);
  dialog = await openDetails(page, prompt);
  await expect(dialog.getByRole("button", { name: "Extend video" })).toBeEnabled();
});

test("extending: a video without 'Keep extendable' cannot be; too few credits goes to pricing; Recreate leaves the box unticked", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { fast, surcharge: extend } = await webPrices(request, "extend");
  const username = await createFundedUser(request, "extendno", 10);
  await signInViaApi(page, username);
  const plain = "A windmill turning in a tulip field";
  const held = "A snow globe on a windowsill, snow falling";
  await generateViaApi(page, { prompt: plain });
  await generateViaApi(page, { prompt: held, keepExtendable: true });

  // Its 1080p is being made (or ready): the button stays, disabled, with the reason.
  let dialog = await openDetails(page, plain);
  await expect(detailsField(dialog, "Status")).toHaveText("Completed", { timeout: 15_000 });
  await expect(dialog.getByRole("button", { name: "Extend video" })).toBeDisabled();
  await expect(dialog.getByText(NOT_EXTENDABLE_REASON)).toBeVisible();
  await expect(dialog.getByText(NEXT_TIME)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Extend video" })).toHaveAccessibleDescription(
    new RegExp(`^${NOT_EXTENDABLE_REASON.replace(/[().]/g, "\\$&")} To extend a future video`),
  );
  await expect(dialog.getByRole("button", { name: "Make 1080p (ends extending)" })).toHaveCount(0);

  // Too few credits: the generator's 'Insufficient credits', then the pricing page.
  dialog = await openDetails(page, held);
  await expect(detailsField(dialog, "Status")).toHaveText("Completed", { timeout: 15_000 });
  await dialog.getByRole("button", { name: "Extend video" }).click();
  const extendDialog = page.getByRole("dialog", { name: "Extend video" });
  await expect(extendDialog.getByLabel("Prompt", { exact: true })).toBeFocused();
  await extendDialog.getByLabel("Prompt", { exact: true }).fill("The globe shakes and the snow swirls");
  await setCredits(username, fast + extend - 1);
  await extendDialog.getByRole("button", { name: "Extend", exact: true }).click();
  await expectToast(page, "Insufficient credits");
  await expect(page).toHaveURL("/pricing");

  // Recreate brings the settings back, not 'Keep extendable'.
  dialog = await openDetails(page, held);
  await dialog.getByRole("button", { name: "Recreate Video" }).click();
  await expect(page).toHaveURL("/generate");
  const form = createVideoPanel(page);
  await expect(form.getByLabel("Prompt", { exact: true })).toHaveValue(held);
  await openMoreOptions(form);
  await expect(form.getByRole("checkbox", { name: "Keep extendable (1080p when you ask for it)" })).not.toBeChecked();
});
