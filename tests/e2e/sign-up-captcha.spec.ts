/**
 * Cloudflare Turnstile on the sign-up form (decision 0091), in a browser: with the admin's keys set,
 * the form loads the widget's script (here the fake's stand-in, allowed by the pages' policy), and
 * the widget's token reaches the server, which checks it with siteverify. Site-wide: while it is
 * on every sign-up needs the widget, so this file runs alone and turns it off after itself.
 */
import { expect, test, type APIRequestContext } from "./fixtures.js";
import { ADMIN, expectToast, uniqueUsername } from "./helpers.js";
import { E2E_TURNSTILE } from "./turnstile-e2e.js";

const setTurnstile = async (
  admin: APIRequestContext,
  keys: { turnstileSiteKey: string | null; turnstileSecret: string | null },
) => expect((await admin.put("/api/admin/settings/sign-ups", { data: keys })).status()).toBe(200);

// Signed in once, before the widget is on: with it on, a sign-in from an address that other specs'
// wrong passwords came from needs the widget too (decision 0091), and the clean-up must not.
let admin: APIRequestContext;
test.beforeAll(async ({ playwright }, testInfo) => {
  admin = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  expect((await admin.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
});

test.afterAll(async () => {
  try {
    await setTurnstile(admin, { turnstileSiteKey: null, turnstileSecret: null });
  } finally {
    await admin.dispose();
  }
});

test("the widget's token reaches the server and passes siteverify", async ({ page }) => {
  await setTurnstile(admin, { turnstileSiteKey: E2E_TURNSTILE.siteKey, turnstileSecret: E2E_TURNSTILE.secret });
  const { scriptUrl } = (await (await admin.get("/api/auth/captcha")).json()) as { scriptUrl: string };
  const verifications = async () =>
    (await (await admin.get(new URL("/verifications", scriptUrl).href)).json()) as {
      response: string;
      success: boolean;
    }[];
  const before = (await verifications()).length;

  await page.goto("/login");
  await page.getByRole("tab", { name: "Register" }).click();
  const username = uniqueUsername("human");
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Password", { exact: true }).fill("human-pass-123");
  await page.getByLabel("Confirm password", { exact: true }).fill("human-pass-123");
  // The stand-in widget drew itself with the admin's site key and handed the form its token.
  await expect(page.locator(`[data-turnstile-stand-in="${E2E_TURNSTILE.siteKey}"]`)).toHaveText(
    "Stand-in check passed",
  );
  await page.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, `Welcome to Veo Studio, ${username}!`);

  const checked = (await verifications()).slice(before);
  expect(checked).toHaveLength(1);
  expect(checked[0]).toMatchObject({ success: true, response: expect.stringMatching(/^pass\.register\./) });
});
