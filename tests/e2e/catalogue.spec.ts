/**
 * One model catalogue (issue 22): the generator offers exactly the catalogue's combinations, a
 * Lite video from three reference images, 1080p for 9:16, and the admin's per-model prices. The
 * models compared show a sample of each from the showcase (issue 38).
 */
import { expect, test, type Page } from "./fixtures.js";
import { expectNoSeriousAxeFindings } from "./accessibility.js";
import { ADMIN, expectToast, saveSettingsSection } from "./helpers.js";
import {
  chooseOption,
  createFundedUser,
  createVideoPanel,
  detailsField,
  latestVideoPanel,
  makePng,
  signInViaApi,
} from "./video-helpers.js";

/** The provider's link (the simulator's) until the archive job has copied the file, then our own. */
const CLIP_URL = /(\/simulator\/kie\/files\/.+|^\/media\/videos\/[0-9a-f-]{36})\.mp4(\?.*)?$/;

/** Every model in the select, enabled where it makes this mode (issue 42: nine models; Wan 2.7 and Omni Flash made eleven). */
const MODELS_MAKING = (mode: "text" | "reference"): Record<string, boolean> => ({
  "Veo3 (Quality)": mode === "text",
  "Veo3 Fast": true,
  "Veo3 Lite": true,
  "Kling 3.0": mode === "text",
  "Kling 2.6": mode === "text",
  "Seedance 2": true,
  "Seedance 1.5 Pro": mode === "text",
  // Hailuo 2.3 makes videos from an image only.
  "Hailuo 2.3 Pro": false,
  "Wan 2.7": mode === "text",
  "Wan 2.6": mode === "text",
  // Omni Flash takes words or first and last frames, no reference images.
  "Gemini Omni Flash": mode === "text",
});

/** Opens the model select, checks which of the catalogue's models it offers, closes it. */
async function expectModelOptions(page: Page, enabled: Record<string, boolean>): Promise<void> {
  await page.getByRole("combobox", { name: "Model" }).click();
  // The select's own list (the header's language switch has options too).
  const options = page.getByRole("listbox").getByRole("option");
  await expect(options).toHaveCount(Object.keys(enabled).length);
  for (const [name, on] of Object.entries(enabled)) {
    const option = page.getByRole("listbox").getByRole("option", { name, exact: true });
    if (on) await expect(option).toBeEnabled();
    else await expect(option).toBeDisabled();
  }
  await page.keyboard.press("Escape");
  await expect(options).toHaveCount(0);
}

test("the form offers exactly the valid combinations; Lite makes a 9:16 video from three reference images, with 1080p", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const username = await createFundedUser(request, "lite", 10);
  await signInViaApi(page, username);
  await page.goto("/generate");
  const form = createVideoPanel(page);
  const images = form.getByRole("group", { name: "Images" });

  // Text: the three modes, every model but Hailuo, no image slots.
  await expect(form.getByRole("radio")).toHaveText(["Text", "Image", "Reference"]);
  await expect(form.getByRole("radio", { name: "Text" })).toHaveAttribute("aria-checked", "true");
  await expect(images).toHaveCount(0);
  await expectModelOptions(page, MODELS_MAKING("text"));

  // Image: 'First frame' (required); 'Last frame' (optional) appears once the first is there (issue 71).
  await chooseOption(page, "Model", "Veo3 (Quality)");
  await form.getByRole("radio", { name: "Image" }).click();
  await expect(images.getByLabel("First frame")).toBeEnabled();
  await expect(images.getByLabel("Last frame")).toHaveCount(0);
  await expect(images.getByText("Optional")).toHaveCount(0);
  await expect(images.getByLabel(/^Reference/)).toHaveCount(0);
  await expect(form.getByRole("combobox", { name: "Model" })).toHaveText("Veo3 (Quality)");

  // Reference: Quality cannot make it, so the form moves to the first model that can; Quality is disabled.
  await form.getByRole("radio", { name: "Reference" }).click();
  await expect(form.getByRole("combobox", { name: "Model" })).toHaveText("Veo3 Fast");
  await expectModelOptions(page, MODELS_MAKING("reference"));
  await expect(images.getByLabel("First frame")).toHaveCount(0);
  await chooseOption(page, "Model", "Veo3 Lite");
  await expect(form.getByTestId("generation-cost")).toHaveText("1 credit");

  // At least one image.
  const prompt = "The woman in the first image walks the dog of the second through the city of the third";
  await form.getByLabel("Prompt", { exact: true }).fill(prompt);
  await form.getByRole("button", { name: "Generate Video" }).click();
  await expect(form.getByText("Reference mode needs at least 1 image")).toBeVisible();

  // Three images, each slot after the one before.
  for (const n of [1, 2, 3]) {
    await images
      .getByLabel(`Reference ${n}`)
      .setInputFiles({ name: `reference-${n}.png`, mimeType: "image/png", buffer: makePng(32 + n * 8, 32) });
    await expect(images.getByRole("img", { name: `Reference ${n} preview` })).toHaveAttribute(
      "src",
      /\/uploads\/[^/]+\.png$/,
    );
  }
  await expect(form.getByText("Reference mode needs at least 1 image")).toHaveCount(0);
  await chooseOption(page, "Aspect ratio", "9:16");

  const sent = page.waitForRequest((r) => r.url().endsWith("/api/generate-video") && r.method() === "POST");
  await form.getByRole("button", { name: "Generate Video" }).click();
  const body = (await sent).postDataJSON() as { model: string; mode: string; aspectRatio: string; imageUrls: string[] };
  expect(body).toMatchObject({ model: "veo3_lite", mode: "reference", aspectRatio: "9:16" });
  expect(body.imageUrls).toHaveLength(3);
  await expectToast(
    page,
    "Video generation started",
    "Your video is being generated. 1 credit used. 9 credits remaining.",
  );
  // The form keeps what was sent, for the next take (issue 71): Reference, Lite, 9:16.
  await expect(form.getByRole("radio", { name: "Reference" })).toHaveAttribute("aria-checked", "true");
  await expect(form.getByRole("combobox", { name: "Model" })).toHaveText("Veo3 Lite");
  await expect(form.getByRole("combobox", { name: "Aspect ratio" })).toHaveText("9:16");

  const latest = latestVideoPanel(page);
  await expect(latest.locator("video")).toHaveAttribute("src", CLIP_URL, { timeout: 30_000 });
  await latest.getByRole("button", { name: "Details" }).click();
  const dialog = page.getByRole("dialog", { name: "Video Details" });
  const field = (term: string) => detailsField(dialog, term);
  await expect(field("Model")).toHaveText("Veo3 Lite");
  await expect(field("Mode")).toHaveText("Reference");
  await expect(field("Aspect ratio")).toHaveText("9:16");
  for (const n of [1, 2, 3])
    await expect(dialog.getByRole("img", { name: `Reference ${n} of this video` })).toHaveAttribute(
      "src",
      /\/uploads\//,
    );

  // 9:16 gets its 1080p version too (opening the dialog checks once; 'Check HD Status' again).
  const hdButton = dialog.getByRole("button", { name: "Download 1080p HD" });
  await expect(async () => {
    if (await hdButton.isVisible()) return;
    await dialog.getByRole("button", { name: "Check HD Status" }).click();
    await expect(hdButton).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(field("Video quality")).toHaveText("1080p HD");
  const [hdDownload] = await Promise.all([page.waitForEvent("download"), hdButton.click()]);
  expect(hdDownload.suggestedFilename()).toMatch(/-1080p\.mp4$/);

  // Recreate: the mode, the model, the aspect ratio and all three images come back.
  await dialog.getByRole("button", { name: "Recreate Video" }).click();
  await expect(dialog).toBeHidden();
  await expect(form.getByRole("radio", { name: "Reference" })).toHaveAttribute("aria-checked", "true");
  await expect(form.getByRole("combobox", { name: "Model" })).toHaveText("Veo3 Lite");
  await expect(form.getByRole("combobox", { name: "Aspect ratio" })).toHaveText("9:16");
  await expect(images.getByRole("img", { name: /^Reference \d preview$/ })).toHaveCount(3);

  // Image mode takes two of them: first and last frame.
  await form.getByRole("radio", { name: "Image" }).click();
  await expect(images.getByRole("img", { name: /preview$/ })).toHaveCount(2);
  await expect(images.getByRole("img", { name: "Last frame preview" })).toBeVisible();
});

test("the admin's Lite price and 4K surcharge are saved in Model Pricing, and the generator's cost follows", async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  try {
    await signInViaApi(page, ADMIN.username, ADMIN.password);
    await page.goto("/admin/settings/prices");
    const pricing = page.getByRole("region", { name: "Model Pricing and API Pricing" });
    for (const name of ["Veo3 (Quality)", "Veo3 Fast", "Veo3 Lite", "4K upgrade", "Extension"]) {
      await expect(pricing.getByLabel(`Web credits for ${name}`, { exact: true })).toBeVisible();
    }
    const field = (what: "Web credits" | "API price", name: string) =>
      pricing.getByLabel(`${what} for ${name}`, { exact: true });
    await field("Web credits", "Veo3 Lite").fill("4");
    await field("API price", "Veo3 Lite").fill("3.5");
    await field("Web credits", "4K upgrade").fill("6");
    await field("API price", "4K upgrade").fill("7.25");
    await saveSettingsSection(page);

    await page.reload();
    await expect(field("Web credits", "Veo3 Lite")).toHaveValue("4");
    await expect(field("API price", "Veo3 Lite")).toHaveValue("3.50");
    await expect(field("Web credits", "4K upgrade")).toHaveValue("6");
    await expect(field("API price", "4K upgrade")).toHaveValue("7.25");

    const current = (await (await page.request.get("/api/pricing/current")).json()) as {
      models: { model: string; web_credits: number; api_credits: number }[];
      surcharges: { surcharge: string; web_credits: number; api_credits: number }[];
    };
    expect(current.models.find((m) => m.model === "veo3_lite")).toMatchObject({ web_credits: 4, api_credits: 4 });
    expect(current.surcharges.find((s) => s.surcharge === "4k")).toMatchObject({ web_credits: 6, api_credits: 7.25 });

    // The generator shows the new price for Lite, and Fast's is unchanged.
    await page.goto("/generate");
    const form = createVideoPanel(page);
    await expect(form.getByTestId("generation-cost")).toHaveText("1 credit");
    await chooseOption(page, "Model", "Veo3 Lite");
    await expect(form.getByTestId("generation-cost")).toHaveText("4 credits");
    // The models compared with the same prices: Fast alone is now the cheapest, and only it says so.
    await form.getByRole("button", { name: "Compare models" }).click();
    const compared = form.getByRole("list", { name: "Models compared" });
    await expect(compared.getByTestId("model-price-veo3_lite")).toHaveText("4 credits");
    await expect(compared.getByTestId("model-price-veo3_fast")).toHaveText("1 credit");
    await expect(compared.getByRole("listitem").filter({ hasText: "Lowest price" })).toHaveCount(1);
    await expect(compared.getByRole("listitem").filter({ hasText: "Lowest price" })).toContainText("Veo3 Fast");
  } finally {
    // Back to the spec's prices for the other specs (tests/e2e/global-setup.ts).
    expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
    const reset = await admin.put("/api/admin/settings", {
      data: {
        prices: { veo3_lite: { webCredits: 1, apiPrice: "1" }, "4k": { webCredits: 2, apiPrice: "4" } },
        confirmBelowCost: true,
      },
    });
    expect(reset.status(), await reset.text()).toBe(200);
    await admin.dispose();
  }
});

const COMPARE_WORDS = {
  en: {
    panel: "Create Video",
    compare: "Compare models",
    compared: "Models compared",
    sampleOf: "Sample of Veo3 (Quality)",
    sample: "Sample clip (simulator)",
    sampleOfLite: "Sample of Veo3 Lite",
  },
  vi: {
    panel: "Tạo video",
    compare: "So sánh các mô hình",
    compared: "So sánh các mô hình",
    sampleOf: "Video mẫu của Veo3 (Quality)",
    sample: "Clip mẫu (trình mô phỏng)",
    sampleOfLite: "Video mẫu của Veo3 Lite",
  },
} as const;

for (const language of ["en", "vi"] as const) {
  const w = COMPARE_WORDS[language];
  for (const { device, viewport } of [
    { device: "desktop", viewport: { width: 1440, height: 900 } },
    { device: "phone", viewport: { width: 390, height: 844 } },
  ]) {
    test(`the models compared show every model's sample, the simulator's clip with its poster while none is chosen (${language}, ${device})`, async ({
      browser,
      request,
    }) => {
      // No sample chosen on this simulated install: every model gets the simulator's clip for its
      // shape, labelled (decision 0166); "No sample yet" never shows.
      expect((await request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
      const cleared = await request.put("/api/admin/showcase", { data: { videos: [] } });
      expect(cleared.status(), await cleared.text()).toBe(200);
      const context = await browser.newContext({ locale: language === "vi" ? "vi-VN" : "en-US", viewport });
      try {
        const page = await context.newPage();
        await page.goto("/generate");
        const form = page.getByRole("region", { name: w.panel });
        await form.getByRole("button", { name: w.compare }).click();
        const compared = form.getByRole("list", { name: w.compared });
        const quality = compared.getByRole("listitem").nth(0);
        const lite = compared.getByRole("listitem").nth(2);

        const sample = quality.getByLabel(w.sampleOf, { exact: true });
        await expect(sample).toHaveCount(1);
        await expect(sample).toHaveJSProperty("tagName", "VIDEO");
        await expect(sample).toHaveAttribute("src", /^\/media\/showcase\/sample-\d-16x9-720p\.mp4/);
        await expect(sample).toHaveJSProperty("muted", true);
        await expect(sample).toHaveJSProperty("loop", true);
        await expect(sample).toHaveAttribute("playsinline", "");
        await expect(sample).toHaveAttribute("preload", /^(none|metadata)$/);
        await expect(sample).toBeVisible();
        await expect(quality.getByText(w.sample)).toBeVisible();
        await expect(sample).toHaveAttribute("poster", /^\/media\/showcase\/sample-\d-16x9-720p\.jpg$/);
        await expect(lite.getByLabel(w.sampleOfLite, { exact: true })).toHaveAttribute(
          "poster",
          /^\/media\/showcase\/sample-\d-16x9-720p\.jpg$/,
        );
        await expect(lite.getByText(w.sample)).toBeVisible();
        await expect(compared.getByText(/No sample yet|Chưa có video mẫu/)).toHaveCount(0);

        const widths = await page.evaluate<{ scroll: number; viewport: number }>(
          "({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth })",
        );
        expect(widths.scroll, "the page must not scroll sideways").toBeLessThanOrEqual(widths.viewport);
        await expectNoSeriousAxeFindings(page, { include: ["#model-comparison"] });
      } finally {
        await context.close();
      }
    });
  }
}
