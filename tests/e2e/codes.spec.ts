/**
 * Codes in a browser (issue 70): the admin makes a grant code and a batch of single-use codes on
 * /admin/codes and downloads the batch as CSV; a person whose address is confirmed redeems a code
 * on /pricing and sees their balance rise by its credits, and a second try says it was used. Its
 * own server, whose mail goes to the e2e SMTP fake (redeeming asks for a confirmed address).
 */
import fs from "node:fs/promises";
import { expect, test, type Page } from "./fixtures.js";
import { startFreshServer, type FreshServer } from "./fresh-server.js";
import { expectToast, uniqueUsername } from "./helpers.js";
import { linkTo, waitForMail } from "./mail-helpers.js";
import { PASSWORD } from "./video-helpers.js";

let server: FreshServer;
/** The admin's own code, made by the first test and redeemed by the second. */
const GRANT = `E2E${Date.now().toString(36).toUpperCase()}`;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startFreshServer({ SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}` });
});
test.afterAll(() => server?.stop());

test("the admin makes a grant code and a batch of single-use codes, and downloads the batch (1440x900)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await server.signInAdmin(page);
  await page.goto(`${server.baseUrl}/admin/codes`);
  await expect(page.getByRole("heading", { name: "Codes", level: 1 })).toBeVisible();
  await expect(page.getByRole("switch", { name: "People can redeem and apply codes" })).toBeChecked();

  await page.getByRole("button", { name: "New code" }).click();
  const dialog = page.getByRole("dialog", { name: "New code" });
  await dialog.getByLabel("Code (optional)").fill(GRANT.toLowerCase());
  await dialog.getByLabel("Credits", { exact: true }).fill("40");
  await dialog.getByLabel("Days the credits last").fill("30");
  await dialog.getByRole("button", { name: "Create code" }).click();
  await expectToast(page, "Code saved");
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: GRANT });
  await expect(row).toContainText("40 credits for 30 days");
  await expect(row).toContainText("0 / no limit");
  await expect(row).toContainText("Active");

  await page.getByRole("button", { name: "Make a batch" }).click();
  const batch = page.getByRole("dialog", { name: "Make a batch of codes" });
  await batch.getByLabel("How many codes").fill("3");
  await batch.getByLabel("Note (optional)").fill("E2E reseller");
  await batch.getByLabel("Credits", { exact: true }).fill("10");
  await batch.getByRole("button", { name: "Make the codes" }).click();
  await expect(batch.getByRole("status")).toContainText("3 single-use codes were made.");
  const link = batch.getByRole("link", { name: "Download the codes (CSV)" });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const lines = (await fs.readFile(await download.path(), "utf8"))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toMatch(/^code,kind,label,batch,credits/);
  expect(lines.slice(1)).toHaveLength(3);
  for (const line of lines.slice(1)) expect(line).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4},grant,E2E reseller,/);

  await batch.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("row").filter({ hasText: "E2E reseller" })).toHaveCount(3);
});

/** Registers, signs in and confirms the address through the link the SMTP fake received. */
async function confirmedPerson(page: Page): Promise<void> {
  const username = uniqueUsername("redeem");
  const data = { username, email: `${username}@people.example`, password: PASSWORD };
  expect((await page.request.post(`${server.baseUrl}/api/auth/register`, { data })).status()).toBe(201);
  expect((await page.request.post(`${server.baseUrl}/api/auth/login`, { data })).status()).toBe(200);
  const mail = await waitForMail(data.email, "Confirm your e-mail address");
  await page.goto(linkTo(mail, "/verify-email?token="));
  await page.getByRole("button", { name: `Yes, ${username} is mine: confirm` }).click();
  await expect(page.getByRole("heading", { name: "Address confirmed", level: 1 })).toBeVisible();
}

const balance = async (page: Page) => {
  const res = await page.request.get(`${server.baseUrl}/api/user/stats`);
  return ((await res.json()) as { credits: number }).credits;
};

test("a person redeems a code on /pricing and sees their balance rise (390x844)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await confirmedPerson(page);
  await page.goto(`${server.baseUrl}/pricing`);
  const credits = page.getByRole("region", { name: "Your credits" });
  const before = await balance(page);
  await expect(credits).toContainText(String(before));

  const card = page.getByRole("region", { name: "Have a code?" });
  await card.getByRole("textbox", { name: "Code" }).fill(GRANT.toLowerCase());
  await card.getByRole("button", { name: "Redeem" }).click();
  await expect(card.getByRole("status")).toHaveText(/^40 credits added: they last until .+\.$/);
  expect(await balance(page)).toBe(before + 40);
  await expect(credits).toContainText(String(before + 40));

  // Once per person: the second try says so, and nothing more is added.
  await card.getByRole("textbox", { name: "Code" }).fill(GRANT);
  await card.getByRole("button", { name: "Redeem" }).click();
  await expect(card.getByRole("alert")).toBeVisible();
  expect(await balance(page)).toBe(before + 40);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
});
