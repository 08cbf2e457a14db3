/**
 * /pricing and /purchase-credits (issue 5, decision 0016). Packages, settings and ledger rows are
 * real (admin API); what only a payment provider could answer (a Creem checkout, its
 * confirmation, PayPal's SDK, orders and captures) is played by page.route, so these specs never
 * reach the internet. The full Creem purchase against a fake checkout lives in its own spec.
 */
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type Route,
} from "./fixtures.js";
import { E2E_CREEM } from "./creem-e2e.js";
import { E2E_PAYPAL } from "./paypal-e2e.js";
import { expectNoSeriousAxeFindings } from "./accessibility.js";
import { ADMIN, expectToast, header, registerViaApi, uniqueUsername } from "./helpers.js";
import { PASSWORD } from "./video-helpers.js";

function baseURL(): string {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error("E2E_PORT is not set (playwright.config.ts sets it)");
  return `http://127.0.0.1:${port}`;
}

interface CreatedPackage {
  id: string;
  name: string;
}

let admin: APIRequestContext;
const createdPackages: string[] = [];

test.beforeAll(async () => {
  admin = await playwrightRequest.newContext({ baseURL: baseURL() });
  const login = await admin.post("/api/auth/login", { data: ADMIN });
  expect(login.status(), await login.text()).toBe(200);
});

test.afterAll(async () => {
  for (const id of createdPackages) await admin.delete(`/api/admin/credit-packages/${id}`);
  await setPaymentSettings({ creemEnabled: false, paypalEnabled: false });
  await admin.dispose();
});

async function createPackage(data: {
  name: string;
  credits: number;
  price: string;
  popular?: boolean;
  bonus?: string;
  description?: string;
  creemProductId?: string;
}): Promise<CreatedPackage> {
  const response = await admin.post("/api/admin/credit-packages", {
    data: { isActive: true, confirmBelowCost: true, ...data },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const body = (await response.json()) as { id?: string; package?: { id: string } };
  const id = body.id ?? body.package?.id;
  if (!id) throw new Error(`No package id in ${JSON.stringify(body)}`);
  createdPackages.push(id);
  return { id, name: data.name };
}

async function setPaymentSettings(data: Record<string, unknown>): Promise<void> {
  const response = await admin.put("/api/admin/settings", { data });
  expect(response.status(), await response.text()).toBe(200);
}

/** A package card on /pricing, by the package's name. */
function packageCard(page: Page, name: string): Locator {
  return page.getByRole("main").getByRole("article", { name, exact: true });
}

function buyButton(page: Page, name: string): Locator {
  return page.getByRole("button", { name: `Buy Now: ${name}`, exact: true });
}

function statValue(page: Page, label: string): Locator {
  return page
    .getByRole("region", { name: "Your credits" })
    .locator("dl")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd")
    .first();
}

function transactionsTable(page: Page): Locator {
  return page.getByRole("table", { name: "Your transactions, newest first" });
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate<{ scroll: number; viewport: number }>(
    "({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth })",
  );
  expect(widths.scroll, "the page must not scroll sideways").toBeLessThanOrEqual(widths.viewport);
}

test.describe("visitors", () => {
  test("the fallback packages show when the list cannot be loaded, and buying them is explained", async ({ page }) => {
    await page.route("**/api/credit-packages", (route) =>
      route.fulfill({ status: 500, json: { message: "Database unavailable" } }),
    );
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { name: "Credits & Pricing", level: 1 })).toBeVisible();
    await expect(page.getByText("Showing our standard packages.")).toBeVisible();

    const expected = [
      { name: "Starter", price: "$10.00", credits: "50 credits", bonus: null },
      { name: "Pro", price: "$25.00", credits: "150 credits", bonus: "25 bonus credits" },
      { name: "Premium", price: "$45.00", credits: "300 credits", bonus: "50 bonus credits" },
    ];
    for (const { name, price, credits, bonus } of expected) {
      const card = packageCard(page, name);
      await expect(card).toContainText(price);
      await expect(card).toContainText(credits);
      if (bonus) await expect(card).toContainText(bonus);
    }
    await expect(page.getByRole("main").getByText("Most Popular")).toHaveCount(1);
    await expect(packageCard(page, "Pro").getByText("Most Popular")).toBeVisible();

    // Display only: no dialog, no login detour, an explanation instead.
    await buyButton(page, "Pro").click();
    await expectToast(page, "Purchases unavailable right now", /checkout is paused/);
    await expect(page).toHaveURL("/pricing");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // An empty list is a shop not set up yet (issue 23), not a failure: no stand-in packages.
    await page.unroute("**/api/credit-packages");
    await page.route("**/api/credit-packages", (route) => route.fulfill({ json: [] }));
    await page.reload();
    await expect(page.getByText("Credit packages are not set up yet.")).toBeVisible();
    await expect(page.getByText("Showing our standard packages.")).toHaveCount(0);
  });

  test("real packages with 'Most Popular'; a visitor's button signs up, then buys that package", async ({ page }) => {
    const stamp = Date.now().toString(36);
    const basic = await createPackage({ name: `Basic ${stamp}`, credits: 80, price: "12.5" });
    const popular = await createPackage({
      name: `Creator ${stamp}`,
      credits: 400,
      price: "40.00",
      popular: true,
      bonus: "40 bonus credits",
      description: "For weekly creators",
    });

    await page.goto("/pricing");
    const popularCard = packageCard(page, popular.name);
    await expect(popularCard).toContainText("$40.00");
    await expect(popularCard).toContainText("400 credits");
    await expect(popularCard).toContainText("40 bonus credits");
    await expect(popularCard).toContainText("For weekly creators");
    await expect(popularCard.getByText("Most Popular")).toBeVisible();
    const basicCard = packageCard(page, basic.name);
    await expect(basicCard).toContainText("$12.50");
    await expect(basicCard).toContainText("$0.156 per credit");
    await expect(basicCard.getByText("Most Popular")).toHaveCount(0);
    await expect(page.getByText("Showing our standard packages.")).toHaveCount(0);
    // Signed out: a free account is the main action (decision 0167), no stats or history.
    await expect(page.getByRole("region", { name: "Your credits" })).toHaveCount(0);
    await expect(
      page.getByRole("main").getByRole("link", { name: "Create a free account", exact: true }),
    ).toBeVisible();
    await expect(buyButton(page, basic.name)).toHaveCount(0);

    await page.getByRole("link", { name: `Create a free account to buy ${basic.name}` }).click();
    await expect(page).toHaveURL(
      `/login?mode=register&next=${encodeURIComponent(`/purchase-credits?package=${basic.id}`)}`,
    );
    await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
  });

  test("payment return toasts, then the address resets to /pricing without a reload", async ({ page }) => {
    const cases = [
      { query: "cancelled", title: "Payment Cancelled" },
      {
        query: "failed",
        title: "Payment Failed",
        description: "There was an issue with your payment. Please try again.",
      },
      {
        query: "error",
        title: "Payment Failed",
        description: "There was an issue with your payment. Please try again.",
      },
      // Signed out, nothing confirms a purchase: the address alone does not say credits were added.
      {
        query: "success",
        title: "We are checking your payment",
        description: "Sign in to see your credits. They are added as soon as the payment is confirmed.",
      },
    ];
    for (const { query, title, description } of cases) {
      await page.goto(`/pricing?payment=${query}`);
      await page.evaluate("window.sameDocument = true");
      await expectToast(page, title, description);
      await expect(page).toHaveURL("/pricing");
      expect(await page.evaluate("window.sameDocument")).toBe(true);
    }
  });

  test("payment=success opened by hand, signed in with no purchase: nothing claims credits were added", async ({
    page,
  }) => {
    const api = await playwrightRequest.newContext({ baseURL: baseURL() });
    try {
      const username = uniqueUsername("nopay");
      await registerViaApi(api, username, PASSWORD);
      expect((await api.post("/api/auth/login", { data: { username, password: PASSWORD } })).status()).toBe(200);
      await page.context().addCookies((await api.storageState()).cookies);
      await page.goto("/pricing?payment=success");
      await expectToast(
        page,
        "We are checking your payment",
        "Your credits are added as soon as the payment is confirmed. Your balance and history on this page show them.",
      );
      await expect(page).toHaveURL("/pricing");
      await expect(page.getByText("Payment Successful!")).toHaveCount(0);
      await expect(page.getByText("Your credits have been added to your account.")).toHaveCount(0);
    } finally {
      await api.dispose();
    }
  });

  test("signed out, /purchase-credits asks to sign in", async ({ page }) => {
    await page.goto("/purchase-credits");
    const main = page.getByRole("main");
    await expect(main.getByText("Sign in to purchase credits")).toBeVisible();
    await main.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/login?next=%2Fpurchase-credits");
  });
});

/** A visitor's /pricing in each language at a desktop's and a phone's width (decision 0167). */
const VISITOR_VIEWS = [
  {
    language: "English",
    locale: "en-US",
    lang: "en",
    words: {
      signUp: "Create a free account",
      signUpToBuy: (name: string) => `Create a free account to buy ${name}`,
      detail: "Videos with each model",
      prices: "What a video costs",
      headline: (n: number) => new RegExp(`^≈ ${n} Veo3 Fast videos?$`),
      columns: ["Model", "Website", "API"],
    },
  },
  {
    language: "Vietnamese",
    locale: "vi-VN",
    lang: "vi",
    words: {
      signUp: "Tạo tài khoản miễn phí",
      signUpToBuy: (name: string) => `Tạo tài khoản miễn phí để mua ${name}`,
      detail: "Số video với mỗi mô hình",
      prices: "Giá một video",
      headline: (n: number) => new RegExp(`^≈ ${n} video Veo3 Fast$`),
      columns: ["Mô hình", "Trang web", "API"],
    },
  },
] as const;

test.describe("a visitor's /pricing (decision 0167)", () => {
  for (const view of VISITOR_VIEWS) {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      test(`${view.language} at ${viewport.width} px: a free account first, one line a pack, every price, no axe finding`, async ({
        browser,
      }) => {
        const name = `Headline ${uniqueUsername("pack")}`;
        const pack = await createPackage({ name, credits: 500, price: "49.00" });
        const pricing = (await (await admin.get("/api/pricing/current")).json()) as {
          models: { model: string; web_credits: number; api_credits: number }[];
        };
        const fast = pricing.models.find((m) => m.model === "veo3_fast")!;
        const context = await browser.newContext({ baseURL: baseURL(), locale: view.locale, viewport });
        await context.addCookies([{ name: "lang", value: view.lang, url: baseURL() }]);
        try {
          const page = await context.newPage();
          await page.goto("/pricing");
          const main = page.getByRole("main");
          const w = view.words;

          // The main action is an account; signing in is a small link beside it.
          const signUp = main.getByRole("link", { name: w.signUp, exact: true });
          await expect(signUp).toBeVisible();
          await expect(signUp).toHaveAttribute("href", "/login?mode=register&next=%2Fpricing");

          // The pack: one headline in Veo3 Fast videos, the detail per model folded, its own button.
          const card = packageCard(page, name);
          await expect(card.locator("[data-headline]")).toHaveText(w.headline(Math.floor(500 / fast.web_credits)));
          await expect(card.getByRole("link", { name: w.signUpToBuy(name) })).toHaveAttribute(
            "href",
            `/login?mode=register&next=${encodeURIComponent(`/purchase-credits?package=${pack.id}`)}`,
          );
          const detail = card.locator("details");
          await expect(detail.locator("dl")).toBeHidden();
          await card.getByText(w.detail).click();
          await expect(detail.locator("dt")).toHaveCount(pricing.models.length);
          await expect(detail.locator("dl")).toBeVisible();

          // Every model's price of a video, on the website and through the API, signed out too.
          const prices = main.getByRole("region", { name: w.prices });
          await expect(prices.getByRole("columnheader")).toHaveText([...w.columns]);
          await expect(prices.locator("tbody tr")).toHaveCount(pricing.models.length);
          const fastRow = prices.locator("tbody tr").filter({ hasText: "Veo3 Fast" }).first();
          await expect(fastRow.getByRole("cell").nth(0)).toContainText(String(fast.web_credits));
          await expect(fastRow.getByRole("cell").nth(1)).toContainText(String(fast.api_credits));

          await expectNoHorizontalScroll(page);
          await expectNoSeriousAxeFindings(page);
        } finally {
          await context.close();
        }
      });
    }
  }

  test("'Create a free account' signs up and comes back to /pricing signed in, welcomed", async ({ page }) => {
    const username = uniqueUsername("priced");
    const pack = await createPackage({ name: `Back ${username}`, credits: 100, price: "10.00" });
    await page.goto("/pricing");
    await page.getByRole("main").getByRole("link", { name: "Create a free account", exact: true }).click();
    await expect(page).toHaveURL("/login?mode=register&next=%2Fpricing");
    await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
    await page.getByLabel("Username", { exact: true }).fill(username);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();

    // No second step: back where they came from, signed in, greeted as new.
    await expect(page).toHaveURL("/pricing");
    await expectToast(page, `Welcome to Veo Studio, ${username}!`, "Your account is ready and you are signed in.");
    await expect(header(page).getByRole("button", { name: "Account menu" })).toBeVisible();
    await expect(buyButton(page, pack.name)).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Create a free account", exact: true })).toHaveCount(
      0,
    );
    expect(((await (await page.request.get("/api/auth/current-user")).json()) as { username: string }).username).toBe(
      username,
    );
  });
});

test.describe("a signed-in buyer", () => {
  test.describe.configure({ mode: "serial" });

  let buyer: {
    username: string;
    id: string;
    cookies: Awaited<ReturnType<APIRequestContext["storageState"]>>["cookies"];
  };
  let pkg: CreatedPackage;
  let other: CreatedPackage;
  let api: APIRequestContext;

  /** Sets the buyer's balance from the one the admin API shows now (decision 0076). */
  async function setCredits(credits: number): Promise<void> {
    const user = (await (await admin.get(`/api/admin/users/${buyer.id}`)).json()) as { credits: number };
    const response = await admin.put(`/api/admin/users/${buyer.id}/credits`, {
      data: { change: "set", amount: credits, reason: "test set-up", expectedCredits: user.credits },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  async function signIn(page: Page): Promise<void> {
    await page.context().addCookies(buyer.cookies);
  }

  test.beforeAll(async () => {
    const username = uniqueUsername("buyer");
    api = await playwrightRequest.newContext({ baseURL: baseURL() });
    await registerViaApi(api, username, PASSWORD);
    const login = await api.post("/api/auth/login", { data: { username, password: PASSWORD } });
    expect(login.status(), await login.text()).toBe(200);
    const users = (await (await admin.get("/api/admin/users")).json()) as { id: string; username: string }[];
    const id = users.find((u) => u.username === username)?.id;
    if (!id) throw new Error(`No user ${username}`);
    buyer = { username, id, cookies: (await api.storageState()).cookies };

    const stamp = Date.now().toString(36);
    pkg = await createPackage({
      name: `Studio ${stamp}`,
      credits: 150,
      price: "25.00",
      popular: true,
      bonus: "25 bonus credits",
    });
    other = await createPackage({ name: `Lite ${stamp}`, credits: 50, price: "10.00" });
    await setPaymentSettings({ creemEnabled: false, paypalEnabled: false });
  });

  test.afterAll(async () => {
    await api.dispose();
  });

  test("the stat cards and the history show the real figures", async ({ page }) => {
    await setCredits(20);
    const pricing = (await (await api.get("/api/pricing/current")).json()) as { veo3_fast: { web_credits: number } };
    const cost = pricing.veo3_fast.web_credits;
    // As the web app sends it: the web price asks for its token and fetch metadata (decision 0065).
    const webToken = (await api.storageState()).cookies.find((c) => c.name === "csrf")?.value ?? "";
    const generated = await api.post("/api/generate-video", {
      data: {
        prompt: "A lighthouse in a storm, waves crashing",
        model: "veo3_fast",
        aspectRatio: "16:9",
        imageUrls: [],
        enableFallback: false,
      },
      headers: { "sec-fetch-site": "same-origin", "x-csrf-token": webToken },
    });
    expect(generated.status(), await generated.text()).toBe(200);

    await signIn(page);
    await page.goto("/pricing");
    await expect(statValue(page, "Credits Remaining")).toHaveText(String(20 - cost));
    await expect(statValue(page, "Videos Created")).toHaveText("1");
    await expect(statValue(page, "Credits Used")).toHaveText(String(cost));

    const table = transactionsTable(page);
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(2);
    // Newest first: the video's usage, then the admin's adjustment.
    await expect(rows.nth(0)).toContainText("Usage");
    await expect(rows.nth(0)).toContainText("Video generation");
    await expect(rows.nth(0).getByText(`\u2212${cost}`, { exact: true })).toHaveClass(/text-red-300/);
    await expect(rows.nth(1)).toContainText("Adjustment");
    await expect(rows.nth(1)).toContainText("Credits set to 20 by admin");
    await expect(rows.nth(1).getByText("+20", { exact: true })).toHaveClass(/text-emerald-300/);
    await expect(page.getByRole("navigation", { name: "Transaction pages" })).toHaveCount(0);
  });

  test("descriptions longer than 60 characters are cut, the full text in the tooltip", async ({ page }) => {
    const long = "Purchased the Extra Large Creator Bundle (5000 credits) via PayPal with a seasonal promotion";
    await page.route("**/api/transactions?page=1", async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { description: string | null }[]; total: number };
      body.data[0]!.description = long;
      await route.fulfill({ response, json: body });
    });
    await signIn(page);
    await page.goto("/pricing");
    const cell = transactionsTable(page)
      .locator("tbody tr")
      .first()
      .getByText(/^Purchased the Extra Large/);
    await expect(cell).toHaveText(`${Array.from(long).slice(0, 60).join("").trimEnd()}…`);
    await expect(cell).toHaveAttribute("title", long);
  });

  test("the purchase dialog from /pricing, and 'Proceed to Payment' without a provider", async ({ page }) => {
    await signIn(page);
    await page.goto("/pricing");
    await buyButton(page, pkg.name).click();
    const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
    await expect(dialog).toContainText(pkg.name);
    await expect(dialog).toContainText("$25.00");
    await expect(dialog).toContainText("150 credits");
    await expect(dialog.getByText("Payment methods temporarily unavailable")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    // /purchase-credits: the asked-for package is selected; arrow keys move the choice.
    await page.goto(`/purchase-credits?package=${other.id}`);
    const picker = page.getByRole("radiogroup", { name: "Credit package" });
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(picker.getByRole("radio", { name: other.name })).toBeChecked();
    await expect(summary).toContainText("$10.00");
    await expect(summary).toContainText("$0.20");
    // The keyboard: arrows move between packages (in the server's order), Space picks one.
    const radios = picker.getByRole("radio");
    const ids = await radios.evaluateAll((items) => items.map((r) => r.getAttribute("value")));
    const next = radios.nth((ids.indexOf(other.id) + 1) % ids.length);
    await picker.getByRole("radio", { name: other.name }).focus();
    await page.keyboard.press("ArrowDown");
    await expect(next).toBeFocused();
    await page.keyboard.press("Space");
    await expect(next).toBeChecked();
    await picker.getByRole("radio", { name: pkg.name }).click();
    await expect(summary).toContainText(pkg.name);
    await expect(summary).toContainText("150");
    await expect(summary).toContainText("$25.00");
    // The bonus is promised and counted: in the price per credit and in the balance after purchase.
    await expect(summary).toContainText("+25 bonus credits");
    await expect(summary).toContainText("$0.143");
    const { credits: balance } = (await (await api.get("/api/user/stats")).json()) as { credits: number };
    await expect(summary.locator("dl > div").filter({ hasText: "Balance after purchase" })).toContainText(
      `${balance + 150 + 25} credits`,
    );

    await summary.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(dialog.getByText("Payment methods temporarily unavailable")).toBeVisible();
    await expect(dialog.getByRole("button", { name: /Creem|PayPal/ })).toHaveCount(0);
  });

  test("with Creem enabled the modal offers it where it can sell: server errors, a missing URL, then the redirect", async ({
    page,
  }) => {
    await setPaymentSettings({ creemEnabled: true, creemApiKey: E2E_CREEM.apiKey, creemWebhookSecret: "s" });
    try {
      await signIn(page);
      // This package has no Creem product: the dialog says it cannot be bought, with no dead button (issue 68).
      await page.goto(`/purchase-credits?package=${pkg.id}`);
      await page.getByRole("button", { name: "Proceed to Payment" }).click();
      const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
      await expect(dialog.getByRole("alert")).toHaveText(
        "This package cannot be bought right now. Please choose another package, or contact us.",
      );
      await expect(dialog.getByRole("button", { name: /Creem|PayPal/ })).toHaveCount(0);

      const card = await createPackage({
        name: `Card ${Date.now().toString(36)}`,
        credits: 150,
        price: "25.00",
        creemProductId: E2E_CREEM.productId,
      });
      await page.goto(`/purchase-credits?package=${card.id}`);
      await page.getByRole("button", { name: "Proceed to Payment" }).click();
      const creem = dialog.getByRole("button", { name: /Secure checkout by Creem/ });
      await expect(creem).toBeVisible();
      await expect(dialog.getByRole("button", { name: /PayPal/ })).toHaveCount(0);

      // Creem's part, played here: a refusal in the server's words, no URL, then a hosted checkout page.
      const sent: unknown[] = [];
      let answerWith: { status: number; json: object } = {
        status: 502,
        json: {
          message: "Could not start the Creem checkout. Creem is not answering right now.",
          suggestion: "Please try again in a few minutes",
          code: "upstream_error",
          reason: "checkout_failed",
          params: { provider: "Creem" },
        },
      };
      await page.route("**/api/creem/checkout", async (route) => {
        sent.push(route.request().postDataJSON());
        await route.fulfill(answerWith);
      });
      await creem.click();
      await expectToast(
        page,
        "Could not start the Creem checkout. Creem is not answering right now.",
        "Please try again in a few minutes",
      );

      answerWith = { status: 200, json: {} };
      await creem.click();
      await expectToast(page, "No checkout URL received");

      answerWith = { status: 200, json: { checkoutUrl: "https://checkout.creem.test/ch_e2e_1" } };
      await page.route("https://checkout.creem.test/**", (route) =>
        route.fulfill({
          contentType: "text/html",
          body: "<!doctype html><title>Creem checkout</title><h1>Fake Creem checkout</h1>",
        }),
      );
      await creem.click();
      await expect(page).toHaveURL("https://checkout.creem.test/ch_e2e_1");
      await expect(page.getByRole("heading", { name: "Fake Creem checkout" })).toBeVisible();
      expect(sent.at(-1)).toMatchObject({
        packageId: card.id,
        credits: 150,
        packageName: card.name,
        currency: "USD",
        amount: "25.00",
      });
    } finally {
      await setPaymentSettings({ creemEnabled: false });
    }
  });

  test("back from Creem: banner, toast, refreshed balance and a clean address", async ({ page }) => {
    await signIn(page);
    const results = {
      completed: {
        status: "completed",
        credits: 150,
        bonusCredits: 25,
        balance: 194,
        packageName: pkg.name,
        message: "Payment successful: 150 credits and 25 bonus credits were added to your account.",
      },
      pending: {
        status: "pending",
        credits: 150,
        bonusCredits: 25,
        balance: 19,
        packageName: pkg.name,
        message: "Creem has not confirmed this payment yet.",
      },
      failed: {
        status: "failed",
        credits: 150,
        bonusCredits: 25,
        balance: 19,
        packageName: pkg.name,
        message: "This payment did not go through. Nothing was credited.",
      },
    };
    let next: keyof typeof results = "completed";
    const confirmed: unknown[] = [];
    await page.route("**/api/creem/confirm", async (route) => {
      confirmed.push(route.request().postDataJSON());
      await route.fulfill({ json: results[next] });
    });

    // Completed: the banner, the toast, then the header balance is asked for again.
    await page.goto("/purchase-credits");
    await expect(page.getByRole("radiogroup", { name: "Credit package" })).toBeVisible();
    const refreshedUser = page.waitForRequest(
      (r) => r.url().endsWith("/api/auth/current-user") && confirmed.length > 0,
    );
    await page.goto("/purchase-credits?checkout_id=ch_e2e_ok&order_id=ord_e2e_ok&request_id=r1&signature=abc");
    const banner = page.getByRole("status").filter({ hasText: "Order reference: ord_e2e_ok" });
    await expect(banner).toContainText("Payment successful, thank you!");
    await expect(banner).toContainText(`150 credits and 25 bonus credits from ${pkg.name}`);
    await expect(banner).toContainText("Your balance is now 194 credits");
    await expectToast(
      page,
      "Payment Successful!",
      "150 credits and 25 bonus credits added. Your balance is now 194 credits.",
    );
    await refreshedUser;
    await expect(page).toHaveURL("/purchase-credits");
    expect(confirmed).toEqual([{ checkoutId: "ch_e2e_ok" }]);
    // A reload does not confirm again.
    await page.reload();
    await expect(page.getByRole("radiogroup", { name: "Credit package" })).toBeVisible();
    await expect(banner).toHaveCount(0);
    expect(confirmed).toHaveLength(1);

    next = "pending";
    await page.goto("/purchase-credits?checkout_id=ch_e2e_wait&order_id=ord_e2e_wait");
    await expect(page.getByRole("status").filter({ hasText: "Order reference: ord_e2e_wait" })).toContainText(
      "Your payment is being processed",
    );
    await expectToast(page, "Payment Pending", "Creem has not confirmed this payment yet.");
    await expect(page).toHaveURL("/purchase-credits");

    next = "failed";
    await page.goto("/purchase-credits?checkout_id=ch_e2e_no&order_id=ord_e2e_no");
    await expect(page.getByRole("status").filter({ hasText: "Order reference: ord_e2e_no" })).toContainText(
      "The payment did not go through",
    );
    await expectToast(page, "Payment Failed", "This payment did not go through. Nothing was credited.");
  });

  test("PayPal: its SDK loads only once chosen; order, capture, cancel and errors", async ({ page }) => {
    await setPaymentSettings({
      paypalEnabled: true,
      paypalClientId: E2E_PAYPAL.clientId,
      paypalClientSecret: E2E_PAYPAL.clientSecret,
    });
    try {
      const sdkRequests: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("paypal.com")) sdkRequests.push(r.url());
      });
      // A stand-in for PayPal's SDK: buttons that drive the callbacks our page passes in.
      await page.route("https://www.paypal.com/sdk/js**", (route) =>
        route.fulfill({
          contentType: "application/javascript",
          body: `window.paypal = { Buttons(o) { return {
            render(el) {
              const add = (label, run) => { const b = document.createElement("button"); b.type = "button"; b.textContent = label; b.onclick = run; el.append(b); };
              add("Fake PayPal pay", async () => { try { const id = await o.createOrder(); await o.onApprove({ orderID: id }); } catch (e) { o.onError(e); } });
              add("Fake PayPal cancel", () => o.onCancel({ orderID: "X" }));
              add("Fake PayPal break", () => o.onError(new Error("popup closed")));
              return Promise.resolve();
            },
            close() { return Promise.resolve(); },
          }; } };`,
        }),
      );
      const orders: unknown[] = [];
      const captures: { url: string; body: unknown }[] = [];
      let orderAnswer: { status: number; json: object } = { status: 201, json: { id: "PAYPAL-ORDER-1" } };
      let captureAnswer: { status: number; json: object } = {
        status: 200,
        json: {
          status: "completed",
          credits: 150,
          bonusCredits: 0,
          balance: 169,
          packageName: pkg.name,
          message: "Payment successful",
        },
      };
      await page.route("**/paypal/order", async (route) => {
        orders.push(route.request().postDataJSON());
        await route.fulfill(orderAnswer);
      });
      await page.route("**/paypal/order/*/capture", async (route) => {
        captures.push({ url: route.request().url(), body: route.request().postDataJSON() });
        await route.fulfill(captureAnswer);
      });

      await signIn(page);
      await page.goto(`/purchase-credits?package=${pkg.id}`);
      await page.getByRole("button", { name: "Proceed to Payment" }).click();
      const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
      const paypalOption = dialog.getByRole("button", { name: /Pay with PayPal/ });
      await expect(paypalOption).toHaveAttribute("aria-expanded", "false");
      await expect(dialog.getByRole("button", { name: /Creem/ })).toHaveCount(0);
      expect(sdkRequests).toEqual([]);

      await paypalOption.click();
      await expect(paypalOption).toHaveAttribute("aria-expanded", "true");
      const pay = dialog.getByRole("button", { name: "Fake PayPal pay" });
      await expect(pay).toBeVisible();
      expect(sdkRequests).toHaveLength(1);
      const sdkUrl = new URL(sdkRequests[0]!);
      expect(Object.fromEntries(sdkUrl.searchParams)).toEqual({
        "client-id": "e2e-client-id",
        currency: "USD",
        intent: "capture",
      });

      await dialog.getByRole("button", { name: "Fake PayPal cancel" }).click();
      await expectToast(page, "Payment Cancelled");
      await dialog.getByRole("button", { name: "Fake PayPal break" }).click();
      await expectToast(page, "PayPal payment error");

      // Our server refuses the order: its message, not PayPal's generic error.
      orderAnswer = { status: 502, json: { message: "PayPal is not reachable", suggestion: "Try again in a minute." } };
      await pay.click();
      await expectToast(page, "Failed to create payment order", "PayPal is not reachable. Try again in a minute.");

      // The capture fails.
      orderAnswer = { status: 201, json: { id: "PAYPAL-ORDER-2" } };
      captureAnswer = { status: 422, json: { message: "The payment was declined", suggestion: "Try another card." } };
      await pay.click();
      await expectToast(page, "Failed to complete payment", "The payment was declined. Try another card.");

      // Completed: the toast, the dialog closes, the balance is asked for again.
      orderAnswer = { status: 201, json: { id: "PAYPAL-ORDER-3" } };
      captureAnswer = {
        status: 200,
        json: {
          status: "completed",
          credits: 150,
          bonusCredits: 0,
          balance: 169,
          packageName: pkg.name,
          message: "Payment successful",
        },
      };
      const refreshedUser = page.waitForRequest(
        (r) => r.url().endsWith("/api/auth/current-user") && captures.length >= 2,
      );
      await pay.click();
      await expectToast(page, "Payment Successful!", "150 credits added. Your balance is now 169 credits.");
      await expect(dialog).toHaveCount(0);
      await refreshedUser;

      expect(orders.at(-1)).toMatchObject({ intent: "CAPTURE", currency: "USD", packageId: pkg.id, amount: "25.00" });
      expect(captures.map((c) => new URL(c.url).pathname)).toEqual([
        "/paypal/order/PAYPAL-ORDER-2/capture",
        "/paypal/order/PAYPAL-ORDER-3/capture",
      ]);
      expect(captures.at(-1)?.body).toEqual({ packageId: pkg.id });

      // Pending (202): said so, and the dialog closes too.
      await page.getByRole("button", { name: "Proceed to Payment" }).click();
      await dialog.getByRole("button", { name: /Pay with PayPal/ }).click();
      orderAnswer = { status: 201, json: { id: "PAYPAL-ORDER-4" } };
      captureAnswer = {
        status: 202,
        json: {
          status: "pending",
          credits: 150,
          bonusCredits: 0,
          balance: 19,
          packageName: pkg.name,
          message: "PayPal is still processing this payment.",
        },
      };
      await dialog.getByRole("button", { name: "Fake PayPal pay" }).click();
      await expectToast(page, "Payment Pending", "PayPal is still processing this payment.");
      await expect(dialog).toHaveCount(0);
      expect(sdkRequests).toHaveLength(1);
    } finally {
      await setPaymentSettings({ paypalEnabled: false });
    }
  });

  test("PayPal's SDK failing to load is said, with a retry", async ({ page }) => {
    await setPaymentSettings({
      paypalEnabled: true,
      paypalClientId: E2E_PAYPAL.clientId,
      paypalClientSecret: E2E_PAYPAL.clientSecret,
    });
    try {
      await page.route("https://www.paypal.com/sdk/js**", (route) => route.abort("internetdisconnected"));
      await signIn(page);
      await page.goto(`/purchase-credits?package=${pkg.id}`);
      await page.getByRole("button", { name: "Proceed to Payment" }).click();
      const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
      await dialog.getByRole("button", { name: /Pay with PayPal/ }).click();
      await expect(dialog.getByRole("alert")).toContainText("PayPal could not be loaded");
      await expect(dialog.getByRole("button", { name: "Try again" })).toBeVisible();
    } finally {
      await setPaymentSettings({ paypalEnabled: false });
    }
  });

  test("history pagination: 50 a page, at most 5 page buttons", async ({ page }) => {
    test.setTimeout(120_000);
    // Each admin balance edit writes one adjustment row: 2 rows so far + 260 = 262 (6 pages).
    for (let i = 1; i <= 260; i++) await setCredits(100 + i);

    await signIn(page);
    await page.goto("/pricing");
    await expect(statValue(page, "Credits Remaining")).toHaveText("360");
    const section = page.getByRole("region", { name: "Transaction History" });
    const rows = transactionsTable(page).locator("tbody tr");
    const pages = page.getByRole("navigation", { name: "Transaction pages" });
    const pageButtons = pages.getByRole("button", { name: /^Page \d+$/ });
    await expect(section.getByText("1–50 of 262")).toBeVisible();
    await expect(rows).toHaveCount(50);
    await expect(rows.first()).toContainText("Credits set to 360 by admin");
    await expect(pageButtons).toHaveText(["1", "2", "3", "4", "5"]);
    await expect(pages.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(pages.getByRole("button", { name: "Previous page" })).toBeDisabled();

    await pages.getByRole("button", { name: "Next page" }).click();
    await expect(section.getByText("51–100 of 262")).toBeVisible();
    await expect(rows.first()).toContainText("Credits set to 310 by admin");
    await expect(pages.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

    await pages.getByRole("button", { name: "Page 5" }).click();
    await expect(section.getByText("201–250 of 262")).toBeVisible();
    await expect(pageButtons).toHaveText(["2", "3", "4", "5", "6"]);

    await pages.getByRole("button", { name: "Page 6" }).click();
    await expect(section.getByText("251–262 of 262")).toBeVisible();
    await expect(rows).toHaveCount(12);
    await expect(rows.last()).toContainText("Credits set to 20 by admin");
    await expect(pages.getByRole("button", { name: "Next page" })).toBeDisabled();
  });

  test("both pages fit a 360 px phone without sideways scrolling", async ({ page }) => {
    // A name with nowhere to break must wrap anyway.
    await createPackage({ name: `Unbreakable_${uniqueUsername("package_name")}`, credits: 5, price: "1.00" });
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page);
    await page.goto("/pricing");
    await expect(transactionsTable(page).locator("tbody tr")).toHaveCount(50);
    await expect(packageCard(page, pkg.name)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await buyButton(page, pkg.name).click();
    await expect(page.getByRole("dialog", { name: "Complete Your Purchase" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.keyboard.press("Escape");

    await page.route("**/api/creem/confirm", (route) =>
      route.fulfill({
        json: {
          status: "completed",
          credits: 150,
          bonusCredits: 0,
          balance: 510,
          packageName: pkg.name,
          message: "ok",
        },
      }),
    );
    await page.goto(
      `/purchase-credits?package=${pkg.id}&checkout_id=ch_phone&order_id=ord_phone_with_a_rather_long_reference_1234567890`,
    );
    await expect(page.getByRole("region", { name: "Order Summary" })).toBeVisible();
    await expect(page.getByText("Payment successful, thank you!")).toBeVisible();
    await expectNoHorizontalScroll(page);

    await page.context().clearCookies();
    await page.goto("/pricing");
    await expect(
      page.getByRole("main").getByRole("link", { name: "Create a free account", exact: true }),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
