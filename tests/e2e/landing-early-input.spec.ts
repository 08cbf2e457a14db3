/**
 * What a person does on the pre-rendered landing page before the app has taken it over is not
 * lost (decision 0078): the app's code is held back here until the click, Enter or choice has been
 * made on the page's HTML, then let through; the app then does it.
 */
import { expect, test, type Page } from "./fixtures.js";
import { header } from "./helpers.js";

/** Holds every script of the app until `release` is called; the pre-rendered HTML shows meanwhile. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

for (const [language, locale, question, pricing] of [
  ["English", "en-US", "How do credits work?", "Pricing"],
  ["Vietnamese", "vi-VN", /credit/i, "Bảng giá"],
] as const) {
  test(`a click on the landing page before the app has loaded still opens the answer (${language})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale });
    try {
      const page = await context.newPage();
      const release = await holdTheApp(page);
      await page.goto("/", { waitUntil: "commit" });
      const faq = page.getByRole("button", { name: question }).first();
      await faq.click();
      release();
      await expect(faq).toHaveAttribute("aria-expanded", "true");
      // The app took over: the header's links navigate inside it.
      await header(page).getByRole("link", { name: pricing }).first().click();
      await expect(page).toHaveURL("/pricing");
    } finally {
      await context.close();
    }
  });
}

test("on a phone, the menu button tapped before the app has loaded opens the menu", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const release = await holdTheApp(page);
    await page.goto("/", { waitUntil: "commit" });
    const toggle = header(page).getByRole("button", { name: "Toggle menu" });
    await toggle.click();
    release();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a language chosen and a link followed by keyboard before the app has loaded are kept", async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto("/", { waitUntil: "commit" });
  await header(page).getByRole("combobox", { name: "Language" }).selectOption("vi");
  const pricing = header(page).getByRole("link", { name: "Pricing" }).first();
  await pricing.focus();
  await page.keyboard.press("Enter");
  release();
  await expect(page).toHaveURL("/pricing");
  await expect(page.locator("html")).toHaveAttribute("lang", "vi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Credit & Bảng giá");
});
