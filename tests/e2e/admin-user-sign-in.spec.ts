/**
 * A user's admin page says why they cannot sign in and sends them a password-reset link
 * (decision 0146): at 1440 px in English, then on a 390 px phone in Vietnamese. The link reaches
 * the person's mailbox (the SMTP fake) and never the admin's page.
 */
import { expect, test, type APIRequestContext, type Page } from "./fixtures.js";
import { ADMIN, uniqueUsername } from "./helpers.js";
import { linkTo, waitForMail } from "./mail-helpers.js";
import { signInViaApi } from "./video-helpers.js";

const RESET_SUBJECT = "Reset your Veo Studio password";

/** A person with an address they have not confirmed yet. */
async function personWithAddress(request: APIRequestContext, prefix: string) {
  const username = uniqueUsername(prefix);
  const email = `${username}@people.example`;
  const registered = await request.post("/api/auth/register", {
    data: { username, email, password: "person-pass-1" },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { username, email };
}

/** Opens the person's admin page with the admin's session. */
async function openUserPage(page: Page, username: string): Promise<void> {
  await signInViaApi(page, ADMIN.username, ADMIN.password);
  const found = await page.request.get(`/api/admin/users?q=${username}`);
  const [user] = (await found.json()) as { id: string }[];
  await page.goto(`/admin/users/${user!.id}`);
}

/** The link's secret is in the mail only: the admin's page never shows it. */
async function expectLinkNotOnPage(page: Page, email: string): Promise<void> {
  const token = new URL(linkTo(await waitForMail(email, RESET_SUBJECT), "/reset-password?token=")).searchParams.get(
    "token",
  );
  expect(token).toBeTruthy();
  expect(await page.content()).not.toContain(token!);
}

test("an admin sees why a person cannot sign in and sends them a reset link (1440 px, English)", async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const { username, email } = await personWithAddress(request, "resetlink");
  await openUserPage(page, username);

  const card = page.getByRole("region", { name: "Signing in", exact: true });
  const status = card.getByTestId("sign-in-status");
  await expect(status).toContainText("Can sign in");
  await expect(card.locator('[data-reason="email_unconfirmed"]')).toHaveText(
    "Mail only" + "The e-mail address is not confirmed: signing in is not affected, but only reset links reach it.",
  );

  await card.getByRole("button", { name: "Send password-reset link" }).click();
  const dialog = page.getByRole("dialog", { name: "Send a password-reset link?" });
  await expect(dialog).toContainText(`goes to ${email}, the account's own address`);
  await dialog.getByRole("button", { name: "Send link" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole("status")).toHaveText(
    `A reset link is on its way to ${email}. It works once, within an hour.`,
  );
  await expectLinkNotOnPage(page, email);
  await expect(page.getByRole("region", { name: "Recent admin actions on this user" })).toContainText(
    "New account link sent",
  );

  // Disabled: the page says so, and a reset link is not offered.
  await page.getByRole("button", { name: `Disable ${username}` }).click();
  await expect(status).toContainText("Cannot sign in because:");
  await expect(card.locator('[data-reason="disabled"]')).toContainText(
    "The account is disabled: every sign-in is refused. Enable it to let them in.",
  );
  await expect(card.getByRole("button", { name: "Send password-reset link" })).toBeDisabled();
  await expect(card.getByRole("status")).toHaveText(
    "Enable the account first: a reset link does nothing for a disabled account.",
  );
  await context.close();
});

test("the same on a 390 px phone, in Vietnamese", async ({ browser, request }) => {
  const context = await browser.newContext({ locale: "vi-VN" });
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  const { username, email } = await personWithAddress(request, "datlai");
  await openUserPage(page, username);
  await expect(page.locator("html")).toHaveAttribute("lang", "vi");

  const card = page.getByRole("region", { name: "Đăng nhập", exact: true });
  await expect(card.getByTestId("sign-in-status")).toContainText("Có thể đăng nhập");
  await expect(card.locator('[data-reason="email_unconfirmed"]')).toContainText(
    "Địa chỉ e-mail chưa được xác nhận: không ảnh hưởng đến đăng nhập",
  );
  await card.getByRole("button", { name: "Gửi liên kết đặt lại mật khẩu" }).click();
  const dialog = page.getByRole("dialog", { name: "Gửi liên kết đặt lại mật khẩu?" });
  await expect(dialog).toContainText(email);
  await dialog.getByRole("button", { name: "Gửi liên kết", exact: true }).click();
  await expect(card.getByRole("status")).toHaveText(
    `Liên kết đặt lại mật khẩu đang được gửi tới ${email}. Liên kết dùng được một lần, trong vòng một giờ.`,
  );
  await expectLinkNotOnPage(page, email);
  expect(await page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth")).toBe(false);
  await context.close();
});
