/**
 * Creem's key is tried before it is saved (issue 68, decision 0145): a key Creem refuses is told
 * inside the Creem card with Creem's reason and nothing is saved; one it accepts shows "Connected"
 * with what was checked and when; the PayPal card says PayPal issued a token and knows the webhook
 * id. Its own server and fakes (the shared server's settings are other specs' to change), in
 * English at 1440 px and in Vietnamese on a phone.
 */
import { startCreemFake, type CreemFake } from "../fakes/creem-fake.mjs";
import { startPaypalFake, type PaypalFake } from "../fakes/paypal-fake.mjs";
import { expect, test, type Page } from "./fixtures.js";
import { startFreshServer, type FreshServer } from "./fresh-server.js";
import { toasts } from "./helpers.js";

const GOOD_KEY = "creem_test_payment_keys_e2e";
const WEBHOOK_SECRET = "whsec_payment_keys_e2e";
const PAYPAL = { clientId: "payment-keys-e2e-client", clientSecret: "payment-keys-e2e-secret" };
const PAYPAL_WEBHOOK = { id: "8PT597110X687430LKGECATA", url: "https://veo.example.com/paypal/webhook" };

let creem: CreemFake;
let paypal: PaypalFake;
let server: FreshServer;
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  creem = await startCreemFake({ apiKey: GOOD_KEY, webhookSecret: WEBHOOK_SECRET });
  paypal = await startPaypalFake({ ...PAYPAL, webhooks: { [PAYPAL_WEBHOOK.id]: PAYPAL_WEBHOOK.url } });
  // Keys are tried here, at the fakes above, whichever environment the admin picks.
  server = await startFreshServer({ CREEM_BASE_URL: creem.baseUrl, PAYPAL_BASE_URL: paypal.baseUrl });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server.stop();
  await creem.close();
  await paypal.close();
});

const signInAdmin = (page: Page) => server.signInAdmin(page);

const creemCard = (page: Page) => page.getByRole("region", { name: "Creem", exact: true });
const overflows = (page: Page) => page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth");

test("a Creem key Creem refuses is told in its card and not saved; the right one shows what was checked (1440x900, English)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAdmin(page);
  await page.goto(`${baseUrl}/admin/settings#creem-title`);
  const card = creemCard(page);
  await expect(card).toBeVisible();
  await expect(card.getByText("Connected")).toHaveCount(0);

  await card.getByLabel("Enable Creem").check();
  await card.getByLabel("Creem API key", { exact: true }).fill("creem_test_not_the_key");
  await card.getByLabel("Creem webhook secret", { exact: true }).fill(WEBHOOK_SECRET);
  const searches = creem.productSearches;
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(card.getByRole("alert")).toHaveText(
    "Creem refused this API key in test mode: Invalid API key. Use a test-mode key (it starts with creem_test_). Nothing was saved.",
  );
  expect(creem.productSearches).toBe(searches + 1);
  expect(await overflows(page)).toBe(false);

  // Nothing was kept: after a reload Creem is still off, with no key.
  await page.reload();
  await expect(creemCard(page).getByLabel("Enable Creem")).not.toBeChecked();
  await expect(creemCard(page).getByLabel("Creem API key", { exact: true })).toHaveValue("");

  await creemCard(page).getByLabel("Enable Creem").check();
  await creemCard(page).getByLabel("Creem API key", { exact: true }).fill(GOOD_KEY);
  await creemCard(page).getByLabel("Creem webhook secret", { exact: true }).fill(WEBHOOK_SECRET);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toasts(page).getByText("Settings updated", { exact: true })).toBeVisible();
  const status = creemCard(page).getByTestId("creem-key-check");
  await expect(status.getByText("Connected", { exact: true })).toBeVisible();
  await expect(status).toContainText(/Key accepted by Creem in test mode on .+\./);
  await expect(creemCard(page).getByRole("alert")).toHaveCount(0);
  expect(await overflows(page)).toBe(false);
});

test("the PayPal card says PayPal issued a token and knows the webhook id (1440x900, English)", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAdmin(page);
  const saved = await page.request.put(`${baseUrl}/api/admin/settings`, {
    data: {
      paypalEnabled: true,
      paypalClientId: PAYPAL.clientId,
      paypalClientSecret: PAYPAL.clientSecret,
      paypalWebhookId: PAYPAL_WEBHOOK.id,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect(paypal.tokenRequests).toBe(1);
  await page.goto(`${baseUrl}/admin/settings#paypal-title`);
  const status = page.getByRole("region", { name: "PayPal", exact: true }).getByTestId("paypal-key-check");
  await expect(status.getByText("Connected", { exact: true })).toBeVisible();
  await expect(status).toContainText(/Token issued by PayPal's sandbox on .+\./);
  await expect(status).toContainText(`Webhook found at PayPal: it sends to ${PAYPAL_WEBHOOK.url}.`);
  expect(await overflows(page)).toBe(false);
});

test("in Vietnamese on a phone, the card says Creem accepted the key, and words a refusal (390x844)", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "vi-VN", viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: "lang", value: "vi", url: baseUrl }]);
  const page = await context.newPage();
  try {
    await signInAdmin(page);
    await page.goto(`${baseUrl}/admin/settings#creem-title`);
    const card = creemCard(page);
    const status = card.getByTestId("creem-key-check");
    await expect(status.getByText("Đã kết nối", { exact: true })).toBeVisible();
    await expect(status).toContainText(/Creem đã chấp nhận khoá ở chế độ thử nghiệm lúc .+\./);
    expect(await overflows(page)).toBe(false);

    await card.getByLabel("Khoá API Creem", { exact: true }).fill("creem_test_wrong_on_phone");
    await page.getByRole("button", { name: "Lưu thay đổi" }).click();
    await expect(card.getByRole("alert")).toHaveText(
      "Creem đã từ chối khoá API này ở chế độ thử nghiệm: Invalid API key. Hãy dùng khoá của chế độ thử nghiệm (bắt đầu bằng creem_test_). Chưa có gì được lưu.",
    );
    // The key Creem accepted is still the one in force.
    await expect(status.getByText("Đã kết nối", { exact: true })).toBeVisible();
    expect(await overflows(page)).toBe(false);
  } finally {
    await context.close();
  }
});
