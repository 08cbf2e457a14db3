/**
 * Recovery codes shown once (issue 68): copied to the clipboard (and a plain message when the
 * browser refuses), downloaded as a text file holding exactly the codes, and printed alone. In
 * English on a wide screen, and in Vietnamese on a phone.
 */
import fs from "node:fs";
import { Secret, TOTP } from "otpauth";
import { expect, test, type Browser, type Page } from "./fixtures.js";
import { registerViaApi, uniqueUsername } from "./helpers.js";
import { PASSWORD, signInViaApi } from "./video-helpers.js";

const ENGLISH = {
  locale: "en-US",
  viewport: { width: 1440, height: 900 },
  setUp: "Set up an authenticator app",
  appCode: "Code from your authenticator app",
  confirm: "Confirm",
  copy: "Copy codes",
  copied: "The codes are copied to the clipboard.",
  refused: "The browser did not allow copying. Select the codes and copy them, or download them.",
  download: "Download codes",
  print: "Print codes",
  heading: (account: string) => `Veo Studio recovery codes for ${account}`,
  security: "Security",
};

const VIETNAMESE: typeof ENGLISH = {
  locale: "vi-VN",
  viewport: { width: 390, height: 844 },
  setUp: "Thiết lập ứng dụng xác thực",
  appCode: "Mã từ ứng dụng xác thực của bạn",
  confirm: "Xác nhận",
  copy: "Sao chép mã",
  copied: "Đã sao chép các mã vào bộ nhớ tạm.",
  refused: "Trình duyệt không cho phép sao chép. Hãy chọn các mã rồi sao chép, hoặc tải chúng xuống.",
  download: "Tải mã xuống",
  print: "In mã",
  heading: (account: string) => `Mã khôi phục Veo Studio của ${account}`,
  security: "Bảo mật",
};

/** The app's current code for the secret the setup form shows. */
const appCode = (secret: string) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

/** Signs a new account in, adds an authenticator app and returns the recovery codes shown. */
async function showRecoveryCodes(browser: Browser, words: typeof ENGLISH) {
  const context = await browser.newContext({
    locale: words.locale,
    viewport: words.viewport,
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  const account = uniqueUsername("codes");
  await registerViaApi(page.request, account, PASSWORD);
  await signInViaApi(page, account);
  await page.goto("/account/security");
  await expect(page.getByRole("heading", { name: words.security, level: 1 })).toBeVisible();
  await page.getByRole("button", { name: words.setUp }).click();
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  await page.getByLabel(words.appCode).fill(appCode(secret));
  await page.locator("#totp-password").fill(PASSWORD);
  await page.getByRole("button", { name: words.confirm, exact: true }).click();
  const shown = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(shown).toHaveCount(10);
  return { context, page, account, codes: await shown.allTextContents() };
}

async function copies(page: Page, words: typeof ENGLISH, codes: string[]) {
  await page.getByRole("button", { name: words.copy }).click();
  await expect(page.getByRole("status").filter({ hasText: words.copied })).toBeVisible();
  expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(codes.join("\n"));

  // A refused clipboard says so, and what to do instead.
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException("Refused", "NotAllowedError"));
  });
  await page.getByRole("button", { name: words.copy }).click();
  await expect(page.getByRole("status").filter({ hasText: words.refused })).toBeVisible();
}

async function downloads(page: Page, words: typeof ENGLISH, account: string, codes: string[]) {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: words.download }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`veo-studio-recovery-codes-${account}.txt`);
  const [heading, made, blank, ...rest] = fs.readFileSync(await file.path(), "utf8").split("\n");
  expect(heading).toBe(words.heading(account));
  expect(made).toContain(String(new Date().getFullYear()));
  expect(blank).toBe("");
  expect(rest).toEqual([...codes, ""]);
}

async function prints(page: Page, words: typeof ENGLISH, account: string, codes: string[]) {
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
  await page.getByRole("button", { name: words.print }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  await page.emulateMedia({ media: "print" });
  const paper = page.getByTestId("recovery-codes-print");
  await expect(paper.getByRole("heading", { name: words.heading(account) })).toBeVisible();
  await expect(paper.getByRole("listitem")).toHaveText(codes);
  await expect(page.getByRole("heading", { name: words.security, level: 1 })).toBeHidden();
  await expect(page.getByRole("button", { name: words.print })).toBeHidden();
  // What the paper reads: the heading, its date line and the codes, nothing else of the page.
  const printed = (await page.evaluate(() => document.body.innerText)).split("\n").filter((line) => line.trim());
  expect(printed).toEqual([words.heading(account), expect.any(String), ...codes]);
  await page.emulateMedia({ media: "screen" });
  await expect(paper).toBeHidden();
}

for (const words of [ENGLISH, VIETNAMESE]) {
  test(`recovery codes copy, download and print (${words.locale}, ${words.viewport.width} px)`, async ({ browser }) => {
    const { context, page, account, codes } = await showRecoveryCodes(browser, words);
    await expect(page.locator("html")).toHaveAttribute("lang", words.locale.slice(0, 2));
    await copies(page, words, codes);
    await downloads(page, words, account, codes);
    await prints(page, words, account, codes);
    await context.close();
  });
}
