import { expect, test } from "./fixtures.js";
import { expectToast } from "./helpers.js";

test.beforeEach(async ({ page }) => {
  await page.goto("/login");
});

test("sign in shows the app's own messages for empty fields", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/auth/login")) requests.push(r.url());
  });

  await expect(page.locator("form")).toHaveAttribute("novalidate", "");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Username is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
  await expect(page.getByLabel("Username", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Username", { exact: true }).fill("someone");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Username is required")).toHaveCount(0);
  await expect(page.getByText("Password is required")).toBeVisible();
  expect(requests).toEqual([]);
});

test("register shows the app's own messages for short and mismatched values", async ({ page }) => {
  await page.getByRole("tab", { name: "Register" }).click();
  await expect(page.locator("form")).toHaveAttribute("novalidate", "");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(page.getByText("Please confirm your password")).toBeVisible();

  await page.getByLabel("Username", { exact: true }).fill("ab");
  await page.getByLabel("Email", { exact: true }).fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("12345");
  await page.getByLabel("Confirm password", { exact: true }).fill("54321");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill("123456");
  await page.getByLabel("Confirm password", { exact: true }).fill("1234567");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Password must be at least 6 characters")).toHaveCount(0);
  await expect(page.getByText("Passwords don't match")).toBeVisible();
});

test("registering a taken username shows the server's message", async ({ page }) => {
  await page.getByRole("tab", { name: "Register" }).click();
  await page.getByLabel("Username", { exact: true }).fill("admin");
  await page.getByLabel("Password", { exact: true }).fill("whatever-123");
  await page.getByLabel("Confirm password", { exact: true }).fill("whatever-123");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, "Registration failed", "Username already exists.");
});
