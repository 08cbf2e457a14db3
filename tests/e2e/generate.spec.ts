import { expect, test, type Page } from "./fixtures.js";
import { expectNoSeriousAxeFindings } from "./accessibility.js";
import { expectToast, header } from "./helpers.js";
import {
  chooseOption,
  createFundedUser,
  detailsField,
  createVideoPanel,
  creditsBadge,
  generateViaApi,
  latestVideoPanel,
  makePng,
  openMoreOptions,
  recentVideos,
  signInViaApi,
} from "./video-helpers.js";

/** The provider's link (the simulator's) until the archive job has copied the file, then our own (decision 0043). */
const CLIP_URL = /(\/simulator\/kie\/files\/.+|^\/media\/videos\/[0-9a-f-]{36})\.mp4(\?.*)?$/;

/** After Generate the form keeps what was sent, to tweak and generate again (issue 71 §2). */
async function expectFormKept(
  page: Page,
  kept: { mode: string; prompt: string; model: string; aspectRatio: string; watermark: string; seed: string },
): Promise<void> {
  const form = createVideoPanel(page);
  await expect(form.getByRole("radio", { name: kept.mode })).toHaveAttribute("aria-checked", "true");
  await expect(form.getByLabel("Prompt", { exact: true })).toHaveValue(kept.prompt);
  await expect(form.getByRole("combobox", { name: "Model" })).toHaveText(kept.model);
  await expect(form.getByRole("combobox", { name: "Aspect ratio" })).toHaveText(kept.aspectRatio);
  await openMoreOptions(form);
  await expect(form.getByLabel("Watermark")).toHaveValue(kept.watermark);
  await expect(form.getByLabel("Seed", { exact: true })).toHaveValue(kept.seed);
}

test("a text video: progress, playable result, credits, details, 720p download and 1080p", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const username = await createFundedUser(request, "gen", 10);
  await signInViaApi(page, username);
  await page.goto("/generate");

  const form = createVideoPanel(page);
  const latest = latestVideoPanel(page);
  await expect(creditsBadge(page, 10)).toBeVisible();
  await expect(form.getByTestId("user-credits")).toHaveText("10");
  await expect(form.getByTestId("generation-cost")).toHaveText("1 credit");
  await expect(latest.getByText("No videos yet. Generate your first video!")).toBeVisible();
  await expect(recentVideos(page)).toBeVisible();

  // The prompt is required, checked before anything is sent.
  await form.getByRole("button", { name: "Generate Video" }).click();
  await expect(form.getByText("Prompt is required")).toBeVisible();
  await expect(form.getByLabel("Prompt", { exact: true })).toHaveAttribute("aria-invalid", "true");

  // [sim:slow] keeps the video generating for a few seconds, long enough to see the progress.
  const prompt = "A lighthouse in a storm at night, waves crashing [sim:slow]";
  await form.getByLabel("Prompt", { exact: true }).fill(prompt);
  await openMoreOptions(form);
  await form.getByLabel("Watermark").fill("E2E Studio");
  await form.getByLabel("Seed", { exact: true }).fill("123");
  await form.getByRole("button", { name: "Generate Video" }).click();
  await expect(form.getByText("Seed must be a whole number between 10000 and 99999")).toBeVisible();
  await form.getByLabel("Seed", { exact: true }).fill("12345");
  await form.getByRole("button", { name: "Generate Video" }).click();

  await expectToast(
    page,
    "Video generation started",
    "Your video is being generated. 1 credit used. 9 credits remaining.",
  );
  await expectFormKept(page, {
    mode: "Text",
    prompt,
    model: "Veo3 Fast",
    aspectRatio: "16:9",
    watermark: "E2E Studio",
    seed: "12345",
  });
  await expect(creditsBadge(page, 9)).toBeVisible();
  await expect(form.getByTestId("user-credits")).toHaveText("9");

  // Generating: the stage and the time it has taken so far (generate-progress.spec.ts follows them).
  await expect(latest.getByRole("list", { name: "Progress" }).locator("[aria-current=step]")).toHaveText("Generating");
  await expect(latest.getByRole("timer", { name: "Elapsed time" })).toHaveText(/^\d+:\d{2}$/);
  await expect(latest.getByText(prompt)).toBeVisible();
  await expect(latest.locator("dd").getByText("Generating", { exact: true })).toBeVisible();

  // Then the playable video.
  const video = latest.locator("video");
  await expect(video).toHaveAttribute("src", CLIP_URL, { timeout: 30_000 });
  await expect(video).toHaveAttribute("controls", "");
  await expect(latest.getByText("Completed", { exact: true })).toBeVisible();
  await expect(latest.getByRole("button", { name: "Download" })).toBeEnabled();
  await expect(creditsBadge(page, 9)).toBeVisible();

  // Recent Videos: the card with its badges, model, status and date; Refresh.
  const card = recentVideos(page).getByRole("button", { name: /^View details: A lighthouse in a storm/ });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Veo3 Fast");
  await expect(card).toContainText("Completed");
  await expect(card).toContainText(/\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2} (AM|PM)/);
  await expect(card.locator("video")).toHaveAttribute("preload", "metadata");
  await recentVideos(page).getByRole("button", { name: "Refresh" }).click();
  await expectToast(page, "Refreshed");

  // Details.
  await card.click();
  const dialog = page.getByRole("dialog", { name: "Video Details" });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("video")).toHaveAttribute("src", CLIP_URL);
  await expect(dialog.getByText(prompt)).toBeVisible();
  const field = (term: string) => detailsField(dialog, term);
  await expect(field("Model")).toHaveText("Veo3 Fast");
  await expect(field("Aspect ratio")).toHaveText("16:9");
  await expect(field("Credits used")).toHaveText("1");
  await expect(field("Created via")).toHaveText("Web");
  await expect(field("Seed")).toHaveText("12345");
  await expect(field("Watermark")).toHaveText("E2E Studio");
  await expect(field("Status")).toHaveText("Completed");
  await expect(field("Task ID")).toHaveText(/^sim_/);
  // The times are the status timeline's, folded with the rest under "Details" (decision 0082).
  const timeline = dialog.getByRole("list", { name: "Status timeline" });
  await expect(timeline).toBeHidden();
  await dialog.locator("summary", { hasText: "Details" }).click();
  await expect(timeline).toBeVisible();
  await expect(timeline.getByRole("listitem").filter({ hasText: "Created" })).toContainText(/\d{1,2}\/\d{1,2}\/\d{4}/);
  await expect(timeline.getByRole("listitem").filter({ hasText: "Completed" })).toContainText(
    /\d{1,2}\/\d{1,2}\/\d{4}/,
  );

  // Download 720p: a real file through the attachment endpoint.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "Download 720p" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^veo-veo3-fast-[0-9a-f]{8}-720p\.mp4$/);
  expect((await download.failure()) ?? "ok").toBe("ok");

  // 16:9: the 1080p version arrives (opening the dialog checks once; 'Check HD Status' again).
  const hdButton = dialog.getByRole("button", { name: "Download 1080p HD" });
  await expect(async () => {
    if (await hdButton.isVisible()) return;
    await expect(dialog.getByRole("button", { name: "Processing 1080p..." })).toBeDisabled();
    await expect(
      dialog.getByText("1080p HD will be available in the next 2-3 minutes or possibly longer."),
    ).toBeVisible();
    await dialog.getByRole("button", { name: "Check HD Status" }).click();
    await expect(hdButton).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(hdButton).toBeEnabled();
  await expect(field("Video quality")).toHaveText("1080p HD");
  const [hdDownload] = await Promise.all([page.waitForEvent("download"), hdButton.click()]);
  expect(hdDownload.suggestedFilename()).toMatch(/-1080p\.mp4$/);

  // Closing gives the focus back to the card; the card now has the HD badge. (An open toast is
  // the top layer and takes the first Escape, as in any Radix app.)
  await expect(async () => {
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(card).toBeFocused();
  await expect(card.getByText("HD", { exact: true })).toBeVisible({ timeout: 10_000 });
});

test("image mode: upload a first frame, generate a 9:16 Quality video, recreate it from the details", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const username = await createFundedUser(request, "img", 10);
  await signInViaApi(page, username);
  await page.goto("/generate");
  const form = createVideoPanel(page);

  await form.getByRole("radio", { name: "Image" }).click();
  await expect(form.getByText("JPG, PNG up to 10MB")).toBeVisible();
  await form.getByLabel("Prompt", { exact: true }).fill("The sunset in this picture slowly turns into a starry night");
  await form.getByRole("button", { name: "Generate Video" }).click();
  await expect(form.getByText("Image mode needs at least 1 image")).toBeVisible();

  const upload = { name: "reference.png", mimeType: "image/png", buffer: makePng(64, 36) };
  await form.getByLabel("First frame").setInputFiles(upload);
  await expectToast(page, "Image uploaded successfully");
  const preview = form.getByRole("img", { name: "First frame preview" });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute("src", /\/uploads\/[^/]+\.png$/);
  await expect(form.getByText("Image mode needs at least 1 image")).toHaveCount(0);

  await form.getByRole("button", { name: "Remove First frame" }).click();
  await expectToast(page, "Image removed");
  await expect(preview).toHaveCount(0);
  await form.getByLabel("First frame").setInputFiles(upload);
  await expect(preview).toBeVisible();

  // Not an image: the server's message.
  await form.getByRole("button", { name: "Remove First frame" }).click();
  await form
    .getByLabel("First frame")
    .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
  await expectToast(page, "Upload failed", "Only JPG, PNG or WebP images can be used.");
  await form.getByLabel("First frame").setInputFiles(upload);
  await expect(preview).toBeVisible();

  await chooseOption(page, "Model", "Veo3 (Quality)");
  await chooseOption(page, "Aspect ratio", "9:16");
  await expect(form.getByTestId("generation-cost")).toHaveText("5 credits");
  await form.getByRole("button", { name: "Generate Video" }).click();
  await expectToast(
    page,
    "Video generation started",
    "Your video is being generated. 5 credits used. 5 credits remaining.",
  );
  await expectFormKept(page, {
    mode: "Image",
    prompt: "The sunset in this picture slowly turns into a starry night",
    model: "Veo3 (Quality)",
    aspectRatio: "9:16",
    watermark: "",
    seed: "",
  });
  await expect(preview).toBeVisible();
  // Something else typed since, so Recreate below has to put the prompt back.
  await form.getByLabel("Prompt", { exact: true }).fill("Something else");

  const latest = latestVideoPanel(page);
  await expect(latest.locator("video")).toHaveAttribute("src", CLIP_URL, { timeout: 30_000 });
  await expect(latest.getByText("Veo3 (Quality)")).toBeVisible();
  await expect(latest.getByText("9:16")).toBeVisible();

  await latest.getByRole("button", { name: "Details" }).click();
  const dialog = page.getByRole("dialog", { name: "Video Details" });
  await expect(dialog.getByRole("img", { name: "First frame of this video" })).toHaveAttribute("src", /\/uploads\//);
  await expect(detailsField(dialog, "Mode")).toHaveText("Image");
  await expect(dialog.getByRole("button", { name: "Download 720p" })).toBeEnabled();
  // 9:16 gets its 1080p version too.
  await expect(dialog.getByRole("button", { name: /^(Processing 1080p\.\.\.|Download 1080p HD)$/ })).toBeVisible();

  // Recreate: the form gets the task's settings and its first frame, in Image mode.
  await dialog.getByRole("button", { name: "Recreate Video" }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, "Form populated");
  await expect(form.getByRole("radio", { name: "Image" })).toHaveAttribute("aria-checked", "true");
  await expect(form.getByLabel("Prompt", { exact: true })).toHaveValue(
    "The sunset in this picture slowly turns into a starry night",
  );
  await expect(form.getByLabel("Prompt", { exact: true })).toBeFocused();
  await expect(form.getByRole("combobox", { name: "Model" })).toHaveText("Veo3 (Quality)");
  await expect(form.getByRole("combobox", { name: "Aspect ratio" })).toHaveText("9:16");
  await expect(preview).toHaveAttribute("src", /\/uploads\/[^/]+\.png$/);
});

test("a failed video says it could not be made and gives the credits back; a declined prompt says why, in en and vi", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const username = await createFundedUser(request, "fail", 3);
  await signInViaApi(page, username);
  await page.goto("/generate");
  const form = createVideoPanel(page);
  const latest = latestVideoPanel(page);
  await expect(creditsBadge(page, 3)).toBeVisible();

  await form.getByLabel("Prompt", { exact: true }).fill("A dragon above the mountains [sim:fail]");
  await form.getByRole("button", { name: "Generate Video" }).click();
  await expect(creditsBadge(page, 2)).toBeVisible();
  await expect(latest.getByText("Video could not be made", { exact: true })).toBeVisible({ timeout: 30_000 });
  // In our words with what to do next, never the vendor's "(simulated)" sentence (decision 0163).
  const couldNot = "could not make this video. Try again, or change the prompt a little.";
  await expect(latest.getByText(couldNot)).toBeVisible();
  await expect(latest).not.toContainText("(simulated)");
  await expect(latest.getByRole("button", { name: "Download" })).toBeDisabled();
  await expect(creditsBadge(page, 3)).toBeVisible();

  // The error in the details.
  await recentVideos(page)
    .getByRole("button", { name: /^View details: A dragon above the mountains/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Video Details" });
  // Said once, over the player, with the refund (decision 0082).
  await expect(dialog.getByRole("alert")).toContainText(`${couldNot} Your 1 credit was refunded.`);
  await expect(dialog.getByText(couldNot)).toHaveCount(1);
  await dialog.locator("summary", { hasText: "Details" }).click();
  await expect(dialog.getByRole("list", { name: "Status timeline" })).toContainText("Failed");
  await expect(dialog.getByRole("list", { name: "Status timeline" })).not.toContainText("Generating");
  await expect(dialog.getByRole("button", { name: "Download 720p" })).toHaveCount(0);
  // The failure's toast, while open, is the top layer and takes the first Escape.
  await expect(async () => {
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden({ timeout: 500 });
  }).toPass({ timeout: 10_000 });

  // Declined by the provider for its content: titled as such, in our words with a next step, no
  // credits spent (decision 0163).
  await form.getByLabel("Prompt", { exact: true }).fill("Something the provider refuses [sim:reject]");
  await form.getByRole("button", { name: "Generate Video" }).click();
  const declined = "Veo3 Fast declined this prompt under its content rules. Try describing the scene in other words.";
  await expectToast(page, "Prompt declined", `${declined} Your 1 credit was refunded.`);
  await expect(form.getByLabel("Prompt", { exact: true })).toHaveValue("Something the provider refuses [sim:reject]");
  await expect(creditsBadge(page, 3)).toBeVisible();
  const card = recentVideos(page).getByRole("button", { name: /^View details: Something the provider refuses/ });
  await expect(card).toContainText("Prompt declined");
  await expect(card).toContainText(declined);
  await expect(card).not.toContainText("Website");

  // The same in Vietnamese on a phone: the card, and the refund row in the history.
  await page.context().addCookies([{ name: "lang", value: "vi", url: page.url() }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/generate");
  const the =
    "Veo3 Fast đã từ chối prompt này theo quy định nội dung của mình. Hãy thử mô tả cảnh bằng cách diễn đạt khác.";
  const viCard = page
    .getByRole("region", { name: "Video gần đây" })
    .getByRole("button", { name: /Something the provider refuses/ });
  await expect(viCard).toContainText("Prompt bị từ chối");
  await expect(viCard).toContainText(the);
  await page.goto("/pricing");
  const history = page.locator("section[aria-labelledby=transactions-title]");
  await expect(history.locator(`[title="Hoàn credit cho prompt bị từ chối: ${the}"]`)).toHaveCount(1);
  await expect(history).not.toContainText("Website");
  await expectNoSeriousAxeFindings(page, { include: ["section[aria-labelledby=transactions-title]"] });
});

test("too few credits: a disabled button with a hint, and a 402 leads to /pricing", async ({ page, request }) => {
  const username = await createFundedUser(request, "poor", 1);
  // Without live updates (the page polls), the balance it shows can be behind the server's.
  await page.route("**/api/events", (route) => route.abort());
  await signInViaApi(page, username);
  await page.goto("/generate");
  const form = createVideoPanel(page);
  const generate = form.getByRole("button", { name: "Generate Video" });
  await expect(form.getByTestId("user-credits")).toHaveText("1");

  await chooseOption(page, "Model", "Veo3 (Quality)");
  await expect(generate).toBeDisabled();
  await expect(
    form.getByText("Not enough credits: Veo3 (Quality) needs 5 credits and you have 1 credit."),
  ).toBeVisible();
  await expect(form.getByRole("link", { name: "Buy credits" })).toHaveAttribute("href", "/pricing");
  await chooseOption(page, "Model", "Veo3 Fast");
  await expect(generate).toBeEnabled();

  // The credit is spent elsewhere (another tab, the API): the server answers 402.
  await generateViaApi(page, { prompt: "Spent somewhere else" });
  await form.getByLabel("Prompt", { exact: true }).fill("A quiet forest in the morning");
  await generate.click();
  await expectToast(
    page,
    "Insufficient credits",
    "You need 1 credit to generate a video with Veo3 Fast. You have 0 credits.",
  );
  await expect(page).toHaveURL("/pricing");
});

test("signed out, the generator shows the form and asks to sign in", async ({ page }) => {
  await page.goto("/generate");
  const form = createVideoPanel(page);
  await expect(form.getByLabel("Prompt", { exact: true })).toBeVisible();
  await expect(form.getByRole("combobox", { name: "Model" })).toHaveText("Veo3 Fast");
  await expect(form.getByRole("button", { name: "Generate Video" })).toHaveCount(0);
  await expect(latestVideoPanel(page).getByText("No videos yet. Generate your first video!")).toBeVisible();
  await expect(page.getByRole("region", { name: "Recent Videos" })).toHaveCount(0);
  await form.getByRole("radio", { name: "Image" }).click();
  // One slot at a time (issue 71): the last frame waits for a first.
  await expect(form.getByText("Sign in to upload an image")).toHaveCount(1);
  await expect(form.getByLabel("First frame")).toBeDisabled();
  await expect(form.getByLabel("Last frame")).toHaveCount(0);

  await form.getByRole("link", { name: "Sign in to Generate" }).click();
  // The sign-in comes back to the generator (decision 0083).
  await expect(page).toHaveURL("/login?next=%2Fgenerate");
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();
});

test("a 16:9 video whose 1080p is late: 'Processing 1080p...' and 'HD Video Not Ready'", async ({ page, request }) => {
  const username = await createFundedUser(request, "nohd", 2);
  await signInViaApi(page, username);
  await generateViaApi(page, { prompt: "City lights timelapse from a rooftop [sim:no-hd]" });
  await page.goto("/generate");

  await expect(latestVideoPanel(page).locator("video")).toHaveAttribute("src", CLIP_URL, { timeout: 20_000 });
  await recentVideos(page)
    .getByRole("button", { name: /^View details: City lights timelapse/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Video Details" });
  await expect(detailsField(dialog, "Video quality")).toHaveText("720p (Processing HD...)");
  await expect(dialog.getByRole("button", { name: "Processing 1080p..." })).toBeDisabled();
  await expect(
    dialog.getByText("1080p HD will be available in the next 2-3 minutes or possibly longer."),
  ).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Download 720p" })).toBeEnabled();
  // The automatic check on opening is quiet; the manual one reports.
  await expect(dialog.getByRole("button", { name: "Check HD Status" })).toBeEnabled();
  await dialog.getByRole("button", { name: "Check HD Status" }).click();
  await expectToast(page, "HD Video Not Ready", "1080p video is still being processed. Please try again later.");
  await expect(dialog.getByRole("button", { name: "Download 1080p HD" })).toHaveCount(0);
});
