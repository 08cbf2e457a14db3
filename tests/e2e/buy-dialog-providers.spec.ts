/**
 * The buy dialog offers, for each package, only the providers that can sell it (issue 68 §2):
 * with Creem and PayPal both on, a package without its Creem product offers PayPal alone; a
 * package no provider can sell says so in plain words, with no button to press. Its own server
 * (the shared server's settings and packages are other specs' to change), whose Creem and PayPal
 * are the e2e fakes; in English at 1440 px and in Vietnamese on a 390 px phone.
 */
import { E2E_CREEM } from "./creem-e2e.js";
import { E2E_PAYPAL } from "./paypal-e2e.js";
import { expect, test, type Page } from "./fixtures.js";
import { startFreshServer, type FreshServer } from "./fresh-server.js";
import { uniqueUsername } from "./helpers.js";
import { PASSWORD } from "./video-helpers.js";

let server: FreshServer;
const packages = { bare: "", withProduct: "" };

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startFreshServer({
    CREEM_BASE_URL: `http://127.0.0.1:${process.env.E2E_CREEM_PORT}`,
    PAYPAL_BASE_URL: `http://127.0.0.1:${process.env.E2E_PAYPAL_PORT}`,
  });
  const page = await browser.newPage();
  try {
    await server.signInAdmin(page);
    await send(page, "PUT", "/api/admin/settings", {
      creemEnabled: true,
      creemApiKey: E2E_CREEM.apiKey,
      creemWebhookSecret: E2E_CREEM.webhookSecret,
      paypalEnabled: true,
      paypalClientId: E2E_PAYPAL.clientId,
      paypalClientSecret: E2E_PAYPAL.clientSecret,
    });
    packages.bare = await addPackage(page, { name: "Starter", credits: 50, price: "10.00" });
    packages.withProduct = await addPackage(page, {
      name: "Card pack",
      credits: 200,
      price: (E2E_CREEM.priceCents / 100).toFixed(2),
      creemProductId: E2E_CREEM.productId,
    });
  } finally {
    await page.close();
  }
});
test.afterAll(() => server.stop());

async function send(page: Page, method: "PUT" | "POST", path: string, data: object): Promise<string> {
  const res = await page.request.fetch(`${server.baseUrl}${path}`, { method, data });
  const text = await res.text();
  expect(res.status(), text).toBeLessThan(300);
  return text;
}

async function addPackage(page: Page, data: object): Promise<string> {
  const text = await send(page, "POST", "/api/admin/credit-packages", { confirmBelowCost: true, ...data });
  return (JSON.parse(text) as { id: string }).id;
}

/** A new buyer, signed in in the page's browser. */
async function signInBuyer(page: Page): Promise<void> {
  const username = uniqueUsername("buyer");
  const data = { username, password: PASSWORD };
  const registered = await page.request.post(`${server.baseUrl}/api/auth/register`, { data });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await page.request.post(`${server.baseUrl}/api/auth/login`, { data });
  expect(login.status(), await login.text()).toBe(200);
}

/** Opens the buy dialog for a package from /purchase-credits. */
async function openDialog(page: Page, packageId: string, proceed: string) {
  await page.goto(`${server.baseUrl}/purchase-credits?package=${packageId}`);
  await page.getByRole("button", { name: proceed }).click();
  return page.getByRole("dialog");
}

const overflows = (page: Page) => page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth");

test("a package without its Creem product offers only PayPal; one none can sell says so (1440x900, English)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInBuyer(page);

  let dialog = await openDialog(page, packages.bare, "Proceed to Payment");
  await expect(dialog.getByRole("button", { name: /Pay with PayPal/ })).toBeVisible();
  await expect(dialog.getByRole("button", { name: /Creem|Pay with Card/ })).toHaveCount(0);
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  expect(await overflows(page)).toBe(false);

  // The package with its Creem product: both.
  dialog = await openDialog(page, packages.withProduct, "Proceed to Payment");
  await expect(dialog.getByRole("button", { name: /Secure checkout by Creem/ })).toBeVisible();
  await expect(dialog.getByRole("button", { name: /Pay with PayPal/ })).toBeVisible();

  // PayPal off: the package without a Creem product cannot be bought, and no button pretends otherwise.
  await server.signInAdmin(page);
  await send(page, "PUT", "/api/admin/settings", { paypalEnabled: false });
  await signInBuyer(page);
  dialog = await openDialog(page, packages.bare, "Proceed to Payment");
  await expect(dialog.getByRole("alert")).toHaveText(
    "This package cannot be bought right now. Please choose another package, or contact us.",
  );
  await expect(dialog.getByRole("link", { name: "contact us" })).toHaveAttribute("href", "/contact");
  await expect(dialog.getByRole("button", { name: /Creem|PayPal|Card/ })).toHaveCount(0);
  await expect(dialog).not.toContainText(/product|administrator/i);

  await server.signInAdmin(page);
  await send(page, "PUT", "/api/admin/settings", { paypalEnabled: true });
});

test("the same in Vietnamese on a phone: only PayPal for the package without a Creem product (390x844)", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "vi-VN", viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: "lang", value: "vi", url: server.baseUrl }]);
  const page = await context.newPage();
  try {
    await signInBuyer(page);
    let dialog = await openDialog(page, packages.bare, "Tiến hành thanh toán");
    await expect(dialog.getByRole("heading", { name: "Hoàn tất giao dịch mua" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: /Thanh toán bằng PayPal/ })).toBeVisible();
    await expect(dialog.getByRole("button", { name: /Creem|Thanh toán bằng thẻ/ })).toHaveCount(0);
    expect(await overflows(page)).toBe(false);

    dialog = await openDialog(page, packages.withProduct, "Tiến hành thanh toán");
    await expect(dialog.getByRole("button", { name: /Thanh toán bảo mật qua Creem/ })).toBeVisible();
    await expect(dialog.getByRole("button", { name: /Thanh toán bằng PayPal/ })).toBeVisible();
    expect(await overflows(page)).toBe(false);
  } finally {
    await context.close();
  }
});
