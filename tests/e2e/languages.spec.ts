/**
 * English and Vietnamese throughout (issue 24, decision 0056): the same pages in both languages,
 * the switch remembered across reloads and sign-in (and on the account), the server's documents
 * in the person's language, and dates as each language writes them.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from "./fixtures.js";
import {
  ADMIN,
  expectToast,
  fillSignInForm,
  header,
  registerViaApi,
  signIn,
  uniqueUsername,
  untilTheAppAnswers,
} from "./helpers.js";
import { createFundedUser, generateViaApi, PASSWORD, signInViaApi } from "./video-helpers.js";

/** A browser whose person reads Vietnamese (its Accept-Language and navigator.languages). */
const vietnameseBrowser = (browser: Browser): Promise<BrowserContext> => browser.newContext({ locale: "vi-VN" });

const languageSwitch = (page: Page) => header(page).getByRole("combobox", { name: /Language|Ngôn ngữ/ });

const h1 = (page: Page) => page.getByRole("heading", { level: 1 });

test("the landing page, the generator and /pricing read in Vietnamese for a Vietnamese browser, and in English otherwise", async ({
  page,
  browser,
}) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(h1(page)).toHaveText("Generate AI Videos with Realistic Sound");
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();

  const context = await vietnameseBrowser(browser);
  const vi = await context.newPage();
  await vi.goto("/");
  await expect(vi.locator("html")).toHaveAttribute("lang", "vi");
  await expect(header(vi).getByRole("link", { name: "Đăng nhập" })).toBeVisible();
  await expect(h1(vi)).not.toHaveText("Generate AI Videos with Realistic Sound");
  await expect(vi).toHaveTitle(/AI có âm thanh · Veo Studio$/);

  await vi.goto("/generate");
  await expect(h1(vi)).toHaveText("Tạo video bằng AI");
  await page.goto("/generate");
  await expect(h1(page)).toHaveText("AI Video Generator");

  await vi.goto("/pricing");
  await expect(h1(vi)).toHaveText("Credit & Bảng giá");
  await expect(vi).toHaveTitle(/^Bảng giá · /);
  await page.goto("/pricing");
  await expect(h1(page)).toHaveText("Credits & Pricing");
  await context.close();
});

test("the server answers each language's landing page pre-rendered, with hreflang links", async ({ request }) => {
  const english = await request.get("/en");
  const vietnamese = await request.get("/vi");
  const english$ = await english.text();
  const vietnamese$ = await vietnamese.text();
  expect(english$).toContain('<html lang="en"');
  expect(english$).toContain('Generate AI Videos with <span class="text-gradient">Realistic Sound</span>');
  expect(vietnamese$).toContain('<html lang="vi"');
  expect(vietnamese$).toContain("<title>Veo Studio – Video AI có âm thanh</title>");
  expect(vietnamese$).not.toContain("Generate AI Videos with");
  for (const body of [english$, vietnamese$]) {
    expect(body).toMatch(/<link rel="alternate" hreflang="en" href="http[^"]+\/en" \/>/);
    expect(body).toMatch(/<link rel="alternate" hreflang="vi" href="http[^"]+\/vi" \/>/);
    expect(body).toMatch(/<link rel="alternate" hreflang="x-default" href="http[^"]+\/" \/>/);
  }

  // `/` and every other page follow the browser's languages, then the person's choice (cookie).
  const byBrowser = await request.get("/", { headers: { "accept-language": "vi-VN,vi;q=0.9,en;q=0.5" } });
  expect(byBrowser.headers()["vary"]).toMatch(/Accept-Language/i);
  expect(await byBrowser.text()).toContain('<html lang="vi"');
  const byChoice = await request.get("/pricing", { headers: { "accept-language": "vi-VN", cookie: "lang=en" } });
  expect(await byChoice.text()).toContain('<html lang="en"');
  const notFound = await request.get("/no-such-page", { headers: { "accept-language": "vi" } });
  expect(notFound.status()).toBe(404);
  expect(await notFound.text()).toContain('<html lang="vi"');
});

test("a failed login says so in each language", async ({ page, browser }) => {
  await page.goto("/login");
  await fillSignInForm(page, uniqueUsername("nobody"), "wrong-password");
  await expectToast(page, "Login failed", "Invalid username or password.");

  const context = await vietnameseBrowser(browser);
  const vi = await context.newPage();
  await vi.goto("/login");
  await vi.getByLabel("Tên đăng nhập", { exact: true }).fill(uniqueUsername("nobody"));
  await vi.getByLabel("Mật khẩu", { exact: true }).fill("wrong-password");
  await vi.getByRole("button", { name: "Đăng nhập", exact: true }).click();
  await expectToast(vi, "Đăng nhập thất bại", "Tên đăng nhập hoặc mật khẩu không đúng");

  // A sign-in Google ended: the server's key (problem) is worded in Vietnamese, its English message shown in English.
  const cancelled = "/login?auth=error&problem=cancelled&message=Google+sign-in+was+cancelled.";
  await vi.goto(cancelled);
  await expectToast(vi, "Đăng nhập bằng Google thất bại", "Bạn đã hủy thao tác này trên Google.");
  await page.goto(cancelled);
  await expectToast(page, "Google Sign In failed", "Google sign-in was cancelled.");
  await context.close();
});

test("the switch is remembered across reloads and sign-in, and on the account for the next device", async ({
  page,
  browser,
  request,
}) => {
  const username = uniqueUsername("lang");
  await registerViaApi(request, username, PASSWORD);

  await page.goto("/");
  await untilTheAppAnswers(
    () => languageSwitch(page).selectOption("vi"),
    (timeout) => expect(header(page).getByRole("link", { name: "Đăng nhập" })).toBeVisible({ timeout }),
  );
  await expect(page.locator("html")).toHaveAttribute("lang", "vi");
  // The landing page has an address per language.
  await expect(page).toHaveURL("/");
  await page.reload();
  await expect(header(page).getByRole("link", { name: "Đăng nhập" })).toBeVisible();

  // Signing in keeps it, and the account remembers it.
  await page.goto("/login");
  await page.getByLabel("Tên đăng nhập", { exact: true }).fill(username);
  await page.getByLabel("Mật khẩu", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Đăng nhập", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "vi");
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/auth/current-user")).json()) as { language: string | null }).language,
    )
    .toBe("vi");

  // Another browser, in English: signing in brings the account's language.
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await signInViaApi(elsewhere, username);
  await elsewhere.goto("/generate");
  await expect(h1(elsewhere)).toHaveText("Tạo video bằng AI");
  await expect(elsewhere.locator("html")).toHaveAttribute("lang", "vi");

  // Switching back there is saved too.
  await languageSwitch(elsewhere).selectOption("en");
  await expect(h1(elsewhere)).toHaveText("AI Video Generator");
  await expect
    .poll(
      async () =>
        ((await (await elsewhere.request.get("/api/auth/current-user")).json()) as { language: string | null })
          .language,
    )
    .toBe("en");
  await other.close();
});

test("on a phone the switch is in the menu; /my-account has one that the account keeps", async ({ page, request }) => {
  const username = uniqueUsername("langm");
  await registerViaApi(request, username, PASSWORD);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  await expect(languageSwitch(page)).toBeHidden();
  const toggle = header(page).getByRole("button", { name: "Toggle menu" });
  await untilTheAppAnswers(
    () => toggle.click(),
    (timeout) => expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout }),
  );
  const mobileMenu = page.getByRole("navigation", { name: "Mobile" });
  await mobileMenu.getByRole("combobox", { name: "Language" }).selectOption("vi");
  await expect(
    page.getByRole("navigation", { name: "Điều hướng trên di động" }).getByRole("link", { name: "Bảng giá" }),
  ).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "vi");

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInViaApi(page, username);
  await page.goto("/my-account");
  await expect(h1(page)).toHaveText("Tài khoản của tôi");
  const accountSwitch = page.getByRole("main").getByRole("combobox", { name: "Ngôn ngữ" });
  await expect(accountSwitch).toHaveValue("vi");
  await accountSwitch.selectOption("en");
  await expect(h1(page)).toHaveText("My Account");
  await expect(languageSwitch(page)).toHaveValue("en");
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/auth/current-user")).json()) as { language: string | null }).language,
    )
    .toBe("en");
});

test("dates read HH:mm:ss dd/MM/yyyy in Vietnamese and month/day/year in English", async ({
  page,
  browser,
  request,
}) => {
  const username = await createFundedUser(request, "dates", 5);
  await signInViaApi(page, username);
  await generateViaApi(page, { prompt: "a date on a card", model: "veo3_lite" });
  await page.goto("/my-creations");
  const card = page
    .getByRole("main")
    .getByRole("button", { name: /a date on a card/ })
    .first();
  await expect(card).toContainText(/\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2} (AM|PM)/);

  const context = await vietnameseBrowser(browser);
  const vi = await context.newPage();
  await signInViaApi(vi, username);
  await vi.goto("/my-creations");
  await expect(
    vi
      .getByRole("main")
      .getByRole("button", { name: /a date on a card/ })
      .first(),
  ).toContainText(/\d{2}:\d{2}:\d{2} \d{2}\/\d{2}\/\d{4}$/);
  await context.close();
});

test("the admin overview in Vietnamese and in English", async ({ page, browser }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto("/admin");
  await expect(h1(page)).toHaveText("Admin Dashboard");

  // The admin's account keeps no language here: the Vietnamese browser alone decides.
  const context = await vietnameseBrowser(browser);
  const vi = await context.newPage();
  await signInViaApi(vi, ADMIN.username, ADMIN.password);
  await vi.goto("/admin");
  await expect(h1(vi)).toHaveText("Bảng điều khiển quản trị");
  await expect(
    vi
      .getByRole("tab", { name: "Tổng quan" })
      .or(vi.getByRole("link", { name: "Tổng quan" }))
      .first(),
  ).toBeVisible();
  await context.close();
});
