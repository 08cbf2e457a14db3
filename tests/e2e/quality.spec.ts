/** The quality bar of the creator's pages: phones, keyboards, alt text, stable layout, live prices. */
import { expect, test, type Page } from "./fixtures.js";
import { createFundedUser, generateViaApi, recentVideos, signInViaApi } from "./video-helpers.js";
import { untilTheAppAnswers } from "./helpers.js";

const PHONE = { width: 360, height: 740 };

/** True when nothing on the page is wider than the viewport (no sideways scrolling). */
async function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth");
}

test("at 360 px wide no creator page scrolls sideways, and every image has alt text", async ({ page, request }) => {
  test.setTimeout(60_000);
  const username = await createFundedUser(request, "phone", 10);
  await page.setViewportSize(PHONE);

  for (const path of ["/", "/contact", "/login"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await overflowsSideways(page), path).toBe(false);
  }

  await signInViaApi(page, username);
  await generateViaApi(page, { prompt: "A lighthouse in a storm, waves crashing, phone-sized check" });
  for (const path of ["/generate", "/my-creations"]) {
    await page.goto(path);
    await expect(page.getByText("A lighthouse in a storm").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await overflowsSideways(page), path).toBe(false);
  }

  // The details dialog fits the phone too.
  await page
    .getByRole("button", { name: /^View details: A lighthouse/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Video Details" });
  await expect(dialog).toBeVisible();
  // (Polled: the dialog's opening animation scales it for a moment.)
  await expect
    .poll(async () => {
      const box = await dialog.boundingBox();
      return box ? [Math.round(box.x), Math.round(box.x + box.width)] : null;
    })
    .toEqual([16, PHONE.width - 16]);

  for (const path of ["/", "/generate", "/my-creations"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const missing = await page.locator("img:not([alt])").count();
    expect(missing, path).toBe(0);
  }
});

/** Sums the page's layout shifts (Cumulative Layout Shift) from its first paint. */
async function layoutShiftOf(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  // Scroll through the page so every video tile is laid out and its metadata loaded.
  for (let y = 0; y < 8; y++) {
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(150);
  }
  await page.waitForLoadState("networkidle");
  return page.evaluate<number>("window.__shift");
}

test("pages do not shift while their videos load", async ({ page, request }) => {
  // Sums every layout shift not caused by input, from the first paint on.
  await page.addInitScript(`
    window.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  `);
  // 0.1 is the "good" Cumulative Layout Shift threshold of Core Web Vitals.
  expect(await layoutShiftOf(page, "/")).toBeLessThan(0.1);

  const username = await createFundedUser(request, "steady", 5);
  await signInViaApi(page, username);
  await generateViaApi(page, { prompt: "A sailboat at sunset, steady layout check" });
  await page.goto("/my-creations");
  await expect(page.getByRole("button", { name: /^View details: A sailboat/ }).getByText("Completed")).toBeVisible({
    timeout: 15_000,
  });
  for (const path of ["/my-creations", "/generate"]) {
    expect(await layoutShiftOf(page, path), path).toBeLessThan(0.1);
  }
});

test("keyboard only: open an FAQ answer, open and close a video's details", async ({ page, request }) => {
  const username = await createFundedUser(request, "keys", 5);
  await page.goto("/");
  const question = page.getByRole("button", { name: "How do credits work?" });
  await untilTheAppAnswers(
    async () => {
      await question.focus();
      await page.keyboard.press("Enter");
    },
    (timeout) => expect(question).toHaveAttribute("aria-expanded", "true", { timeout }),
  );
  await page.keyboard.press("Space");
  await expect(question).toHaveAttribute("aria-expanded", "false");

  await signInViaApi(page, username);
  await generateViaApi(page, { prompt: "A hummingbird hovering at a red flower, keyboard check" });
  await page.goto("/generate");
  const card = recentVideos(page).getByRole("button", { name: /^View details: A hummingbird/ });
  await card.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Video Details" });
  await expect(dialog).toBeVisible();
  // Radix moves focus into the dialog, keeps it there, and gives it back on Escape.
  await expect.poll(() => dialog.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true);
  for (let i = 0; i < 15; i++) await page.keyboard.press("Tab");
  await expect.poll(() => dialog.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true);
  // Chromium's own video controls keep Escape (it never reaches the page) and several Tabs while
  // they have focus, so tab on to one of the dialog's buttons first.
  for (let i = 0; i < 20 && (await page.evaluate("document.activeElement.tagName")) !== "BUTTON"; i++)
    await page.keyboard.press("Tab");
  // An open toast is the top layer and takes an Escape first.
  await expect(async () => {
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(card).toBeFocused();
});

test("the pricing table asks the server again every 60 seconds", async ({ page }) => {
  let calls = 0;
  let fast = 3;
  await page.route("**/api/pricing/current", async (route) => {
    calls++;
    const models = [
      {
        model: "veo3",
        label: "Veo3 (Quality)",
        description: "",
        modes: ["text", "image"],
        web_credits: 7,
        api_credits: 12,
      },
      {
        model: "veo3_fast",
        label: "Veo3 Fast",
        description: "",
        modes: ["text", "image", "reference"],
        web_credits: fast,
        api_credits: 4,
      },
      {
        model: "veo3_lite",
        label: "Veo3 Lite",
        description: "",
        modes: ["text", "image", "reference"],
        web_credits: 1,
        api_credits: 1,
      },
    ];
    await route.fulfill({
      json: {
        veo3_fast: { web_credits: fast, api_credits: 4 },
        veo3_quality: { web_credits: 7, api_credits: 12 },
        models,
        modes: [],
        surcharges: [],
        simulated: false,
        credit_value: { usd: 0.01, source: "setting" },
      },
    });
  });
  await page.clock.install();
  // The table of every video's price is on /pricing (decision 0167): a Website cell says credits, then dollars.
  await page.goto("/pricing");
  const fastWeb = page
    .getByRole("region", { name: "What a video costs" })
    .getByRole("row", { name: /^Veo3 Fast/ })
    .getByRole("cell")
    .nth(0);
  await expect(fastWeb).toHaveText("3$0.03");
  const before = calls;

  fast = 9;
  await page.clock.runFor(59_000);
  expect(calls).toBe(before);
  await page.clock.runFor(2_000);
  await expect.poll(() => calls).toBe(before + 1);
  await expect(fastWeb).toHaveText("9$0.09");
});
