/**
 * The audit log reads a settings change in words (issue 68, decision 0052): "Field: before →
 * after" with the field as the settings call it, never the stored name or JSON. In English on a
 * wide screen and in Vietnamese on a phone.
 */
import { expect, test, type Browser } from "./fixtures.js";
import { ADMIN } from "./helpers.js";

const SETUPS = [
  {
    locale: "en-US",
    viewport: { width: 1440, height: 900 },
    heading: "Audit Log",
    action: "Settings changed",
    none: "none",
  },
  {
    locale: "vi-VN",
    viewport: { width: 390, height: 844 },
    heading: "Nhật ký quản trị",
    action: "Đã thay đổi cài đặt",
    none: "không có",
  },
];

async function adminPage(browser: Browser, setup: (typeof SETUPS)[number]) {
  const context = await browser.newContext({ locale: setup.locale });
  const page = await context.newPage();
  await page.setViewportSize(setup.viewport);
  const response = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(response.status()).toBe(200);
  return { context, page };
}

for (const setup of SETUPS) {
  test(`a settings change reads as words in the audit log (${setup.locale}, ${setup.viewport.width} px)`, async ({
    browser,
  }) => {
    const { context, page } = await adminPage(browser, setup);
    // The Telegram chat: with no bot token nothing is sent, so other tests see no difference.
    const settings = await page.request.get("/api/admin/settings");
    const was = ((await settings.json()) as { telegramChatId: string | null }).telegramChatId;
    const chat = `-100${Date.now()}`;
    try {
      expect((await page.request.put("/api/admin/settings", { data: { telegramChatId: chat } })).status()).toBe(200);
      await page.goto("/admin/audit?action=settings.update");
      await expect(page.getByRole("heading", { name: setup.heading, level: 1 })).toBeVisible();
      const row = page.getByRole("row").filter({ hasText: chat });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(setup.action);
      await expect(row.getByRole("listitem")).toHaveText([`Chat ID: ${was ?? setup.none} → ${chat}`]);
      await expect(row).not.toContainText("telegramChatId");
      await expect(row).not.toContainText("{");
    } finally {
      await page.request.put("/api/admin/settings", { data: { telegramChatId: was } });
      await context.close();
    }
  });
}
