/**
 * The admin pages fit their screens (issue 38): on the Vietnamese overview at 1280 px the revenue
 * chart's axis labels are whole and no table is cut; on a phone the users' row actions stay
 * reachable while the table scrolls sideways.
 */
import { expect, test, type Page } from "./fixtures.js";
import { ADMIN, registerViaApi, uniqueUsername } from "./helpers.js";

async function signInAdmin(page: Page): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(response.status()).toBe(200);
}

for (const [language, locale] of [
  ["Vietnamese", "vi-VN"],
  ["English", "en-US"],
] as const) {
  test(`the overview at 1280 px shows whole axis labels and whole tables (${language})`, async ({ browser }) => {
    const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await signInAdmin(page);
      // A shop that sells: six-figure days give the axis its widest labels.
      await page.route("**/api/admin/overview*", async (route) => {
        const response = await route.fetch();
        const overview = (await response.json()) as {
          days: string[];
          revenue: { byDay: object[]; byProvider: object[] };
        };
        overview.revenue.byDay = overview.days.map((day, i) => ({
          day,
          provider: "paypal",
          currency: "USD",
          orders: 3,
          amount: (123456.78 * (i + 1)).toFixed(2),
        }));
        overview.revenue.byProvider = [{ provider: "paypal", currency: "USD", orders: 21, amount: "3456789.84" }];
        await route.fulfill({ response, json: overview });
      });
      await page.goto("/admin");
      const revenue = page.locator("[aria-labelledby=overview-revenue]");
      const chart = revenue.locator("svg:has(text)").first();
      const ticks = chart.locator("text");
      await expect(ticks.first()).toBeVisible();
      const svg = (await chart.boundingBox())!;
      for (const tick of await ticks.all()) {
        const box = (await tick.boundingBox())!;
        expect(box.x, `"${await tick.textContent()}" starts inside the chart`).toBeGreaterThanOrEqual(svg.x - 0.5);
      }
      // Every table of figures shows all its columns without scrolling sideways.
      const tables = page.locator("[role=region]:has(> table)");
      await expect(tables.first()).toBeVisible();
      for (const table of await tables.all()) {
        const { scroll, client } = await table.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect(scroll, (await table.locator("caption").textContent()) ?? "").toBeLessThanOrEqual(client + 1);
      }
    } finally {
      await context.close();
    }
  });
}

test("on a phone the users table keeps each row's actions on screen", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const username = uniqueUsername("phonerow");
    await registerViaApi(page.request, username, "phone-pass-123");
    await signInAdmin(page);
    await page.goto(`/admin/users?q=${username}`);
    const edit = page.getByRole("button", { name: `Edit credits of ${username}` });
    await expect(edit).toBeVisible();
    // Without scrolling the table sideways, both of the row's buttons are within the screen's width.
    for (const button of [edit, page.getByRole("button", { name: `Disable ${username}` })]) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    // The page itself does not scroll sideways: only the table does.
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  } finally {
    await context.close();
  }
});
