/**
 * Plans in a browser (issue 69): a person subscribes through Creem's hosted checkout (English, 1440
 * px) and through PayPal's subscribe button (Vietnamese, a 390 px phone), sees the plan and its
 * credits, cancels at the period's end and undoes it. Its own server (plans and provider settings
 * are this spec's), a Creem fake of its own whose signed webhooks reach that server, and the e2e
 * PayPal fake, approved over its HTTP controls. PayPal's SDK is a stand-in served for its URL (the
 * browser never reaches paypal.com); everything behind it is the real server and the real fake.
 */
import { E2E_PAYPAL } from "./paypal-e2e.js";
import { expect, test, type Browser, type Page } from "./fixtures.js";
import { startFreshServer, type FreshServer } from "./fresh-server.js";
import { uniqueUsername } from "./helpers.js";
import { PASSWORD } from "./video-helpers.js";
import { startCreemFake, type CreemFake } from "../fakes/creem-fake.mjs";
import { freePort } from "../helpers/free-port.js";

const CREEM = { apiKey: "creem_test_plans_key", webhookSecret: "whsec_plans_secret" };
const PLAN_PRODUCT = "prod_plans_monthly";
const paypalURL = `http://127.0.0.1:${process.env.E2E_PAYPAL_PORT}`;

let server: FreshServer;
let creem: CreemFake;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const creemPort = await freePort();
  creem = await startCreemFake({
    ...CREEM,
    port: creemPort,
    publicBaseUrl: `http://127.0.0.1:${creemPort}`,
    products: { [PLAN_PRODUCT]: { price: 2900, currency: "USD", name: "Studio", billing_period: "every-month" } },
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
      paypalWebhookId: "WH-PLANS-E2E",
    });
    await send(page, "POST", "/api/admin/plans", {
      confirmBelowCost: true,
      name: "Studio",
      description: "For people who make videos every week.",
      monthlyPrice: "29.00",
      yearlyPrice: "290.00",
      creditsPerMonth: 400,
      rolloverCap: 100,
      perks: { commercialUse: true, apiAccess: true },
      creemProductMonthly: PLAN_PRODUCT,
    });
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

async function signInBuyer(page: Page): Promise<void> {
  const data = { username: uniqueUsername("plan"), password: PASSWORD };
  expect((await page.request.post(`${server.baseUrl}/api/auth/register`, { data })).status()).toBe(201);
  expect((await page.request.post(`${server.baseUrl}/api/auth/login`, { data })).status()).toBe(200);
}

const overflows = (page: Page) => page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth");

/** The balance as the server keeps it: the plan's credits and the rest add up to it. */
async function mySubscription(page: Page) {
  const res = await page.request.get(`${server.baseUrl}/api/subscription`);
  return (await res.json()) as {
    subscription: { status: string; cancelAtPeriodEnd: boolean; planCredits: { remaining: number } } | null;
  };
}

test("a visitor sees one line a plan buys, signs up from its card and comes back to Subscribe (decision 0167)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const pricing = (await (await page.request.get(`${server.baseUrl}/api/pricing/current`)).json()) as {
    models: { model: string; web_credits: number }[];
  };
  const fast = pricing.models.find((m) => m.model === "veo3_fast")!.web_credits;
  await page.goto(`${server.baseUrl}/pricing`);
  const card = page.getByRole("main").getByRole("article", { name: "Studio", exact: true });
  // 400 credits a month, counted in Veo3 Fast videos; every model's count folded beneath.
  await expect(card.locator("[data-headline]")).toHaveText(`≈ ${Math.floor(400 / fast)} Veo3 Fast videos a month`);
  await card.getByText("Videos with each model").click();
  await expect(card.locator("details dt")).toHaveCount(pricing.models.length);
  await expect(card.getByRole("button", { name: "Subscribe: Studio" })).toHaveCount(0);

  await card.getByRole("link", { name: "Create a free account to subscribe to Studio" }).click();
  await expect(page).toHaveURL(`${server.baseUrl}/login?mode=register&next=%2Fpricing`);
  const username = uniqueUsername("planvisitor");
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(`${server.baseUrl}/pricing`);
  await expect(page.getByRole("button", { name: "Subscribe: Studio" })).toBeVisible();
});

test("subscribe through Creem's checkout, see the plan and its credits, cancel and undo (1440x900, English)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInBuyer(page);
  await page.goto(`${server.baseUrl}/pricing`);
  await page.getByRole("button", { name: "Subscribe: Studio" }).click();
  const dialog = page.getByRole("dialog", { name: "Subscribe to Studio" });
  await dialog.getByRole("button", { name: /Pay with Card/ }).click();

  // Creem's hosted checkout (the fake's page, another origin), then back to My Account.
  await expect(page).toHaveURL(new RegExp(`^${creem.publicBaseUrl}/checkout/`));
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page).toHaveURL(new RegExp(`^${server.baseUrl}/my-account`));
  const card = page.getByRole("region", { name: "Plan" });
  await expect(card).toContainText("Studio");
  await expect(card).toContainText("400");
  expect((await mySubscription(page)).subscription).toMatchObject({
    status: "active",
    planCredits: { remaining: 400 },
  });

  await card.getByRole("button", { name: "Cancel plan" }).click();
  await page.getByRole("dialog", { name: "Cancel your plan?" }).getByRole("button", { name: "Cancel plan" }).click();
  await expect(card).toContainText(/Cancels on/);
  expect((await mySubscription(page)).subscription).toMatchObject({ cancelAtPeriodEnd: true });
  // The credits stay until the period's end.
  expect((await mySubscription(page)).subscription!.planCredits.remaining).toBe(400);

  await card.getByRole("button", { name: "Undo cancellation" }).click();
  await expect(card).not.toContainText(/Cancels on/);
  expect((await mySubscription(page)).subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
  const paid = creem.webhookDeliveries.filter((d) => d.eventType === "subscription.paid");
  expect(paid.length).toBe(1);
});

/** A stand-in for PayPal's subscription SDK: its button asks our page for the subscription, and approves it when told. */
async function fakePaypalSubscriptionSdk(page: Page): Promise<void> {
  await page.route("https://www.paypal.com/sdk/js**", (route) =>
    route.fulfill({
      contentType: "application/javascript",
      body: `window.paypalSubscriptions = { Buttons(o) { return {
        render(el) {
          const add = (label, run) => { const b = document.createElement("button"); b.type = "button"; b.textContent = label; b.onclick = run; el.append(b); };
          add("PayPal subscribe", async () => { try { window.__paypalSubscription = await o.createSubscription(); } catch (e) { o.onError(e); } });
          add("PayPal approved", () => o.onApprove({ subscriptionID: window.__paypalSubscription }));
          return Promise.resolve();
        },
        close() { return Promise.resolve(); },
      }; } };`,
    }),
  );
}

async function phoneInVietnamese(browser: Browser) {
  const context = await browser.newContext({ locale: "vi-VN", viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: "lang", value: "vi", url: server.baseUrl }]);
  return context;
}

test("subscribe with PayPal's button, see the plan, cancel and undo (390x844, Vietnamese)", async ({ browser }) => {
  const context = await phoneInVietnamese(browser);
  const page = await context.newPage();
  try {
    await fakePaypalSubscriptionSdk(page);
    await signInBuyer(page);
    await page.goto(`${server.baseUrl}/pricing`);
    await page.getByRole("button", { name: "Đăng ký: Studio" }).click();
    const dialog = page.getByRole("dialog", { name: "Đăng ký gói Studio" });
    await dialog.getByRole("button", { name: /Thanh toán bằng PayPal/ }).click();
    await dialog.getByRole("button", { name: "PayPal subscribe" }).click();
    const id = await expect
      .poll(() => page.evaluate<string | undefined>("window.__paypalSubscription"))
      .toMatch(/^I-/)
      .then(() => page.evaluate<string>("window.__paypalSubscription"));
    // The buyer approves in PayPal's window: the fake's control does what that window would.
    const approved = await page.request.post(`${paypalURL}/__fake/subscriptions/${id}/approve`);
    expect(approved.status(), await approved.text()).toBe(200);
    await dialog.getByRole("button", { name: "PayPal approved" }).click();
    await expect(page.getByRole("region", { name: "Gói của bạn" })).toContainText("Studio");
    expect(await overflows(page)).toBe(false);
    expect((await mySubscription(page)).subscription).toMatchObject({
      status: "active",
      planCredits: { remaining: 400 },
    });

    await page.goto(`${server.baseUrl}/my-account`);
    const card = page.getByRole("region", { name: "Gói" });
    await expect(card).toContainText("Studio");
    await card.getByRole("button", { name: "Huỷ gói" }).click();
    await page.getByRole("dialog", { name: "Huỷ gói của bạn?" }).getByRole("button", { name: "Huỷ gói" }).click();
    await expect(card).toContainText(/Huỷ vào/);
    expect(await overflows(page)).toBe(false);
    await card.getByRole("button", { name: "Hoàn tác việc huỷ" }).click();
    await expect(card).not.toContainText(/Huỷ vào/);
    expect((await mySubscription(page)).subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
  } finally {
    await context.close();
  }
});
