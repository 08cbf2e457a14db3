/**
 * Payment set-up that cannot break silently (issue 68 §2), on a fresh install of this spec's own
 * whose Creem is the e2e Creem fake: Creem switched on without its webhook secret turns the
 * checklist's payment step red and says what is missing; with Creem on, a package on sale without
 * its Creem product is marked in the package list and keeps the packages step red.
 */
import { E2E_CREEM } from "./creem-e2e.js";
import { expect, test, type Page } from "./fixtures.js";
import { startFreshServer, type FreshServer } from "./fresh-server.js";

let server: FreshServer;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startFreshServer({ CREEM_BASE_URL: `http://127.0.0.1:${process.env.E2E_CREEM_PORT}` });
});
test.afterAll(() => server.stop());

const asAdmin = (page: Page) => server.signInAdmin(page);
async function send(page: Page, method: "PUT" | "POST", path: string, data: object): Promise<void> {
  const res = await page.request.fetch(`${server.baseUrl}${path}`, { method, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
}
const saveSettings = (page: Page, data: object) => send(page, "PUT", "/api/admin/settings", data);
const addPackage = (page: Page, data: object) => send(page, "POST", "/api/admin/credit-packages", data);
const stepOf = (page: Page, id: string) => page.locator(`li[data-step="${id}"]`);

const WORDS = {
  en: {
    creemIncomplete: "Creem is on, but its API key or webhook secret is missing",
    noProduct: "Creem is on, but a package on sale has no Creem product",
    badge: "No Creem product",
    testPurchase: "Make a test purchase",
    credited: /Your latest purchase, 200 credits through Creem on .+, was credited\./,
    missingSecret: "Creem is on, but this is missing: webhook secret.",
  },
  vi: {
    creemIncomplete: "Creem đang bật nhưng thiếu khóa API hoặc khóa bí mật webhook",
    noProduct: "Creem đang bật nhưng một gói đang bán chưa có sản phẩm Creem",
    badge: "Chưa có sản phẩm Creem",
    credited: /Giao dịch mua gần nhất của bạn, 200 credit qua Creem lúc .+, đã được cộng\./,
    missingSecret: "Creem đang bật nhưng còn thiếu: khóa bí mật webhook.",
  },
};

test("Creem without its webhook secret, then a package without its Creem product: said on /admin (1440 px, English)", async ({
  page,
}) => {
  const w = WORDS.en;
  await page.setViewportSize({ width: 1440, height: 900 });
  await asAdmin(page);
  await saveSettings(page, { creemEnabled: true, creemApiKey: E2E_CREEM.apiKey });
  await page.goto(`${server.baseUrl}/admin`);
  await expect(stepOf(page, "payment")).toHaveAttribute("data-done", "false");
  await expect(stepOf(page, "payment")).toContainText(w.creemIncomplete);
  // The Creem card says what is missing too.
  await stepOf(page, "payment").getByRole("link").first().click();
  await expect(page.getByTestId("creem-missing-keys")).toContainText(w.missingSecret);

  await saveSettings(page, { creemWebhookSecret: E2E_CREEM.webhookSecret });
  await addPackage(page, { name: "Starter", credits: 50, price: "10.00" });
  await page.goto(`${server.baseUrl}/admin`);
  await expect(stepOf(page, "payment")).not.toContainText(w.creemIncomplete);
  await expect(stepOf(page, "packages")).toHaveAttribute("data-done", "false");
  await expect(stepOf(page, "packages")).toContainText(w.noProduct);
  await page.goto(`${server.baseUrl}/admin/settings#packages-title`);
  await expect(page.getByRole("listitem", { name: "Package Starter" }).getByText(w.badge)).toBeVisible();

  // A test purchase from the checklist: the cheapest package Creem can sell, through the real
  // checkout (the fake's hosted page), and its result back on the checklist.
  await addPackage(page, {
    name: "Test pack",
    credits: 200,
    price: (E2E_CREEM.priceCents / 100).toFixed(2),
    creemProductId: E2E_CREEM.productId,
  });
  await page.goto(`${server.baseUrl}/admin`);
  await stepOf(page, "payment").getByRole("link", { name: w.testPurchase }).click();
  await expect(page.getByRole("radio", { name: /Test pack/ })).toBeChecked();
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Secure checkout by Creem/ })
    .click();
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Payment successful, thank you!" })).toBeVisible();
  await page.goto(`${server.baseUrl}/admin`);
  await expect(stepOf(page, "payment")).toHaveAttribute("data-done", "true");
  await expect(stepOf(page, "payment")).toContainText(w.credited);
});

test("the same, read in Vietnamese on a 390 px phone", async ({ browser }) => {
  const w = WORDS.vi;
  const context = await browser.newContext({ locale: "vi-VN", viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: "lang", value: "vi", url: server.baseUrl }]);
  const page = await context.newPage();
  try {
    await asAdmin(page);
    await page.goto(`${server.baseUrl}/admin`);
    await expect(stepOf(page, "packages")).toContainText(w.noProduct);
    await expect(stepOf(page, "payment")).toContainText(w.credited);
    await saveSettings(page, { creemWebhookSecret: null });
    await page.reload();
    await expect(stepOf(page, "payment")).toContainText(w.creemIncomplete);
    await page.goto(`${server.baseUrl}/admin/settings#creem-title`);
    await expect(page.getByTestId("creem-missing-keys")).toContainText(w.missingSecret);
    await page.goto(`${server.baseUrl}/admin/settings#packages-title`);
    await expect(page.getByRole("listitem", { name: "Gói Starter" }).getByText(w.badge)).toBeVisible();
    expect(await page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth")).toBe(false);
  } finally {
    await context.close();
  }
});
