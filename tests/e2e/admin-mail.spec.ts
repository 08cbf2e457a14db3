/**
 * The admin's mail (decision 0085) on the e2e server, whose mail goes to the SMTP fake (SMTP_URL):
 * the Mail card says where mail goes and sends a test that really arrives; the Mail tab lists it,
 * with its body not kept once the server took it. Read-only for the rest of the suite: nothing
 * site-wide is changed.
 */
import { expect, test, type Page } from "./fixtures.js";
import { ADMIN, toasts } from "./helpers.js";
import { waitForMail } from "./mail-helpers.js";

async function signInAdmin(page: Page): Promise<void> {
  const res = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
}

test("a test e-mail from the Mail card arrives, and the Mail tab lists it (1440x900, English)", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAdmin(page);
  await page.goto("/admin/settings/mail");
  const card = page.getByRole("region", { name: "Mail", exact: true });
  await expect(card.getByRole("status")).toContainText("(SMTP_URL)");
  const to = `owner-${Date.now()}@veo-studio.test`;
  const test = page.getByRole("region", { name: "Test message" });
  await test.getByLabel("Send a test e-mail to").fill(to);
  await test.getByRole("button", { name: "Send test e-mail" }).click();
  await expect(toasts(page).getByText("Test e-mail sent", { exact: true })).toBeVisible();
  const mail = await waitForMail(to, "A test e-mail from Veo Studio");
  expect(mail.text).toContain("Mail from this site reaches this address.");

  // Mail is in the Activity group of the admin tabs (decision 0147).
  const sections = page.getByRole("navigation", { name: "Admin sections" });
  await sections.getByRole("link", { name: "Activity" }).click();
  await sections.getByRole("link", { name: "Mail" }).click();
  await expect(page).toHaveURL("/admin/mail");
  await page.getByRole("searchbox", { name: "To" }).fill(to);
  const table = page.getByRole("region", { name: "Mail, newest first" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Sent");
  await table.getByRole("button", { name: "A test e-mail from Veo Studio" }).click();
  await expect(page.getByRole("dialog")).toContainText("The mail server took this message; its body is not kept");
});
