import { expect, test } from "./fixtures.js";
import { ADMIN, mainNav, openMyAccount, registerViaApi, signIn, signOut, uniqueUsername } from "./helpers.js";

const EVERYONE = ["Home", "Generate", "Pricing", "My Creations", "API", "Contact"];

test("only administrators see the Admin menu (History in it) and the Administrator Panel", async ({
  page,
  request,
}) => {
  const username = uniqueUsername("user");
  const password = "user-pass-123";
  await registerViaApi(request, username, password);

  await signIn(page, username, password);
  for (const name of EVERYONE) {
    await expect(mainNav(page).getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(mainNav(page).getByRole("link", { name: "History" })).toHaveCount(0);
  await expect(mainNav(page).getByRole("button", { name: "Admin" })).toHaveCount(0);
  await openMyAccount(page);
  await expect(page.getByRole("main").getByText("Standard User").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Administrator Panel" })).toHaveCount(0);
  await signOut(page);

  await signIn(page, ADMIN.username, ADMIN.password);
  // The admin pages are one Admin menu, History among them (decision 0147).
  await mainNav(page).getByRole("button", { name: "Admin", exact: true }).click();
  const adminMenu = page.getByRole("menu");
  await expect(adminMenu.getByRole("menuitem", { name: "Overview" })).toHaveAttribute("href", "/admin");
  await expect(adminMenu.getByRole("menuitem", { name: "Transactions" })).toHaveAttribute("href", "/history");
  await page.keyboard.press("Escape");
  await openMyAccount(page);
  await expect(page.getByRole("main").getByText("Administrator", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Administrator Panel" })).toHaveAttribute("href", "/admin");
});

test("signed out, My Account offers a way to sign in", async ({ page }) => {
  await page.goto("/my-account");
  const main = page.getByRole("main");
  await expect(main.getByText("Sign in to view your account")).toBeVisible();
  await main.getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/login?next=%2Fmy-account");
});
