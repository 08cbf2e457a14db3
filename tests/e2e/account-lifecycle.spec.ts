import { expect, test, type APIRequestContext, type Page } from "./fixtures.js";
import {
  expectToast,
  fillSignInForm,
  header,
  openMyAccount,
  registerViaApi,
  signIn,
  signOut,
  uniqueUsername,
} from "./helpers.js";

test("register, sign in, change the password, sign out and sign in again", async ({ page }) => {
  // A whole account's life in one test: about 11 s on an idle machine, up to 30 s when the two
  // cores are busy, where the default 30 s limit cut it off at whatever step it had reached.
  test.setTimeout(60_000);
  const username = uniqueUsername("life");
  const email = `${username}@example.com`;
  const oldPassword = "first-pass-1";
  const newPassword = "second-pass-2";

  await page.goto("/login");
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: /credits/ })).toHaveCount(0);
  await expect(header(page).getByRole("button", { name: "Account menu" })).toHaveCount(0);

  // Register: the new person is signed in at once and lands on the generator, welcomed (decision 0167).
  await page.getByRole("tab", { name: "Register" }).click();
  await expect(page.getByText("Create your account")).toBeVisible();
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(oldPassword);
  await page.getByLabel("Confirm password", { exact: true }).fill(oldPassword);
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page).toHaveURL("/generate");
  await expectToast(
    page,
    `Welcome to Veo Studio, ${username}!`,
    `Your account is ready and you are signed in. A link to confirm ${email} is on its way.`,
  );
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);

  // Signed in: the header changes.
  await expect(header(page).getByRole("link", { name: "Sign In" })).toHaveCount(0);
  const credits = header(page).getByRole("link", { name: "0 credits" });
  await expect(credits).toBeVisible();
  await expect(credits).toHaveText("0");
  await expect(credits).toHaveAttribute("href", "/pricing");
  await expect(header(page).getByRole("button", { name: "Account menu" })).toBeVisible();

  // My Account shows the profile.
  await openMyAccount(page);
  const main = page.getByRole("main");
  await expect(main.getByText(username, { exact: true }).first()).toBeVisible();
  await expect(main.getByText(email, { exact: true })).toBeVisible();
  await expect(main.getByText("Standard User").first()).toBeVisible();
  await expect(main.getByRole("link", { name: "Buy Credits" })).toHaveAttribute("href", "/pricing");
  await expect(main.getByRole("link", { name: "View Gallery" })).toHaveAttribute("href", "/my-creations");

  // Change the password: the app's own checks first, then a wrong current password, then success.
  await main.getByRole("button", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expect(dialog.getByText("Please fill in all fields.")).toHaveCount(3);

  await dialog.getByLabel("Current password", { exact: true }).fill(oldPassword);
  await dialog.getByLabel("New password", { exact: true }).fill("12345");
  await dialog.getByLabel("Confirm new password", { exact: true }).fill("12345");
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expect(dialog.getByText("The new password must be at least 6 characters")).toBeVisible();

  await dialog.getByLabel("New password", { exact: true }).fill(newPassword);
  await dialog.getByLabel("Confirm new password", { exact: true }).fill(`${newPassword}x`);
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expect(dialog.getByText("The passwords do not match")).toBeVisible();

  await dialog.getByLabel("Current password", { exact: true }).fill("not-my-password");
  await dialog.getByLabel("Confirm new password", { exact: true }).fill(newPassword);
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expectToast(page, "Password change failed", "The current password is incorrect.");
  await expect(dialog).toBeVisible();

  await dialog.getByLabel("Current password", { exact: true }).fill(oldPassword);
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expectToast(page, "Password changed");
  await expect(dialog).toBeHidden();

  // Sign out: back home, header signed out.
  await signOut(page);
  await expect(header(page).getByRole("button", { name: "Account menu" })).toHaveCount(0);
  await expect(header(page).getByRole("link", { name: /credits/ })).toHaveCount(0);

  // The old password no longer works; the new one does.
  await page.goto("/login");
  await fillSignInForm(page, username, oldPassword);
  await expectToast(page, "Login failed", "Invalid username or password.");
  await expect(page).toHaveURL("/login");

  await page.getByLabel("Password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL("/");
  // "Welcome back" is for a person signing in again, never the first greeting.
  await expectToast(page, "Login successful", `Welcome back, ${username}!`);
  await expect(header(page).getByRole("button", { name: "Account menu" })).toBeVisible();

  // Signed in, /login sends you home.
  await page.goto("/login");
  await expect(page).toHaveURL("/");
});

/** Makes an API token with the page's session (as the /api page would) and returns it. */
async function createToken(page: Page, baseURL: string, name: string): Promise<string> {
  const response = await page.request.post("/api/user-tokens", {
    data: { name },
    headers: { origin: new URL(baseURL).origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

/** A bearer call with no cookies: 404 (no such task) while the token works, 401 once revoked. */
async function tokenStatus(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get("/api/n8n/video-status/no-such-task", {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status();
}

test("changing the password keeps the API tokens unless 'Also revoke my API tokens' is ticked", async ({
  page,
  request,
  baseURL,
}) => {
  const username = uniqueUsername("revoke");
  await registerViaApi(page.request, username, "first-pass-1");
  await signIn(page, username, "first-pass-1");
  const token = await createToken(page, baseURL!, "n8n");
  expect(await tokenStatus(request, token)).toBe(404);

  await openMyAccount(page);
  const main = page.getByRole("main");
  const dialog = page.getByRole("dialog", { name: "Change Password" });
  const revoke = dialog.getByRole("checkbox", { name: "Also revoke my API tokens" });

  // Left as it opens (unticked, with a line saying what ticking does): the token keeps working.
  await main.getByRole("button", { name: "Change Password" }).click();
  await expect(dialog).toBeVisible();
  await expect(revoke).not.toBeChecked();
  await expect(revoke).toHaveAccessibleDescription(
    /every API token stops working at once.*Unticked, they keep working/,
  );
  await dialog.getByLabel("Current password", { exact: true }).fill("first-pass-1");
  await dialog.getByLabel("New password", { exact: true }).fill("second-pass-2");
  await dialog.getByLabel("Confirm new password", { exact: true }).fill("second-pass-2");
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expectToast(page, "Password changed");
  await expect(dialog).toBeHidden();
  expect(await tokenStatus(request, token)).toBe(404);

  // Ticked on purpose: the token is revoked with the change.
  await main.getByRole("button", { name: "Change Password" }).click();
  await expect(dialog).toBeVisible();
  await expect(revoke).not.toBeChecked();
  await revoke.check();
  await expect(dialog.getByLabel("Current password", { exact: true })).toHaveValue("");
  await dialog.getByLabel("Current password", { exact: true }).fill("second-pass-2");
  await dialog.getByLabel("New password", { exact: true }).fill("third-pass-3");
  await dialog.getByLabel("Confirm new password", { exact: true }).fill("third-pass-3");
  await dialog.getByRole("button", { name: "Update Password" }).click();
  await expectToast(page, "Password changed", "1 API token was revoked: automations using it need a new token.");
  await expect(dialog).toBeHidden();
  expect(await tokenStatus(request, token)).toBe(401);

  await page.goto("/api");
  await expect(page.getByText("You have no API token yet")).toBeVisible();
});

test("in Vietnamese the revoke box opens unticked and says what it does", async ({ browser }) => {
  const context = await browser.newContext({ locale: "vi-VN", viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const username = uniqueUsername("revokevi");
    await registerViaApi(page.request, username, "first-pass-1");
    await page.goto("/login");
    await page.locator("#login-username").fill(username);
    await page.locator("#login-password").fill("first-pass-1");
    await page.locator("form button[type=submit]").click();
    await expect(page).toHaveURL("/");
    await page.goto("/my-account");
    await page.getByRole("main").getByRole("button", { name: "Đổi mật khẩu" }).click();
    const revoke = page.getByRole("dialog").getByRole("checkbox");
    await expect(revoke).not.toBeChecked();
    await expect(revoke).toHaveAccessibleDescription(/API/);
    await expect(revoke).toBeInViewport();
  } finally {
    await context.close();
  }
});

test("'Sign out other devices' ends the other browser's session at once and keeps this one", async ({
  page,
  browser,
}) => {
  const username = uniqueUsername("others");
  await registerViaApi(page.request, username, "first-pass-1");
  await signIn(page, username, "first-pass-1");
  const laptop = await browser.newContext();
  try {
    const other = await laptop.newPage();
    await signIn(other, username, "first-pass-1");

    await openMyAccount(page);
    await page.getByRole("main").getByRole("button", { name: "Sign out other devices" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign out of every other device?" });
    await expect(dialog).toContainText("You stay signed in here.");
    await dialog.getByRole("button", { name: "Sign out other devices" }).click();
    await expectToast(page, "Signed out of other devices", "1 other session ended.");
    await expect(dialog).toBeHidden();

    // The other browser's open page hears it on its live stream and shows it signed out.
    await expect(header(other).getByRole("link", { name: "Sign In" })).toBeVisible();
    expect((await other.request.get("/api/auth/current-user")).status()).toBe(401);
    await page.reload();
    await expect(header(page).getByRole("button", { name: "Account menu" })).toBeVisible();
    expect((await page.request.get("/api/auth/current-user")).status()).toBe(200);
  } finally {
    await laptop.close();
  }
});
