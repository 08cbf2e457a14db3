import { expect, test } from "./fixtures.js";

// The channels come from the CONTACT_* values in playwright.config.ts.
test("the contact page offers a button per configured channel", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact us" }).click();
  await expect(page).toHaveURL("/contact");
  await expect(page).toHaveTitle(/Contact/);
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  await expect(page.getByText("We usually reply within a few hours")).toBeVisible();

  const main = page.getByRole("main");
  const web = [
    ["Chat on Zalo", "https://zalo.me/84912345678"],
    ["Join the Zalo community", "https://zalo.me/g/veostudio-e2e"],
    ["Message us on Telegram", "https://t.me/veo_studio_e2e"],
  ] as const;
  for (const [name, href] of web) {
    const link = main.getByRole("link", { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
  }
  const email = main.getByRole("link", { name: /^Send an e-mail/ });
  await expect(email).toHaveAttribute("href", "mailto:support@veo-studio.test");
  await expect(email).not.toHaveAttribute("target", /.+/);
  await expect(email).toContainText("support@veo-studio.test");
  await expect(main.getByRole("listitem")).toHaveCount(4 + 3);
});

test("without configured channels the page says so", async ({ page }) => {
  await page.route("**/api/contact", (route) => route.fulfill({ json: { channels: [] } }));
  await page.goto("/contact");
  await expect(page.getByRole("status")).toHaveText(
    "Contact details have not been set up yet. Please check back soon.",
  );
  await expect(page.getByRole("main").getByRole("link")).toHaveCount(0);
});
