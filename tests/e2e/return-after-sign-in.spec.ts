/**
 * After signing in, the person lands where they were going (decision 0078): the sign-in links
 * carry the page as `?next=`, and only a path of this site is followed.
 */
import { expect, test, type Page } from "./fixtures.js";
import { ADMIN, fillSignInForm, header, registerViaApi, uniqueUsername } from "./helpers.js";

const PHONE = { width: 390, height: 844 };

async function newUser(page: Page): Promise<string> {
  const username = uniqueUsername("next");
  await registerViaApi(page.request, username, "next-pass-123");
  return username;
}

test("a page's sign-in prompt comes back to the page after signing in", async ({ page }) => {
  const username = await newUser(page);
  await page.goto("/my-account");
  await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/login?next=%2Fmy-account");
  await fillSignInForm(page, username, "next-pass-123");
  await expect(page).toHaveURL("/my-account");
  await expect(page.getByRole("heading", { name: "My Account", level: 1 })).toBeVisible();
});

test("the header's Sign In keeps the page and its query, on a phone too", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    const username = await newUser(page);
    await page.goto("/api?tab=webhooks");
    await header(page).getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/login?next=%2Fapi%3Ftab%3Dwebhooks");
    await fillSignInForm(page, username, "next-pass-123");
    await expect(page).toHaveURL("/api?tab=webhooks");
  } finally {
    await context.close();
  }
});

test("a next that leads off the site is ignored: the person lands on the home page", async ({ page }) => {
  const username = await newUser(page);
  for (const next of ["//evil.com", "/%5Cevil.com", "https://evil.com/x", "%2F%2Fevil.com", "/%09/evil.com"]) {
    await page.goto(`/login?next=${encodeURIComponent(next).replace(/%25/g, "%")}`);
    await fillSignInForm(page, username, "next-pass-123");
    await expect(page, next).toHaveURL("/");
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
    await page.request.post("/api/auth/logout");
  }
});

test("already signed in, /login?next= goes straight to the page", async ({ page }) => {
  const username = await newUser(page);
  await page.goto("/login");
  await fillSignInForm(page, username, "next-pass-123");
  await expect(page).toHaveURL("/");
  await page.goto("/login?next=%2Fmy-creations");
  await expect(page).toHaveURL("/my-creations");
});

for (const [language, locale, heading, signIn] of [
  ["English", "en-US", "Sign in to continue", "Sign In"],
  ["Vietnamese", "vi-VN", "Đăng nhập để tiếp tục", "Đăng nhập"],
] as const) {
  test(`/admin signed out offers a sign-in that comes back to /admin (${language})`, async ({ browser }) => {
    const context = await browser.newContext({ locale, viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto("/admin/users");
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await page.getByRole("main").getByRole("link", { name: signIn }).click();
      await expect(page).toHaveURL("/login?next=%2Fadmin%2Fusers");
      await page.locator("#login-username").fill(ADMIN.username);
      await page.locator("#login-password").fill(ADMIN.password);
      await page.locator("form button[type=submit]").click();
      await expect(page).toHaveURL("/admin/users");
    } finally {
      await context.close();
    }
  });
}
