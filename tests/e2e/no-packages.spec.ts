/**
 * A fresh install has no credit packages (issue 23): /pricing and /purchase-credits say they are
 * not set up yet, and an admin is shown where to add them; a real failure to load them keeps its
 * error and a retry. The shared e2e server has packages, so page.route plays the empty list.
 */
import { expect, test, type Page } from "./fixtures.js";
import { ADMIN, signIn } from "./helpers.js";
import { createFundedUser, signInViaApi } from "./video-helpers.js";

const NOT_SET_UP = "Credit packages are not set up yet.";
const ADMIN_LINK = "Add packages in Admin → Settings";

async function noPackages(page: Page): Promise<void> {
  await page.route("**/api/credit-packages", (route) => route.fulfill({ json: [] }));
}

test("a visitor and a user read that packages are not set up yet, with no admin link", async ({ page, request }) => {
  await noPackages(page);
  await page.goto("/pricing");
  await expect(page.getByText(NOT_SET_UP)).toBeVisible();
  await expect(page.getByText("Showing our standard packages.")).toHaveCount(0);
  await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: ADMIN_LINK })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Buy Now/ })).toHaveCount(0);

  const username = await createFundedUser(request, "nopackages", 0);
  await signInViaApi(page, username);
  await page.goto("/purchase-credits");
  await expect(page.getByText(NOT_SET_UP)).toBeVisible();
  await expect(page.getByRole("link", { name: ADMIN_LINK })).toHaveCount(0);
  await expect(page.getByRole("radiogroup", { name: "Credit package" })).toHaveCount(0);
});

test("the admin is shown where to add packages", async ({ page }) => {
  await noPackages(page);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto("/pricing");
  await expect(page.getByText(NOT_SET_UP)).toBeVisible();
  await expect(page.getByRole("link", { name: ADMIN_LINK })).toHaveAttribute(
    "href",
    "/admin/settings/prices#packages-title",
  );

  await page.goto("/purchase-credits");
  await expect(page.getByText(NOT_SET_UP)).toBeVisible();
  await page.getByRole("link", { name: ADMIN_LINK }).click();
  await expect(page).toHaveURL("/admin/settings/prices#packages-title");
  await expect(page.getByRole("heading", { name: "Credit Packages" })).toBeInViewport();
});

test("a failure to load keeps its error, and Try again asks again", async ({ page }) => {
  await page.route("**/api/credit-packages", (route) =>
    route.fulfill({ status: 500, json: { message: "Database unavailable" } }),
  );
  await page.goto("/pricing");
  await expect(page.getByText("Showing our standard packages.")).toBeVisible();
  await expect(page.getByText(/The current packages could not be loaded/)).toBeVisible();
  await expect(page.getByText(NOT_SET_UP)).toHaveCount(0);

  await page.unroute("**/api/credit-packages");
  await noPackages(page);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText(NOT_SET_UP)).toBeVisible();
  await expect(page.getByText("Showing our standard packages.")).toHaveCount(0);
});
