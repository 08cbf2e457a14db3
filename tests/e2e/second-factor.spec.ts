/**
 * Passkeys as a second factor (decision 0092), with Chromium's virtual authenticator: a person
 * adds a passkey on the security page (their first factor: with the password, decision 0135),
 * signs out, signs in with the password and passes the second step with the passkey. WebAuthn
 * refuses IP addresses as relying parties, so this test's pages are opened on localhost (the
 * server takes it for PUBLIC_URL's 127.0.0.1).
 */
import { expect, test } from "./fixtures.js";
import { fillSignInForm, header, registerViaApi, signIn, signOut, uniqueUsername } from "./helpers.js";

test("a passkey added on the security page passes sign-in's second step", async ({ browser, request }) => {
  const base = new URL(String(test.info().project.use.baseURL));
  base.hostname = "localhost";
  const context = await browser.newContext({ baseURL: base.origin, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  const username = uniqueUsername("passkey");
  const password = "passkey-pass-1";
  await registerViaApi(request, username, password);
  await signIn(page, username, password);

  await page.goto("/account/security");
  await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
  await page.getByLabel("Passkey name").fill("Test laptop");
  // The first factor asks for the password: a signed-in session alone does not add one (decision 0135).
  const add = page.getByRole("button", { name: "Add a passkey" });
  await expect(add).toBeDisabled();
  await page.getByLabel("Your password", { exact: true }).fill(password);
  await add.click();
  // The first factor makes the recovery codes, shown once.
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await expect(page.getByRole("list", { name: "Your passkeys" })).toContainText("Test laptop");
  await page.getByRole("button", { name: "I have saved them" }).click();

  await signOut(page);
  await page.goto("/login");
  await fillSignInForm(page, username, password);
  await expect(page).toHaveURL(/\/second-factor/);
  await expect(page.getByRole("heading", { name: "Confirm it is you", level: 1 })).toBeVisible();
  // Half signed in: the account's own pages stay closed until the second step.
  const stats = await page.evaluate(async () => (await fetch("/api/user/stats")).status);
  expect(stats).toBe(403);

  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL("/");
  await expect(header(page).getByRole("button", { name: "Account menu" })).toBeVisible();
  expect(await page.evaluate(async () => (await fetch("/api/user/stats")).status)).toBe(200);
  await context.close();
});
