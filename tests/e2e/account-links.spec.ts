/**
 * The links sent by mail (decision 0088), read from what reached the SMTP server: a person who
 * forgot their password gets back in from the mail alone (desktop, English); a new account's
 * address is confirmed from the mail and its banner goes (phone, Vietnamese); an intruder's change
 * of address is cancelled from the old address's notice (decision 0128).
 */
import { expect, test } from "./fixtures.js";
import { expectToast, fillSignInForm, header, signOut, uniqueUsername } from "./helpers.js";
import { linkTo, waitForMail } from "./mail-helpers.js";

test("forgot password: the link in the mail sets a new password, signs in, and the old one stops working", async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const username = uniqueUsername("forgot");
  const email = `${username}@people.example`;
  const registered = await request.post("/api/auth/register", {
    data: { username, email, password: "old-password-1" },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await expect(page.getByRole("heading", { name: "Forgot your password?", level: 1 })).toBeVisible();
  await page.getByLabel("E-mail address or username").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toContainText("a link to choose a new password is on its way");

  const mail = await waitForMail(email, "Reset your Veo Studio password");
  const link = linkTo(mail, "/reset-password?token=");
  await page.goto(link);
  // The token leaves the address bar as soon as the page has read it.
  await expect(page).toHaveURL("/reset-password");
  await page.getByLabel("New password", { exact: true }).fill("new-password-2");
  await page.getByLabel("Confirm new password").fill("new-password-2");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page).toHaveURL("/");
  await expect(header(page).getByRole("button", { name: "Account menu" })).toBeVisible();
  await waitForMail(email, "Your Veo Studio password was changed");

  // Used once: the same link now says so.
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("third-password-3");
  await page.getByLabel("Confirm new password").fill("third-password-3");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByRole("alert")).toContainText("This link has expired or was already used. Ask for a new one.");

  await page.goto("/");
  await signOut(page);
  await page.goto("/login");
  await fillSignInForm(page, username, "old-password-1");
  await expectToast(page, "Login failed");
  await fillSignInForm(page, username, "new-password-2");
  await expect(page).toHaveURL("/");
  await expect(header(page).getByRole("button", { name: "Account menu" })).toBeVisible();
  await context.close();
});

test("a new account's address is confirmed from the mail, and the banner goes (phone, Vietnamese)", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "vi-VN", viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const username = uniqueUsername("confirm");
  const email = `${username}@people.example`;

  await page.goto("/login");
  await page.getByRole("tab", { name: "Đăng ký" }).click();
  await page.getByLabel("Tên đăng nhập", { exact: true }).fill(username);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mật khẩu", { exact: true }).fill("password-1");
  await page.getByLabel("Xác nhận mật khẩu", { exact: true }).fill("password-1");
  await page.getByRole("button", { name: "Tạo tài khoản" }).click();
  // Registering signs in (decision 0167): the new person lands on the generator, welcomed.
  await expectToast(page, `Chào mừng bạn đến với Veo Studio, ${username}!`);
  await expect(page).toHaveURL("/generate");

  const banner = page.getByRole("region", { name: "Xác nhận địa chỉ e-mail của bạn" });
  await expect(banner).toContainText(`Vui lòng xác nhận địa chỉ e-mail ${email}`);
  const sendAgain = banner.getByRole("button", { name: "Gửi lại liên kết" });
  await expect(sendAgain).toBeVisible();
  expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
  await sendAgain.click();
  await expect(banner.getByRole("status")).toContainText(`Một liên kết mới đang được gửi tới ${email}`);

  // The message is in the language of the browser that registered.
  const mail = await waitForMail(email, "Xác nhận địa chỉ e-mail của bạn");
  await page.goto(linkTo(mail, "/verify-email?token="));
  await expect(page).toHaveURL("/verify-email");
  // The page names the account and asks before it confirms (decision 0131).
  await expect(page.getByText(`Hãy xác nhận rằng ${email} là địa chỉ của tài khoản ${username}.`)).toBeVisible();
  await page.getByRole("button", { name: `Đúng, ${username} là của tôi: xác nhận` }).click();
  await expect(page.getByRole("heading", { name: "Đã xác nhận địa chỉ", level: 1 })).toBeVisible();
  await expect(page.getByText(`Địa chỉ ${email} của tài khoản ${username} đã được xác nhận.`)).toBeVisible();
  await expect(banner).toHaveCount(0);

  await page.getByRole("link", { name: "Đến Tài khoản của tôi" }).click();
  await expect(page).toHaveURL("/my-account");
  await expect(page.getByText("Đã xác nhận", { exact: true })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await context.close();
});

test("the old address cancels an intruder's change of address, and the intruder is out", async ({
  browser,
  request,
}) => {
  const username = uniqueUsername("owner");
  const email = `${username}@people.example`;
  const password = "owner-password-1";
  expect((await request.post("/api/auth/register", { data: { username, email, password } })).status()).toBe(201);
  const token = (link: string) => new URL(link).searchParams.get("token");
  const verify = linkTo(await waitForMail(email, "Confirm your e-mail address"), "/verify-email?token=");
  expect((await request.post("/api/auth/verify-email", { data: { token: token(verify) } })).status()).toBe(200);

  // Someone who knew the password asks to move the account to their own address.
  const intruder = await browser.newContext();
  const theirs = `${uniqueUsername("intruder")}@elsewhere.example`;
  expect((await intruder.request.post("/api/auth/login", { data: { username, password } })).status()).toBe(200);
  const asked = await intruder.request.post("/api/user/email", { data: { email: theirs, currentPassword: password } });
  expect(asked.status(), await asked.text()).toBe(202);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const notice = await waitForMail(email, "A new e-mail address was asked for your account");
  await page.goto(linkTo(notice, "/cancel-email-change?token="));
  await expect(page).toHaveURL("/cancel-email-change");
  await expect(page.getByRole("heading", { name: "Was it not you?", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Cancel the change" }).click();
  await expect(page.getByRole("heading", { name: "The change was cancelled", level: 1 })).toBeVisible();
  await expect(page.getByText(`The account ${username} keeps its address`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Choose a new password" })).toHaveAttribute("href", "/forgot-password");

  // The intruder's session and link are both gone.
  expect((await intruder.request.get("/api/auth/current-user")).status()).toBe(401);
  const confirm = linkTo(await waitForMail(theirs, "Confirm your new e-mail address"), "/confirm-email?token=");
  const used = await intruder.request.post("/api/auth/confirm-email-change", { data: { token: token(confirm) } });
  expect(used.status()).toBe(400);
  await intruder.close();
  await context.close();
});
