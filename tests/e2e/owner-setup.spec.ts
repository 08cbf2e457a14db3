/**
 * The owner's first hour (issue 38, decision 0074): on a fresh install the admin overview lists
 * what is missing, each step linking to its setting, and ticks a step as the admin sets it up; a
 * KIE key KIE refuses is not saved. The shared e2e server is set up already (packages, contact
 * channels), so this file starts a fresh server of its own (fresh-server.ts): its KIE is its own
 * built-in simulator, which answers the key check and refuses keys containing "sim-bad-key".
 */
import { expect, test, type Page } from "./fixtures.js";
import { startFreshServer, type FreshServer } from "./fresh-server.js";
import { toasts } from "./helpers.js";

let server: FreshServer;
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startFreshServer();
  baseUrl = server.baseUrl;
});

test.afterAll(() => server.stop());

const signInAdmin = (page: Page) => server.signInAdmin(page);

const checklist = (page: Page) => page.getByRole("region", { name: /^(Set up your site|Thiết lập trang của bạn)$/ });
const step = (page: Page, id: string) => checklist(page).locator(`li[data-step="${id}"]`);

async function expectDone(page: Page, done: string[]): Promise<void> {
  for (const id of ["provider", "payment", "packages", "prices", "contact", "mail", "legal", "showcase", "welcome"]) {
    await expect(step(page, id)).toHaveAttribute("data-done", String(done.includes(id)));
  }
}

const overflows = (page: Page) => page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth");

test("the checklist ticks itself as the admin sets up the provider and a contact channel (1440x900, English)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAdmin(page);
  await page.goto(`${baseUrl}/admin`);
  await expect(checklist(page)).toBeVisible();
  await expect(checklist(page).getByText("1 of 9 done")).toBeVisible();
  await expect(step(page, "provider")).toContainText("Running on the simulator: add a KIE key to sell real videos.");
  // A fresh install's prices keep a margin over KIE's cost (decision 0144).
  await expectDone(page, ["prices"]);
  // Welcome credits are on, but nobody can verify an address here yet (issue 70).
  await expect(step(page, "welcome")).toContainText("no mail server and no Google sign-in nobody can verify one");
  await step(page, "welcome").getByRole("link", { name: "Welcome credits" }).click();
  await expect(page).toHaveURL(`${baseUrl}/admin/settings/sign-ups#welcome-title`);
  await expect(page.getByRole("heading", { name: "Welcome credits" })).toBeInViewport();
  await page.goto(`${baseUrl}/admin`);

  // The provider step opens the KIE settings; a key KIE refuses is not saved.
  await step(page, "provider").getByRole("link", { name: "Video provider" }).click();
  await expect(page).toHaveURL(`${baseUrl}/admin/settings/models#kie-token-title`);
  await expect(page.getByRole("heading", { name: "KIE Token" })).toBeInViewport();
  await page.getByLabel("KIE API token", { exact: true }).fill("sim-bad-key-owner");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toasts(page).getByText(/refused this key/)).toBeVisible();
  await page.goto(`${baseUrl}/admin`);
  await expect(checklist(page).getByText("1 of 9 done")).toBeVisible();

  await step(page, "provider").getByRole("link", { name: "Video provider" }).click();
  await page.getByLabel("KIE API token", { exact: true }).fill("kie-owner-good-key-1");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toasts(page).getByText("Settings updated", { exact: true })).toBeVisible();

  // The contact step opens the contact card.
  await page.goto(`${baseUrl}/admin`);
  await expectDone(page, ["provider", "prices"]);
  await step(page, "contact").getByRole("link", { name: "Contact channels" }).click();
  await expect(page).toHaveURL(`${baseUrl}/admin/settings/contact#contact-title`);
  const card = page.getByRole("group", { name: "Contact channels" });
  await expect(card).toBeInViewport();
  // The server's rule, the CONTACT_TELEGRAM one, refuses a name too short: said beside the field,
  // in the owner's words, never the setting's name (issue 68).
  const telegram = card.getByLabel("Telegram username");
  await telegram.fill("@ab");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(telegram).toHaveAccessibleDescription(
    "Enter a Telegram username of 5 to 32 letters, digits or _, e.g. @your_name.",
  );
  await expect(telegram).toBeFocused();
  await expect(page.getByText(/contactTelegram/)).toHaveCount(0);
  await card.getByLabel("Telegram username").fill("");
  await card.getByLabel("Support e-mail").fill("help@owner.test");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toasts(page).getByText("Settings updated", { exact: true }).first()).toBeVisible();

  await page.goto(`${baseUrl}/admin`);
  await expect(checklist(page).getByText("3 of 9 done")).toBeVisible();
  await expectDone(page, ["provider", "prices", "contact"]);
  await expect(step(page, "provider")).toContainText("Videos are made by KIE with your key.");

  // The contact page offers the channel, and now promises a reply time.
  await page.goto(`${baseUrl}/contact`);
  await expect(page.getByRole("link", { name: /help@owner\.test/ })).toBeVisible();
  await expect(page.getByText("Typical response time")).toBeVisible();
});

test("the checklist reads in Vietnamese on a phone, and ticks packages once one is on sale (390x844)", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "vi-VN", viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: "lang", value: "vi", url: baseUrl }]);
  const page = await context.newPage();
  try {
    await signInAdmin(page);
    await page.goto(`${baseUrl}/admin`);
    await expect(checklist(page).getByText("Đã xong 3/9")).toBeVisible();
    await expectDone(page, ["provider", "prices", "contact"]);
    await expect(step(page, "packages")).toContainText("Thêm một gói credit để khách hàng có thể mua.");
    await expect(step(page, "legal")).toContainText(
      "Đăng Điều khoản, Chính sách bảo mật và Chính sách hoàn tiền của bạn.",
    );
    expect(await overflows(page)).toBe(false);

    const created = await page.request.post(`${baseUrl}/api/admin/credit-packages`, {
      data: { name: "Starter", credits: 100, price: "9.00" },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.reload();
    await expect(checklist(page).getByText("Đã xong 4/9")).toBeVisible();
    await expectDone(page, ["provider", "packages", "prices", "contact"]);
    await expect(step(page, "packages")).toContainText("Các gói credit đang được bán.");
    expect(await overflows(page)).toBe(false);

    // A channel typed wrong is told beside its field, in Vietnamese, and nothing is sent.
    // An older link to the card opens the Contact section (decision 0148).
    await page.goto(`${baseUrl}/admin/settings#contact-title`);
    await expect(page).toHaveURL(`${baseUrl}/admin/settings/contact#contact-title`);
    const card = page.getByRole("group", { name: "Kênh liên hệ" });
    const phone = card.getByLabel("Số điện thoại Zalo");
    await phone.fill("12ab");
    await page.getByRole("button", { name: "Lưu thay đổi" }).click();
    await expect(phone).toHaveAccessibleDescription(/^Nhập số điện thoại có 8 đến 15 chữ số/);
    expect(await overflows(page)).toBe(false);
  } finally {
    await context.close();
  }
});

test("a fresh contact page promises no reply time while no channel is set", async ({ page }) => {
  // The shared e2e server has channels; this one had none until the first test set one: clear it.
  await signInAdmin(page);
  const cleared = await page.request.put(`${baseUrl}/api/admin/settings`, {
    data: { contactEmail: null },
  });
  expect(cleared.status(), await cleared.text()).toBe(200);
  // As a visitor: the admin's account may speak Vietnamese since the test before (its language is remembered).
  await page.context().clearCookies();
  await page.goto(`${baseUrl}/contact`);
  await expect(page.getByText("Contact details have not been set up yet. Please check back soon.")).toBeVisible();
  await expect(page.getByText("Typical response time")).toHaveCount(0);
});

test("with no mail server, a test e-mail waits in the local outbox, readable on the Mail tab (390x844, Vietnamese)", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "vi-VN", viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  try {
    await signInAdmin(page);
    await page.goto(`${baseUrl}/admin`);
    await expect(step(page, "mail")).toContainText("Chưa có máy chủ thư");
    await page.goto(`${baseUrl}/admin/settings#mail-title`);
    const card = page.getByRole("region", { name: "Thư", exact: true });
    await expect(card.getByRole("status")).toContainText("Chưa đặt máy chủ thư");
    await page.getByLabel("Gửi e-mail thử đến").fill("owner@owner.test");
    await page.getByRole("button", { name: "Gửi e-mail thử" }).click();
    await expect(toasts(page).getByText("E-mail thử đã được giữ lại", { exact: true })).toBeVisible();

    await page.goto(`${baseUrl}/admin/mail`);
    const table = page.getByRole("region", { name: "Thư, mới nhất trước" });
    await expect(table).toContainText("owner@owner.test");
    await expect(table).toContainText("Đã giữ (chưa có máy chủ thư)");
    await table.getByRole("button", { name: "E-mail thử từ Veo Studio" }).click();
    const message = page.frameLocator('iframe[title="Thư như người nhận thấy"]');
    await expect(message.getByText("Thư từ trang này đến được địa chỉ này.")).toBeVisible();
    expect(await overflows(page)).toBe(false);
  } finally {
    await context.close();
  }
});

test("with no mail server, a kept reset shows its link hidden, and a new link is kept hidden too (decision 0130)", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const person = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await person.newPage();
    const email = `forgot-${Date.now()}@owner.test`;
    const registered = await page.request.post(`${baseUrl}/api/auth/register`, {
      data: { username: `forgot${Date.now()}`, email, password: "old-password-1" },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    await page.goto(`${baseUrl}/forgot-password`);
    await page.getByLabel("E-mail address or username").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("status")).toContainText("a link to choose a new password is on its way");

    // The admin reads it on the Mail tab: kept, since no mail server is set.
    const adminPage = await admin.newPage();
    await signInAdmin(adminPage);
    // The admin account remembers the Vietnamese a test before chose: this one reads in English.
    const csrf = (await admin.cookies()).find((c) => c.name === "csrf")?.value ?? "";
    const english = await adminPage.request.put(`${baseUrl}/api/user/language`, {
      data: { language: "en" },
      headers: { "x-csrf-token": csrf, "sec-fetch-site": "same-origin" },
    });
    expect(english.status(), await english.text()).toBe(200);
    const messages = adminPage.getByRole("button", { name: "Reset your Veo Studio password" });
    await expect(async () => {
      await adminPage.goto(`${baseUrl}/admin/mail?to=${encodeURIComponent(email)}`);
      await expect(messages).toHaveCount(1, { timeout: 5_000 });
    }).toPass({ timeout: 45_000 });
    await messages.click();
    const dialog = adminPage.getByRole("dialog");
    await expect(dialog).toContainText("links are hidden: anyone who read them could use them");
    // No working reset link is offered to open; the frame's copy reads token=hidden.
    await expect(dialog.getByRole("link", { name: /reset-password/ })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Send a new link" }).click();
    await expect(toasts(adminPage).getByText("New link kept in the outbox", { exact: true })).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(messages).toHaveCount(2);
  } finally {
    await person.close();
    await admin.close();
  }
});
