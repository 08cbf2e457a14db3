/**
 * A referral from link to reward (issue 70, decision 0157): a referrer copies their link from
 * /my-account; a new person follows it, signs up, confirms their address through the mail the SMTP
 * fake received (their bonus), and buys a package through the Creem fake; the referrer's share is
 * held, then, its hold over, granted and shown on /my-account. Its own server (the programme's
 * settings and the Creem keys are its own), on a data folder this spec knows, so it can move the
 * reward's release time in the embedded database as a day passing would. The two people come from
 * different networks through a trusted proxy's X-Forwarded-For: from one network the referral
 * would be refused as a look-alike.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "./fixtures.js";
import { E2E_CREEM } from "./creem-e2e.js";
import { startFreshServer, type FreshServer } from "./fresh-server.js";
import { ADMIN, uniqueUsername } from "./helpers.js";
import { linkTo, waitForMail } from "./mail-helpers.js";
import { PASSWORD } from "./video-helpers.js";

const creemURL = `http://127.0.0.1:${process.env.E2E_CREEM_PORT}`;
let server: FreshServer;
let admin: APIRequestContext;
let dataDir = "";
let packageId = "";
const packageName = `Referral Pack ${Date.now().toString(36)}`;

/** The server's embedded PostgreSQL: its port (postmaster.pid's fourth line) and the product's password. */
async function database(): Promise<pg.Client> {
  const port = fs
    .readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")
    .split("\n")[3]!
    .trim();
  const password = fs.readFileSync(path.join(dataDir, "postgres.password"), "utf8").trim();
  const client = new pg.Client({ host: "127.0.0.1", port: Number(port), user: "veo", password, database: "postgres" });
  await client.connect();
  return client;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-referral-e2e-"));
  server = await startFreshServer({
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
    CREEM_BASE_URL: creemURL,
    TRUST_PROXY: "true",
  });
  admin = await playwrightRequest.newContext({ baseURL: server.baseUrl });
  expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  const referrals = await admin.put("/api/admin/settings/referrals", {
    data: { referralEnabled: true, referralHoldHours: 24, referralSharePercent: 10, referralRefereeCredits: 50 },
  });
  expect(referrals.status(), await referrals.text()).toBe(200);
  const settings = await admin.put("/api/admin/settings", {
    data: {
      creemEnabled: true,
      creemApiKey: E2E_CREEM.apiKey,
      creemWebhookSecret: E2E_CREEM.webhookSecret,
      creemEnvironment: "test",
      paypalEnabled: false,
      creditValueUsd: "0.1000",
      confirmBelowCost: true,
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const created = await admin.post("/api/admin/credit-packages", {
    data: {
      confirmBelowCost: true,
      name: packageName,
      credits: 200,
      price: (E2E_CREEM.priceCents / 100).toFixed(2),
      creemProductId: E2E_CREEM.productId,
      isActive: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  packageId = ((await created.json()) as { id: string }).id;
});

test.afterAll(async () => {
  await admin?.dispose();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("a referred person's purchase earns the referrer credits after the hold, shown on /my-account", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The referrer, from their own network: their link on /my-account.
  const referrer = await browser.newContext({
    baseURL: server.baseUrl,
    extraHTTPHeaders: { "x-forwarded-for": "203.0.113.20" },
  });
  const referrerPage = await referrer.newPage();
  const referrerName = uniqueUsername("referrer");
  const referrerData = { username: referrerName, email: `${referrerName}@people.example`, password: PASSWORD };
  expect((await referrerPage.request.post("/api/auth/register", { data: referrerData })).status()).toBe(201);
  expect((await referrerPage.request.post("/api/auth/login", { data: referrerData })).status()).toBe(200);
  await referrerPage.goto("/my-account");
  // By the card's anchor and its figures' names: its words are in the catalogues once extracted.
  const card = referrerPage.locator("#referrals");
  const link = await card.locator("input").inputValue();
  expect(link).toMatch(new RegExp(`^${server.baseUrl}/r/[2-9A-HJKMNP-TW-Z]{8}$`));
  const figure = (name: string) => card.locator(`[data-figure="${name}"] dd`);

  // The new person follows the link from another network, signs up and confirms their address.
  const referee = await browser.newContext({
    baseURL: server.baseUrl,
    extraHTTPHeaders: { "x-forwarded-for": "198.51.100.30" },
  });
  const page = await referee.newPage();
  await page.goto(link);
  await expect(page).toHaveURL(`${server.baseUrl}/`);
  const name = uniqueUsername("referee");
  const data = { username: name, email: `${name}@people.example`, password: PASSWORD };
  expect((await page.request.post("/api/auth/register", { data })).status()).toBe(201);
  expect((await page.request.post("/api/auth/login", { data })).status()).toBe(200);
  const mail = await waitForMail(data.email, "Confirm your e-mail address");
  await page.goto(linkTo(mail, "/verify-email?token="));
  await page.getByRole("button", { name: `Yes, ${name} is mine: confirm` }).click();
  await expect(page.getByRole("heading", { name: "Address confirmed", level: 1 })).toBeVisible();
  const history = (await (await page.request.get("/api/transactions?page=1")).json()) as {
    data: { type: string; amount: number }[];
  };
  expect(history.data.filter((t) => t.type === "referral")).toEqual([expect.objectContaining({ amount: 50 })]);

  // They buy through Creem's checkout (the fake's page).
  await page.goto(`/purchase-credits?package=${packageId}`);
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Secure checkout by Creem/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`^${creemURL}/checkout/`));
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Order reference:" })).toContainText(
    "Payment successful, thank you!",
  );

  // Held: $19.99 × 10 % at $0.10 a credit = 19 credits, for the day's hold.
  await referrerPage.reload();
  await expect(figure("joined")).toHaveText("1");
  await expect(figure("bought")).toHaveText("1");
  await expect(figure("held")).toHaveText("19");
  await expect(figure("earned")).toHaveText("0");

  // A day passes: the reward's release time is moved into the past, as the clock would.
  const db = await database();
  try {
    const moved = await db.query(
      "update referral_rewards set release_at = now() - interval '1 second' where status = 'held'",
    );
    expect(moved.rowCount).toBe(1);
  } finally {
    await db.end();
  }
  await referrerPage.reload();
  await expect(figure("earned")).toHaveText("19");
  await expect(figure("held")).toHaveText("0");
  const theirs = (await (await referrerPage.request.get("/api/transactions?page=1")).json()) as {
    data: { type: string; amount: number }[];
  };
  expect(theirs.data.filter((t) => t.type === "referral")).toEqual([expect.objectContaining({ amount: 19 })]);
  await referrer.close();
  await referee.close();
});
