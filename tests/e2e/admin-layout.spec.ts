/**
 * The admin pages fit their screens (issue 38): on the Vietnamese overview at 1280 px the revenue
 * chart's axis labels are whole and no table is cut; on a phone the users' row actions stay
 * reachable while the table scrolls sideways. The admin pages are reached through the header's
 * Admin menu and the pages' tabs, both in groups (issue 68, decision 0147).
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

/** The header's Admin menu and the admin pages' tabs, in groups (decision 0147). */
test("at 1440 px the header's Admin menu holds the admin pages in groups, by keyboard too, and the tabs follow the group", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await signInAdmin(page);
    await page.goto("/admin/moderation");
    await expect(page.getByRole("heading", { name: "Moderation", level: 1 })).toBeVisible();

    // Seven links for everyone and one Admin menu: no History or Admin link of their own.
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link")).toHaveCount(7);
    await expect(main.getByRole("link", { name: "History" })).toHaveCount(0);
    const admin = main.getByRole("button", { name: "Admin" });
    await expect(admin).toHaveAttribute("aria-current", "true");

    // By keyboard: Enter opens it; the current page's group and the page itself are marked.
    await admin.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("menuitem")).toHaveText([
      "Overview",
      "Users",
      "Moderation",
      "Codes",
      "Explore",
      "Transactions",
      "Audit Log",
      "Mail",
      "Settings",
    ]);
    await expect(menu.getByRole("group", { name: "People" })).toHaveAttribute("aria-current", "true");
    await expect(menu.getByRole("group", { name: "Activity" })).not.toHaveAttribute("aria-current");
    await expect(menu.getByRole("menuitem", { name: "Moderation" })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(admin).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(menu.getByRole("menuitem", { name: "Overview" })).toBeFocused();
    for (const name of ["Users", "Moderation", "Codes", "Explore", "Transactions", "Audit Log"]) {
      await page.keyboard.press("ArrowDown");
      await expect(menu.getByRole("menuitem", { name })).toBeFocused();
    }
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/admin/audit");
    await expect(page.getByRole("heading", { name: "Audit Log", level: 1 })).toBeVisible();

    // The tabs: one per group, the current one marked, and its pages under them.
    const sections = page.getByRole("navigation", { name: "Admin sections" });
    await expect(sections.getByRole("list").first().getByRole("link")).toHaveText([
      "Overview",
      "People",
      "Activity",
      "Settings",
    ]);
    await expect(sections.getByRole("link", { name: "Activity" })).toHaveAttribute("aria-current", "true");
    const activity = sections.getByRole("list", { name: "Activity" });
    await expect(activity.getByRole("link")).toHaveText(["Transactions", "Audit Log", "Mail"]);
    await expect(activity.getByRole("link", { name: "Audit Log" })).toHaveAttribute("aria-current", "page");
    await activity.getByRole("link", { name: "Mail" }).click();
    await expect(page).toHaveURL("/admin/mail");

    // The settings are a group of sections, each at its own address (decision 0148).
    await sections.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL("/admin/settings/payments");
    await expect(sections.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "true");
    const settings = sections.getByRole("list", { name: "Settings" });
    await expect(settings.getByRole("link")).toHaveText([
      "Payments",
      "Prices",
      "Models and vendors",
      "Mail",
      "Sign-ups",
      "Moderation",
      "Contact",
      "Legal",
      "Appearance",
      "Operations",
    ]);
    await expect(settings.getByRole("link", { name: "Payments" })).toHaveAttribute("aria-current", "page");
    // The header's menu keeps the settings to one entry, marked while any section is open.
    await admin.click();
    await expect(menu.getByRole("menuitem")).toHaveCount(9);
    await expect(menu.getByRole("menuitem", { name: "Settings" })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Escape");
  } finally {
    await context.close();
  }
});

test("at 390 px in Vietnamese the phone's menu holds the Admin menu, and the tabs fit the screen", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "vi-VN", viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAdmin(page);
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { name: "Người dùng", level: 1 })).toBeVisible();

    const sections = page.getByRole("navigation", { name: "Các mục quản trị" });
    await expect(sections.getByRole("link", { name: "Cộng đồng" })).toHaveAttribute("aria-current", "true");
    await expect(sections.getByRole("list", { name: "Cộng đồng" }).getByRole("link")).toHaveText([
      "Người dùng",
      "Kiểm duyệt",
      "Mã",
      "Khám phá",
    ]);
    // The group's four pages (Explore the fourth, issue 72) fit the phone's width too.
    for (const tab of await sections.getByRole("list", { name: "Cộng đồng" }).getByRole("link").all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x + box.width, (await tab.textContent()) ?? "").toBeLessThanOrEqual(390);
    }
    for (const tab of await sections.getByRole("list").first().getByRole("link").all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x + box.width, (await tab.textContent()) ?? "").toBeLessThanOrEqual(390);
    }

    await page.getByRole("button", { name: "Mở/đóng menu" }).click();
    const mobile = page.getByRole("navigation", { name: "Điều hướng trên di động" });
    const admin = mobile.getByRole("button", { name: "Quản trị" });
    await expect(admin).toHaveAttribute("aria-current", "true");
    await admin.click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("group", { name: "Cộng đồng" })).toHaveAttribute("aria-current", "true");
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await menu.getByRole("menuitem", { name: "Giao dịch" }).click();
    await expect(page).toHaveURL("/history");
    await expect(page.getByRole("heading", { name: "Lịch sử giao dịch", level: 1 })).toBeVisible();
    await expect(mobile).toHaveCount(0);
    await expect(sections.getByRole("link", { name: "Hoạt động" })).toHaveAttribute("aria-current", "true");
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  } finally {
    await context.close();
  }
});
