/**
 * The legal pages (issue 38, decision 0079), at a desktop and a phone size in both languages: the
 * footer links them on every page, registration and the payment dialog link them in a new tab,
 * each page has its own title and description, and the admin edits a page (starting text marked,
 * Markdown with a preview) that the public page then shows, hostile Markdown made harmless.
 */
import { ADMIN, registerViaApi, uniqueUsername } from "./helpers.js";
import { expect, test, type Browser, type Page } from "./fixtures.js";
import { expectNoSeriousAxeFindings } from "./accessibility.js";
import { signInViaApi } from "./video-helpers.js";

const SIZES = [
  { name: "desktop", viewport: { width: 1440, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

const WORDS = {
  en: {
    terms: "Terms of service",
    privacy: "Privacy policy",
    refunds: "Refund policy",
    register: "Register",
    agree: "By creating an account you agree to the",
    pay: "Proceed to Payment",
    purchase: "Complete Your Purchase",
    section: "Legal pages",
    english: "English",
    text: "Text in Markdown",
    preview: "Preview",
    save: "Save page",
    saved: "Page saved",
    starting: "Starting text: review it before you sell",
    termsDescription: "The terms for using Veo Studio",
  },
  vi: {
    terms: "Điều khoản dịch vụ",
    privacy: "Chính sách quyền riêng tư",
    refunds: "Chính sách hoàn tiền",
    register: "Đăng ký",
    agree: "Khi tạo tài khoản, bạn đồng ý với",
    pay: "Tiến hành thanh toán",
    purchase: "Hoàn tất giao dịch mua",
    section: "Trang pháp lý",
    english: "English",
    text: "Văn bản Markdown",
    preview: "Xem trước",
    save: "Lưu trang",
    saved: "Đã lưu trang",
    starting: "Văn bản ban đầu: hãy xem lại trước khi bán",
    termsDescription: "Điều khoản sử dụng Veo Studio",
  },
} as const;
type Language = keyof typeof WORDS;
type LegalPage = "terms" | "privacy" | "refunds";
const PATHS: Record<LegalPage, string> = { terms: "/terms", privacy: "/privacy", refunds: "/refunds" };

/** A package the purchase page can offer, answered by the browser itself (no site-wide change). */
const PACKAGE = {
  id: "00000000-0000-4000-8000-000000000038",
  name: "Legal Test Pack",
  credits: 100,
  price: "12.00",
  popular: true,
  description: null,
  bonus: null,
  bonusCredits: 0,
};

async function openPage(browser: Browser, language: Language, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ locale: language === "vi" ? "vi-VN" : "en-US", viewport });
  return { context, page: await context.newPage() };
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate<{ scroll: number; viewport: number }>(
    "({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth })",
  );
  expect(widths.scroll, "the page must not scroll sideways").toBeLessThanOrEqual(widths.viewport);
}

for (const language of ["en", "vi"] as const) {
  const w = WORDS[language];
  for (const { name: size, viewport } of SIZES) {
    test.describe(`${language}, ${size}`, () => {
      test("the footer, registration and the payment dialog link the legal pages", async ({ browser }) => {
        test.setTimeout(120_000);
        const { context, page } = await openPage(browser, language, viewport);

        // The footer of a page other than the landing page: each legal page, with its own head.
        await page.goto("/contact");
        for (const legal of ["terms", "privacy", "refunds"] as const) {
          const footer = page.getByRole("contentinfo");
          await footer.getByRole("link", { name: w[legal], exact: true }).click();
          await expect(page).toHaveURL(PATHS[legal]);
          await expect(page.getByRole("heading", { level: 1, name: w[legal] })).toBeVisible();
          await expect(page).toHaveTitle(`${w[legal]} · Veo Studio`);
          await expect(page.locator("article h2").first()).toBeVisible();
          await expectNoHorizontalScroll(page);
          await expectNoSeriousAxeFindings(page, { include: ["article", "footer"] });
        }
        // The server's document has the page's title and description before any code runs.
        const document = await page.request.get("/terms", { headers: { "accept-language": language } });
        const html = await document.text();
        expect(html).toContain(`<title>${w.terms} · Veo Studio</title>`);
        expect(html).toContain(`<meta name="description" content="${w.termsDescription}`);
        expect(html).toContain(`<html lang="${language}"`);
        // The landing page's footer has them too.
        await page.goto("/");
        await expect(page.getByRole("contentinfo").getByRole("link", { name: w.refunds, exact: true })).toHaveAttribute(
          "href",
          "/refunds",
        );

        // Registration: the sentence links the terms and the privacy policy, each in a new tab.
        await page.goto("/login");
        await page.getByRole("tab", { name: w.register }).click();
        const agreement = page.getByText(w.agree);
        await expect(agreement).toBeVisible();
        for (const legal of ["terms", "privacy"] as const) {
          const link = agreement.getByRole("link", { name: w[legal] });
          await expect(link).toHaveAttribute("target", "_blank");
          const [opened] = await Promise.all([context.waitForEvent("page"), link.click()]);
          await expect(opened).toHaveURL(new RegExp(`${PATHS[legal]}$`));
          await expect(opened.getByRole("heading", { level: 1, name: w[legal] })).toBeVisible();
          await opened.close();
        }
        await expectNoHorizontalScroll(page);

        // The payment dialog: the refund policy beside the ways to pay.
        const username = uniqueUsername("legal");
        await registerViaApi(page.request, username, "legal-pass-123");
        await signInViaApi(page, username, "legal-pass-123");
        await page.route("**/api/credit-packages", (route) => route.fulfill({ json: [PACKAGE] }));
        await page.goto(`/purchase-credits?package=${PACKAGE.id}`);
        await page.getByRole("button", { name: w.pay }).click();
        const dialog = page.getByRole("dialog", { name: w.purchase });
        const refunds = dialog.getByRole("link", { name: w.refunds });
        await expect(refunds).toBeVisible();
        await expect(refunds).toHaveAttribute("target", "_blank");
        const [opened] = await Promise.all([context.waitForEvent("page"), refunds.click()]);
        await expect(opened).toHaveURL(/\/refunds$/);
        await expect(opened.getByRole("heading", { level: 1, name: w.refunds })).toBeVisible();
        // The dialog stays open behind it: the purchase is not lost.
        await expect(dialog).toBeVisible();
        await context.close();
      });
    });
  }
}

/** Each run edits its own page and language, so the four can run in any order. */
const EDITS: { language: Language; size: (typeof SIZES)[number]; page: LegalPage }[] = [
  { language: "en", size: SIZES[0], page: "terms" },
  { language: "en", size: SIZES[1], page: "refunds" },
  { language: "vi", size: SIZES[0], page: "privacy" },
  { language: "vi", size: SIZES[1], page: "refunds" },
];

for (const { language, size, page: legal } of EDITS) {
  const w = WORDS[language];
  test(`the admin edits the ${legal} page (${language}, ${size.name}) and the public page shows it`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { context, page } = await openPage(browser, language, size.viewport);
    await signInViaApi(page, ADMIN.username, ADMIN.password);
    await page.goto("/admin/settings/legal");
    const section = page.getByRole("region", { name: w.section });
    await section.scrollIntoViewIfNeeded();
    await section.getByRole("radio", { name: w[legal] }).click();
    await section.getByRole("radio", { name: language === "vi" ? "Tiếng Việt" : w.english }).click();
    // Never saved yet: the starting text, marked for review.
    await expect(section.getByText(w.starting)).toBeVisible();
    const field = section.getByLabel(w.text);
    await expect(field).toHaveValue(/\S/);

    const stamp = `${legal}-${language}-${size.name}-${Date.now()}`;
    const markdown = [
      `## Edited ${stamp}`,
      "Read our [pricing](/pricing) or write to [us](mailto:help@example.com).",
      "[Do not click](javascript:alert(1)) <script>window.hacked = true</script>",
    ].join("\n\n");
    await field.fill(markdown);
    await section.getByRole("tab", { name: w.preview }).click();
    const preview = section.getByRole("tabpanel");
    await expect(preview.getByRole("heading", { name: `Edited ${stamp}` })).toBeVisible();
    await expect(preview.getByText("Do not click")).toBeVisible();
    await expect(preview.getByRole("link", { name: "Do not click" })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await section.getByRole("button", { name: w.save }).click();
    await expect(page.getByText(w.saved, { exact: true }).first()).toBeVisible();
    await expect(section.getByText(w.starting)).toHaveCount(0);
    await expectNoSeriousAxeFindings(page, { include: ["#legal-pages"] });

    // The public page shows the admin's text, the hostile parts harmless.
    await page.goto(PATHS[legal]);
    const article = page.getByRole("article");
    await expect(article.getByRole("heading", { level: 2, name: `Edited ${stamp}` })).toBeVisible();
    await expect(article.getByRole("link", { name: "pricing" })).toHaveAttribute("href", "/pricing");
    await expect(article.getByRole("link", { name: "us" })).toHaveAttribute("href", "mailto:help@example.com");
    await expect(article.getByRole("link", { name: "Do not click" })).toHaveCount(0);
    await expect(article).toContainText("<script>window.hacked = true</script>");
    expect(await page.evaluate<boolean>("window.hacked === undefined")).toBe(true);
    await expectNoHorizontalScroll(page);
    await context.close();
  });
}
