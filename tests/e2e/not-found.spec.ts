import { expect, test } from "./fixtures.js";

test("an unknown path shows the 404 page", async ({ page }) => {
  const response = await page.goto("/this/page/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);

  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL("/");
});
