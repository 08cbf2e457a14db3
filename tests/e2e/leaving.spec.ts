/**
 * Leaving (decision 0087): "Download my data" saves a JSON file of the person's own data, and
 * "Delete my account" explains what happens, asks for the password and the username, then signs
 * out to the home page; the old password no longer signs in and the username is held. In English
 * on a desktop and in Vietnamese on a phone.
 */
import fs from "node:fs";
import { expect, test, type Browser, type Page } from "./fixtures.js";
import { expectToast, fillSignInForm, header, signIn } from "./helpers.js";
import { createFundedUser, generateViaApi, PASSWORD, signInViaApi } from "./video-helpers.js";

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

interface ExportFile {
  format: string;
  profile: { username: string; credits: number };
  transactions: { amount: number }[];
  videos: { taskId: string; prompt: string; status: string; files: Record<string, string> }[];
}

/** Waits until the person's videos have all finished. */
async function untilFinished(page: Page, count: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await page.request.get("/api/video-tasks?page=1&limit=100");
        const body = (await res.json()) as { tasks: { status: string }[] };
        return body.tasks.filter((t) => t.status === "completed" || t.status === "failed").length;
      },
      { timeout: 60_000 },
    )
    .toBe(count);
}

/** Clicks the download button and reads the file the browser saved. */
async function downloadMyData(page: Page, button: string): Promise<{ name: string; file: ExportFile }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: button }).click(),
  ]);
  const saved = await download.path();
  return {
    name: download.suggestedFilename(),
    file: JSON.parse(fs.readFileSync(saved, "utf8")) as ExportFile,
  };
}

/** Nothing on the page is wider than the screen. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("English, desktop: download my data, then delete my account and leave signed out", async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  const username = await createFundedUser(request, "leave", 50);
  await signInViaApi(page, username);
  await page.goto("/my-account");
  const prompt = `A paper boat leaving the harbour ${username}`;
  const taskId = await generateViaApi(page, { prompt });
  await untilFinished(page, 1);

  await page.reload();
  const card = page.getByRole("region", { name: "Your data" });
  await expect(card).toBeVisible();

  const { name, file } = await downloadMyData(page, "Download my data");
  const day = new Date().toISOString().slice(0, 10);
  expect(name).toBe(`veo-studio-${username}-${day}.json`);
  expect(file.format).toBe("veo-studio-data-export");
  expect(file.profile.username).toBe(username);
  expect(file.videos).toEqual([expect.objectContaining({ taskId, prompt, status: "completed" })]);
  expect(file.transactions.reduce((sum, row) => sum + row.amount, 0)).toBe(file.profile.credits);

  await card.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/Your videos and uploaded images are deleted/)).toBeVisible();
  await expect(
    dialog.getByText(`Your balance of ${file.profile.credits} credits is lost`, { exact: false }),
  ).toBeVisible();
  const destroy = dialog.getByRole("button", { name: "Delete my account" });
  await expect(destroy).toBeDisabled();

  // A wrong password: refused, and the dialog says so.
  await dialog.getByLabel("Password", { exact: true }).fill("not-my-password");
  await dialog.getByLabel(`Type your username, ${username}, to confirm`).fill(username);
  await expect(destroy).toBeEnabled();
  await destroy.click();
  await expect(dialog.getByRole("alert")).toHaveText("The password is incorrect.");

  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await destroy.click();
  await expect(page).toHaveURL("/");
  await expectToast(page, "Your account was deleted", "Thank you for having been with us.");
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();

  // The old password opens nothing, and the name is held for a while.
  await page.goto("/login");
  await fillSignInForm(page, username, PASSWORD);
  await expect(page.getByText("Invalid username or password.").first()).toBeVisible();
  const register = await page.request.post("/api/auth/register", { data: { username, password: PASSWORD } });
  expect(register.status()).toBe(409);
  expect(((await register.json()) as { reason: string }).reason).toBe("username_held");
});

async function vietnamesePhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "vi-VN", viewport: PHONE });
  return context.newPage();
}

test("Vietnamese, phone: the card, the file and the deletion read in Vietnamese and fit the screen", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const page = await vietnamesePhone(browser);
  const username = await createFundedUser(request, "roi", 0);
  await signInViaApi(page, username);
  await page.goto("/my-account");
  const card = page.getByRole("region", { name: "Dữ liệu của bạn" });
  await expect(card).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);

  const { file } = await downloadMyData(page, "Tải dữ liệu của tôi");
  expect(file.profile.username).toBe(username);
  expect(file.videos).toEqual([]);

  await card.getByRole("button", { name: "Xoá tài khoản của tôi" }).click();
  const dialog = page.getByRole("dialog", { name: "Xoá tài khoản của bạn?" });
  await expect(dialog).toBeVisible();
  // Once its opening animation is over, the dialog fits the screen.
  await expect
    .poll(async () => {
      const box = (await dialog.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= PHONE.width;
    })
    .toBe(true);
  await dialog.getByLabel("Mật khẩu", { exact: true }).fill(PASSWORD);
  // A phone capitalises the first letter: the username still matches.
  await dialog
    .getByLabel(`Nhập tên đăng nhập của bạn, ${username}, để xác nhận`)
    .fill(username.charAt(0).toUpperCase() + username.slice(1));
  const destroy = dialog.getByRole("button", { name: "Xoá tài khoản của tôi" });
  await destroy.scrollIntoViewIfNeeded();
  await destroy.click();
  await expect(page).toHaveURL("/");
  await expectToast(page, "Tài khoản của bạn đã bị xoá");
  await page.context().close();
});

test("the same session cannot download after the account is gone", async ({ page, request }) => {
  const username = await createFundedUser(request, "gone", 0);
  await signIn(page, username, PASSWORD);
  const token = (await page.context().cookies()).find((c) => c.name === "csrf")?.value ?? "";
  const deleted = await page.request.post("/api/user/delete", {
    data: { password: PASSWORD, confirm: username },
    headers: { "sec-fetch-site": "same-origin", "x-csrf-token": token },
  });
  expect(deleted.status(), await deleted.text()).toBe(200);
  expect((await page.request.get("/api/user/export")).status()).toBe(401);
});
