import { expect, test } from "./fixtures.js";

test.use({ viewport: { width: 390, height: 844 } });

const LINKS = ["Home", "Generate", "Pricing", "My Creations", "API", "Contact"];

test("the mobile menu opens, shows the links and closes on navigation", async ({ page }) => {
  await page.goto("/login");
  const toggle = page.getByRole("button", { name: "Toggle menu" });
  const mobileNav = page.getByRole("navigation", { name: "Mobile" });

  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(mobileNav).toHaveCount(0);

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  for (const name of LINKS) {
    await expect(mobileNav.getByRole("link", { name, exact: true })).toBeVisible();
  }

  // The toggle closes it again.
  await toggle.click();
  await expect(mobileNav).toHaveCount(0);

  // Following a link closes it.
  await toggle.click();
  await mobileNav.getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL("/contact");
  await expect(mobileNav).toHaveCount(0);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
});
