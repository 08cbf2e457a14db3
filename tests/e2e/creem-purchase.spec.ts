/**
 * A real Creem purchase end to end (issue 5): the app talks HTTP to the local fake Creem that
 * playwright.config.ts starts (CREEM_BASE_URL), the browser goes to the fake's hosted checkout
 * page and pays, the fake delivers the signed webhook to the app and sends the browser back to
 * /purchase-credits with checkout_id and order_id. Nothing here is mocked with page.route.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext } from "./fixtures.js";
import { E2E_CREEM } from "./creem-e2e.js";
import { ADMIN, expectToast, registerViaApi, uniqueUsername } from "./helpers.js";
import { PASSWORD, creditsBadge, signInViaApi } from "./video-helpers.js";

const creemURL = `http://127.0.0.1:${process.env.E2E_CREEM_PORT}`;

let admin: APIRequestContext;
let packageId = "";
const packageName = `Creem Pack ${Date.now().toString(36)}`;

test.beforeAll(async ({ baseURL }) => {
  admin = await playwrightRequest.newContext({ baseURL });
  expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  const settings = await admin.put("/api/admin/settings", {
    data: {
      creemEnabled: true,
      creemApiKey: E2E_CREEM.apiKey,
      creemWebhookSecret: E2E_CREEM.webhookSecret,
      creemEnvironment: "test",
      paypalEnabled: false,
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const created = await admin.post("/api/admin/credit-packages", {
    data: {
      // The spec's prices (global-setup.ts) sell below cost at this package's credit: said so.
      confirmBelowCost: true,
      name: packageName,
      credits: 200,
      price: (E2E_CREEM.priceCents / 100).toFixed(2),
      creemProductId: E2E_CREEM.productId,
      bonusCredits: 30,
      isActive: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  packageId = ((await created.json()) as { id: string }).id;
});

test.afterAll(async () => {
  await admin.put("/api/admin/settings", { data: { creemEnabled: false } });
  await admin.delete(`/api/admin/credit-packages/${packageId}`);
  await admin.dispose();
});

test("a user buys a package through Creem's checkout and gets the credits and the bonus exactly once", async ({
  page,
}) => {
  const username = uniqueUsername("creem");
  await registerViaApi(page.request, username, PASSWORD);
  await signInViaApi(page, username);
  const before = ((await (await page.request.get("/api/user/stats")).json()) as { credits: number }).credits;
  const after = before + 200 + 30;

  await page.goto(`/purchase-credits?package=${packageId}`);
  await expect(page.getByRole("radio", { name: new RegExp(packageName) })).toBeChecked();
  // Before: the bonus is promised, and the balance after purchase counts it.
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary).toContainText("+30 bonus credits");
  await expect(summary.locator("dl > div").filter({ hasText: "Balance after purchase" })).toContainText(
    `${after} credits`,
  );
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: /Secure checkout by Creem/ }).click();

  // Creem's hosted checkout (the fake's page, another origin).
  await expect(page).toHaveURL(new RegExp(`^${creemURL}/checkout/`));
  await page.getByRole("button", { name: "Pay now" }).click();

  // Back on our page: banner, toast, the new balance in the header, then a clean address.
  const banner = page.getByRole("status").filter({ hasText: "Order reference:" });
  await expect(banner).toContainText("Payment successful, thank you!");
  await expect(banner).toContainText(`200 credits and 30 bonus credits from ${packageName}`);
  await expectToast(
    page,
    "Payment Successful!",
    `200 credits and 30 bonus credits added. Your balance is now ${after} credits.`,
  );
  await expect(creditsBadge(page, after)).toBeVisible();
  await expect(page).toHaveURL("/purchase-credits");

  // The purchase row on /pricing, naming the package and the provider.
  await page.goto("/pricing");
  const table = page.getByRole("table", { name: "Your transactions, newest first" });
  await expect(table.getByRole("row").filter({ hasText: `Purchased ${packageName}` })).toContainText("+200");
  // The bonus as its own row, named for the package.
  const bonusRow = table.getByRole("row").filter({ hasText: `Bonus: ${packageName}` });
  await expect(bonusRow).toContainText("Bonus");
  await expect(bonusRow).toContainText("+30");

  // Exactly once: the webhook and the return page both settled this payment; one purchase row.
  const history = (await (await page.request.get("/api/transactions?page=1")).json()) as {
    data: { type: string; amount: number; packageId: string | null }[];
  };
  expect(history.data.filter((t) => t.type === "purchase")).toEqual([
    expect.objectContaining({ amount: 200, packageId }),
  ]);
  expect(history.data.filter((t) => t.type === "bonus")).toEqual([expect.objectContaining({ amount: 30, packageId })]);
  expect(((await (await page.request.get("/api/user/stats")).json()) as { credits: number }).credits).toBe(after);

  // A provider's "payment=success" return now finds this purchase in the buyer's history.
  await page.goto("/pricing?payment=success");
  await expectToast(
    page,
    "Payment Successful!",
    `200 credits and 30 bonus credits added. Your balance is now ${after} credits.`,
  );
  await expect(page).toHaveURL("/pricing");
});
