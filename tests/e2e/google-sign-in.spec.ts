import { expect, test, type APIRequestContext, type Page } from "./fixtures.js";
import { expectNoSeriousAxeFindings } from "./accessibility.js";
import {
  ADMIN,
  expectToast,
  fillSignInForm,
  header,
  openMyAccount,
  signIn,
  signOut,
  uniqueUsername,
} from "./helpers.js";
import { E2E_GOOGLE } from "./google-e2e.js";

/** Who the fake provider signs in next (its test control route); returns their e-mail. */
async function nextGoogleUser(request: APIRequestContext, localPart: string): Promise<string> {
  const url = `http://127.0.0.1:${process.env.E2E_GOOGLE_PORT}/test/identity`;
  const email = `${localPart}@gmail.example`;
  const res = await request.post(url, {
    data: { sub: `e2e-${localPart}`, email, email_verified: true, name: "E2E Person" },
  });
  expect(res.status()).toBe(200);
  return email;
}

/**
 * Registers with a password and an e-mail (which nobody checks) through the API; registering signs
 * in (decision 0167), so `request` is signed out again and the test signs in its own way.
 */
async function registerWithEmail(
  request: APIRequestContext,
  username: string,
  email: string,
  password: string,
): Promise<void> {
  const res = await request.post("/api/auth/register", { data: { username, email, password } });
  expect(res.status(), await res.text()).toBe(201);
  expect((await request.post("/api/auth/logout")).status()).toBe(200);
}

/** From /login through the fake provider's consent page and back. */
async function signInWithGoogle(page: Page): Promise<void> {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();
}

async function setGoogle(request: APIRequestContext, enabled: boolean): Promise<void> {
  const login = await request.post("/api/auth/login", { data: ADMIN });
  expect(login.status()).toBe(200);
  const res = await request.put("/api/admin/settings", {
    data: {
      googleAuthEnabled: enabled,
      googleClientId: E2E_GOOGLE.clientId,
      googleClientSecret: E2E_GOOGLE.clientSecret,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await request.post("/api/auth/logout");
}

test("the Google button shows only when enabled; consent signs in with a toast; a password can be set later", async ({
  page,
  request,
}) => {
  const username = uniqueUsername("goog");
  await nextGoogleUser(request, username);
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toHaveCount(0);

  await setGoogle(request, true);
  try {
    await page.reload();
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
    await page.getByRole("button", { name: "Allow" }).click();
    await expectToast(page, "Signed in with Google", `Welcome, ${username}!`);
    await expect(page).toHaveURL("/");
    await expect(header(page).getByRole("button", { name: "Account menu" })).toBeVisible();

    // No password yet: My Account offers to set one without asking for a current one.
    await openMyAccount(page);
    await page.getByRole("main").getByRole("button", { name: "Set Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Set Password" });
    await expect(dialog.getByLabel("Current password", { exact: true })).toHaveCount(0);
    await dialog.getByLabel("New password", { exact: true }).fill("google-then-pass");
    await dialog.getByLabel("Confirm new password", { exact: true }).fill("google-then-pass");
    await dialog.getByRole("button", { name: "Update Password" }).click();
    await expectToast(page, "Password changed");
    await signOut(page);
    await page.goto("/login");
    await fillSignInForm(page, username, "google-then-pass");
    await expect(header(page).getByRole("button", { name: "Account menu" })).toBeVisible();
  } finally {
    await setGoogle(request, false);
  }
});

test("signing in with Google from a page's sign-in link comes back to that page", async ({ page, request }) => {
  const username = uniqueUsername("gnext");
  await nextGoogleUser(request, username);
  await setGoogle(request, true);
  try {
    await page.goto("/my-creations");
    await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/login?next=%2Fmy-creations");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
    await page.getByRole("button", { name: "Allow" }).click();
    await expectToast(page, "Signed in with Google", `Welcome, ${username}!`);
    await expect(page).toHaveURL("/my-creations");
    await expect(header(page).getByRole("button", { name: "Account menu" })).toBeVisible();
  } finally {
    await setGoogle(request, false);
  }
});

test("declining at the provider comes back with the error toast", async ({ page, request }) => {
  await setGoogle(request, true);
  try {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await page.getByRole("button", { name: "Deny" }).click();
    await expectToast(page, "Google Sign In failed", "Google sign-in was cancelled.");
    await expect(page).toHaveURL("/login");
    await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  } finally {
    await setGoogle(request, false);
  }
});

test("an account registered in advance with the victim's e-mail is not taken over by the victim's Google sign-in", async ({
  page,
  request,
  browser,
}) => {
  // The attacker registers with the victim's address (nobody verifies it) and stays signed in.
  const victimLocal = uniqueUsername("victim");
  const victimEmail = await nextGoogleUser(request, victimLocal);
  const attackerName = uniqueUsername("attacker");
  const attackerContext = await browser.newContext();
  const freshContext = await browser.newContext();
  const attackerPage = await attackerContext.newPage();
  await registerWithEmail(attackerPage.request, attackerName, victimEmail, "attacker-pass-1");
  await signIn(attackerPage, attackerName, "attacker-pass-1");

  await setGoogle(request, true);
  try {
    // The victim signs in with Google: told an account exists, and signed into nothing.
    await signInWithGoogle(page);
    await expect(page).toHaveURL("/login");
    const notice = page.getByRole("alert").filter({ hasText: "This e-mail already has an account" });
    await expect(notice).toContainText(
      "Sign in with its password and connect Google on My Account, or create a new account with Google.",
    );
    await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();
    expect((await page.request.get("/api/auth/current-user")).status()).toBe(401);

    // The victim asks for a new account: it is theirs, with their e-mail.
    await notice.getByRole("button", { name: "Create a new account with Google" }).click();
    await expectToast(page, "Signed in with Google", /^Welcome, /);
    await expect(page).toHaveURL("/");
    await openMyAccount(page);
    const profile = page.getByRole("main");
    await expect(profile.getByText(victimEmail, { exact: true })).toBeVisible();
    await expect(profile.getByText(attackerName)).toHaveCount(0);
    const victim = await (await page.request.get("/api/auth/current-user")).json();
    expect(victim).toMatchObject({ email: victimEmail, hasPassword: false });
    expect(victim.username).not.toBe(attackerName);

    // The victim creates an API token; neither the attacker's session nor password reaches it.
    const created = await page.request.post("/api/user-tokens", { data: { name: "victim-n8n" } });
    expect(created.status(), await created.text()).toBe(201);
    const attackerTokens = await attackerPage.request.get("/api/user-tokens");
    expect(attackerTokens.status()).toBe(200);
    expect(await attackerTokens.text()).not.toContain("victim-n8n");
    await attackerPage.goto("/my-account");
    await expect(attackerPage.getByRole("main").getByText(attackerName).first()).toBeVisible();
    await expect(attackerPage.getByRole("main").getByText(victimEmail)).toHaveCount(0);
    // A fresh browser with only the attacker's password.
    const relogin = freshContext.request;
    const again = await relogin.post("/api/auth/login", {
      data: { username: attackerName, password: "attacker-pass-1" },
    });
    expect(again.status()).toBe(200);
    expect((await again.json()).user).toMatchObject({ username: attackerName, email: null });
    expect(await (await relogin.get("/api/user-tokens")).text()).not.toContain("victim-n8n");

    // Next time Google signs the victim straight into their own account.
    await signOut(page);
    await signInWithGoogle(page);
    await expectToast(page, "Signed in with Google", `Welcome, ${victim.username}!`);
    const tokens = await page.request.get("/api/user-tokens");
    expect(await tokens.text()).toContain("victim-n8n");
  } finally {
    await attackerContext.close();
    await freshContext.close();
    await setGoogle(request, false);
  }
});

test("Connect Google on My Account links the signed-in account; Google then signs into it", async ({
  page,
  request,
}) => {
  const username = uniqueUsername("connect");
  const email = await nextGoogleUser(request, username);
  await registerWithEmail(request, username, email, "connect-pass-1");
  await setGoogle(request, true);
  try {
    await signIn(page, username, "connect-pass-1");
    await openMyAccount(page);
    await page.getByRole("main").getByRole("button", { name: "Connect Google" }).click();
    await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
    await page.getByRole("button", { name: "Allow" }).click();
    await expectToast(page, "Google connected");
    await expect(page).toHaveURL("/my-account");
    await expect(page.getByRole("main").getByText("Google account connected")).toBeVisible();
    await expect(page.getByRole("main").getByRole("button", { name: "Connect Google" })).toHaveCount(0);

    await signOut(page);
    await signInWithGoogle(page);
    await expectToast(page, "Signed in with Google", `Welcome, ${username}!`);
    await expect(page).toHaveURL("/");
  } finally {
    await setGoogle(request, false);
  }
});

test("a prompt typed on /generate before signing in with Google is there after the round trip, in both languages and sizes", async ({
  browser,
  request,
}) => {
  await setGoogle(request, true);
  try {
    for (const { locale, viewport, signInToGenerate, signInWithGoogleLabel } of [
      {
        locale: "en-US",
        viewport: { width: 1440, height: 900 },
        signInToGenerate: "Sign in to Generate",
        signInWithGoogleLabel: "Sign in with Google",
      },
      {
        locale: "vi-VN",
        viewport: { width: 390, height: 844 },
        signInToGenerate: "Đăng nhập để tạo video",
        signInWithGoogleLabel: "Đăng nhập bằng Google",
      },
    ]) {
      const username = uniqueUsername("gdraft");
      await nextGoogleUser(request, username);
      const context = await browser.newContext({ locale, viewport });
      try {
        const page = await context.newPage();
        await page.goto("/generate");
        const prompt = `A lantern festival on the river at night (${locale})`;
        const promptField = page.getByRole("main").getByLabel("Prompt", { exact: true });
        await promptField.fill(prompt);
        await page.getByRole("main").getByRole("link", { name: signInToGenerate }).click();
        await expect(page).toHaveURL("/login?next=%2Fgenerate");
        await page.getByRole("button", { name: signInWithGoogleLabel }).click();
        await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
        await page.getByRole("button", { name: "Allow" }).click();

        // Back on the generator, signed in, with the prompt typed before.
        await expect(page).toHaveURL("/generate");
        await expect(promptField).toHaveValue(prompt);
        expect(await page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth")).toBe(false);
        await expectNoSeriousAxeFindings(page);
      } finally {
        await context.close();
      }
    }
  } finally {
    await setGoogle(request, false);
  }
});
