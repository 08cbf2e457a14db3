/**
 * A first frame from text (issue 71 §3, decision 0161), in English and Vietnamese at 1440x900 and
 * 390x844: image mode shows one slot at first; "Create an image" starts from the video's prompt,
 * says the price, the simulator's image model makes it, it lands in the first-frame slot (the last
 * frame's slot appears), and a video is generated from it; axe finds nothing serious on the way.
 */
import { expect, test } from "./fixtures.js";
import { expectNoSeriousAxeFindings } from "./accessibility.js";
import { expectToast } from "./helpers.js";
import { createFundedUser, signInViaApi } from "./video-helpers.js";

const WORDS = {
  "en-US": {
    image: "Image",
    images: "Images",
    create: "Create an image",
    dialog: "Create the first frame",
    prompt: "Image prompt",
    submit: "Create image",
    costs: /Costs \d+ credits?\./,
    made: "Image created",
    last: "Last frame",
    generate: "Generate Video",
    started: "Video generation started",
    latest: "Latest Video",
  },
  "vi-VN": {
    image: "Hình ảnh",
    images: "Hình ảnh",
    create: "Tạo ảnh",
    dialog: "Tạo khung hình đầu",
    prompt: "Mô tả ảnh",
    submit: "Tạo ảnh ngay",
    costs: /Giá \d+ tín dụng\./,
    made: "Đã tạo ảnh",
    last: "Khung hình cuối",
    generate: "Tạo video",
    started: "Đã bắt đầu tạo video",
    latest: "Video mới nhất",
  },
} as const;

for (const locale of ["en-US", "vi-VN"] as const) {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test.describe(`${locale} at ${viewport.width}x${viewport.height}`, () => {
      test.use({ viewport, locale });

      test("makes a first frame from the prompt and generates a video from it", async ({ page, request }) => {
        const words = WORDS[locale];
        const username = await createFundedUser(request, "firstframe", 20);
        await signInViaApi(page, username);
        await page.goto("/generate");
        await expect(page.locator("html")).toHaveAttribute("lang", locale.slice(0, 2));
        const form = page.locator("form").filter({ has: page.locator("#prompt") });
        const videoPrompt = "A lighthouse on a cliff at dusk, waves below";
        await form.locator("#prompt").fill(videoPrompt);
        await form.getByRole("radio", { name: words.image, exact: true }).click();

        // One slot at first: the last frame's waits for the first.
        const slots = form.getByRole("group", { name: words.images, exact: true });
        await expect(slots.getByText(words.last, { exact: true })).toHaveCount(0);

        await slots.getByRole("button", { name: words.create, exact: true }).click();
        const dialog = page.getByRole("dialog", { name: words.dialog });
        await expect(dialog.getByRole("textbox", { name: words.prompt })).toHaveValue(videoPrompt);
        await expect(dialog.getByText(words.costs)).toBeVisible();
        await expectNoSeriousAxeFindings(page);
        await dialog.getByRole("button", { name: words.submit, exact: true }).click();
        await expect(dialog.getByRole("status")).toBeVisible();

        // Made by the simulator's image model and kept as an upload: the slot holds it.
        await expect(dialog).toHaveCount(0, { timeout: 30_000 });
        await expectToast(page, words.made);
        const frame = slots.getByRole("img");
        await expect(frame).toHaveAttribute("src", /\/uploads\/[a-f0-9]{32}\.jpg$/);
        await expect(slots.getByText(words.last, { exact: true })).toBeVisible();
        await expectNoSeriousAxeFindings(page);

        // A video from it.
        await form.getByRole("button", { name: words.generate, exact: true }).click();
        await expectToast(page, words.started);
        await expect(page.getByRole("region", { name: words.latest }).locator("video")).toHaveAttribute("src", /\S/, {
          timeout: 60_000,
        });
      });
    });
  }
}
