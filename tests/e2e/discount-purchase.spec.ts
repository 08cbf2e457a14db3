/**
 * A discounted purchase in a browser (issue 70, decision 0158): a person types a discount code in
 * the purchase dialog, applies it, and pays the lower price through Creem's hosted checkout (the
 * fake charges what the single-use Creem discount leaves) and through PayPal's buttons (the order
 * PayPal is asked for is the lower amount); the credits arrive once and the receipt shows the
 * discount. Its own server (packages, codes and provider settings are this spec's), a Creem fake
 * of its own whose signed webhooks reach that server, and the e2e PayPal fake, approved over its
 * HTTP controls; PayPal's SDK is a stand-in served for its URL.
 */
import { E2E_PAYPAL } from "./paypal-e2e.js";
import { expect, test, type Page } from "./fixtures.js";
import { startFreshServer, type FreshServer } from "./fresh-server.js";
import { uniqueUsername } from "./helpers.js";
import { PASSWORD } from "./video-helpers.js";
import { startCreemFake, type CreemFake } from "../fakes/creem-fake.mjs";
import { freePort } from "../helpers/free-port.js";

const CREEM = { apiKey: "creem_test_discounts_key", webhookSecret: "whsec_discounts_secret" };
const PRODUCT = "prod_discount_pack";
const paypalURL = `http://127.0.0.1:${process.env.E2E_PAYPAL_PORT}`;
const PACKAGE = "Discount Pack";

let server: FreshServer;
let creem: CreemFake;
let packageId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const creemPort = await freePort();
  creem = await startCreemFake({
    ...CREEM,
    port: creemPort,
    publicBaseUrl: `http://127.0.0.1:${creemPort}`,
    products: { [PRODUCT]: { price: 2500, currency: "USD", name: PACKAGE } },
  });
  server = await startFreshServer({ CREEM_BASE_URL: creem.baseUrl, PAYPAL_BASE_URL: paypalURL });
  creem.webhookUrl = `${server.baseUrl}/api/creem/webhook`;
  const page = await browser.newPage();
  try {
    await server.signInAdmin(page);
    await send(page, "PUT", "/api/admin/settings", {
      creemEnabled: true,
      creemApiKey: CREEM.apiKey,
      creemWebhookSecret: CREEM.webhookSecret,
      paypalEnabled: true,
      paypalClientId: E2E_PAYPAL.clientId,
      paypalClientSecret: E2E_PAYPAL.clientSecret,
    });
    const created = JSON.parse(
      await send(page, "POST", "/api/admin/credit-packages", {
        confirmBelowCost: true,
        name: PACKAGE,
        credits: 100,
        price: "25.00",
        creemProductId: PRODUCT,
        isActive: true,
      }),
    ) as { id: string };
    packageId = created.id;
  } finally {
    await page.close();
  }
});
test.afterAll(async () => {
  await server?.stop();
  await creem?.close();
});

async function send(page: Page, method: "PUT" | "POST", path: string, data: object): Promise<string> {
  const res = await page.request.fetch(`${server.baseUrl}${path}`, { method, data });
  const text = await res.text();
  expect(res.status(), text).toBeLessThan(300);
  return text;
}

/** A 20 % discount code (25.00 -> 20.00), made by the admin. */
async function makeCode(page: Page, code: string): Promise<void> {
  const admin = await page.context().browser()!.newPage();
  try {
    await server.signInAdmin(admin);
    await send(admin, "POST", "/api/admin/codes", { kind: "discount", code, percentOff: 20, maxUses: 1 });
  } finally {
    await admin.close();
  }
}

async function signInBuyer(page: Page): Promise<void> {
  const data = { username: uniqueUsername("disc"), password: PASSWORD };
  expect((await page.request.post(`${server.baseUrl}/api/auth/register`, { data })).status()).toBe(201);
  expect((await page.request.post(`${server.baseUrl}/api/auth/login`, { data })).status()).toBe(200);
}

async function balance(page: Page): Promise<number> {
  const res = await page.request.get(`${server.baseUrl}/api/user/stats`);
  return ((await res.json()) as { credits: number }).credits;
}

/** The purchase dialog for the package, with the code typed in and applied. */
async function dialogWithCode(page: Page, code: string) {
  await page.goto(`${server.baseUrl}/purchase-credits?package=${packageId}`);
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
  await dialog.getByLabel("Discount code").fill(code.toLowerCase());
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "applied" })).toContainText("$5.00");
  return dialog;
}

/** The newest completed order's receipt, read as the buyer. */
async function latestReceipt(page: Page) {
  const history = (await (await page.request.get(`${server.baseUrl}/api/transactions?page=1`)).json()) as {
    data: { type: string; paymentOrderId?: string | null }[];
  };
  const orderId = history.data.find((t) => t.type === "purchase")?.paymentOrderId;
  expect(orderId).toBeTruthy();
  const res = await page.request.get(`${server.baseUrl}/api/payments/orders/${orderId}/receipt`);
  return (await res.json()) as { amount: string; discount: { code: string; listAmount: string } | null };
}

test("a discounted package through Creem's checkout: charged 20.00 instead of 25.00, credited once", async ({
  page,
}) => {
  await makeCode(page, "CREEMSPRING");
  await signInBuyer(page);
  const dialog = await dialogWithCode(page, "CREEMSPRING");
  await dialog.getByRole("button", { name: /Secure checkout by Creem/ }).click();

  // Creem's hosted checkout (the fake's page) charges what the single-use discount leaves.
  await expect(page).toHaveURL(new RegExp(`^${creem.publicBaseUrl}/checkout/`));
  await expect(page.getByTestId("amount")).toHaveText("20.00 USD");
  await page.getByRole("button", { name: "Pay now" }).click();

  const banner = page.getByRole("status").filter({ hasText: "Order reference:" });
  await expect(banner).toContainText("Payment successful, thank you!");
  await expect.poll(() => balance(page)).toBe(100);
  const paid = [...creem.checkouts.values()].find((c) => c.order)?.order;
  expect(paid).toMatchObject({ amount: 2000, discount_amount: 500 });
  expect(await latestReceipt(page)).toMatchObject({
    amount: "20.00",
    discount: { code: "CREEMSPRING", listAmount: "25.00" },
  });
});

test("a discounted package through PayPal: the order PayPal is asked for is 20.00, credited once", async ({ page }) => {
  await makeCode(page, "PAYPALSPRING26");
  await signInBuyer(page);
  // A stand-in for PayPal's SDK: its button asks our page for the order, and approves it when told.
  await page.route("https://www.paypal.com/sdk/js**", (route) =>
    route.fulfill({
      contentType: "application/javascript",
      body: `window.paypal = { Buttons(o) { return {
        render(el) {
          const add = (label, run) => { const b = document.createElement("button"); b.type = "button"; b.textContent = label; b.onclick = run; el.append(b); };
          add("PayPal pay", async () => { try { window.__paypalOrder = await o.createOrder(); } catch (e) { o.onError(e); } });
          add("PayPal approved", () => o.onApprove({ orderID: window.__paypalOrder }));
          return Promise.resolve();
        },
        close() { return Promise.resolve(); },
      }; } };`,
    }),
  );
  const dialog = await dialogWithCode(page, "PAYPALSPRING26");
  await dialog.getByRole("button", { name: /Pay with PayPal/ }).click();
  await dialog.getByRole("button", { name: "PayPal pay" }).click();
  const orderId = await expect
    .poll(() => page.evaluate<string | undefined>("window.__paypalOrder"))
    .toBeTruthy()
    .then(() => page.evaluate<string>("window.__paypalOrder"));
  // The buyer approves in PayPal's window: the fake's control does what that window would.
  expect((await page.request.post(`${paypalURL}/__fake/orders/${orderId}/approve`)).status()).toBe(200);
  await dialog.getByRole("button", { name: "PayPal approved" }).click();

  // The capture settles only when PayPal took exactly the order's amount: 20.00.
  await expect.poll(() => balance(page)).toBe(100);
  expect(await latestReceipt(page)).toMatchObject({
    amount: "20.00",
    discount: { code: "PAYPALSPRING26", listAmount: "25.00" },
  });
});
