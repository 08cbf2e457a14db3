import { expect, test, type APIRequestContext } from "@playwright/test";
import { ADMIN, expectToast, fillSignInForm, header, openMyAccount, signOut, uniqueUsername } from "./helpers.js";
import { E2E_GOOGLE } from "./google-e2e.js";

/** Who the fake provider signs in next (its test control route). */
async function nextGoogleUser(request: APIRequestContext, localPart: string): Promise<void> {
  const url = `http://127.0.0.1:${process.env.E2E_GOOGLE_PORT}/test/identity`;
  const res = await request.post(url, { data: { sub: `e2e-${localPart}`, email: `${localPart}@gmail.example`, email_verified: true, name: "E2E Person" } });
  expect(res.status()).toBe(200);
}

async function setGoogle(request: APIRequestContext, enabled: boolean): Promise<void> {
  const login = await request.post("/api/auth/login", { data: ADMIN });
  expect(login.status()).toBe(200);
  const res = await request.put("/api/admin/settings", {
    data: { googleAuthEnabled: enabled, googleClientId: E2E_GOOGLE.clientId, googleClientSecret: E2E_GOOGLE.clientSecret },
  });
  expect(res.status(), await res.text()).toBe(200);
  await request.post("/api/auth/logout");
}

test("the Google button shows only when enabled; consent signs in with a toast; a password can be set later", async ({ page, request }) => {
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
    await expectToast(page, "Đổi mật khẩu thành công");
    await signOut(page);
    await page.goto("/login");
    await fillSignInForm(page, username, "google-then-pass");
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
