/**
 * Every page, signed out, as a customer and as the admin, at phone size (390×844) in both
 * languages (issue 38): the page never scrolls sideways, and axe finds nothing serious or critical.
 * axe runs in English only: what it checks (names, roles, contrast, structure) does not change with
 * the words, while the words' length, which overflow depends on, does. It is most of this file's time.
 */
import { expect, test, type Browser, type Page } from "./fixtures.js";
import { expectNoSeriousAxeFindings } from "./accessibility.js";
import { ADMIN, uniqueUsername } from "./helpers.js";
import { SETTINGS_SECTIONS } from "../../src/shared/settings-sections.js";

const PHONE = { width: 390, height: 844 };

interface Overflow {
  scrollWidth: number;
  width: number;
  /** The first few elements past the right edge, outside any region that scrolls sideways by itself. */
  wide: string[];
}

/** Run in the page (as text: the tests compile without the DOM's types). */
const OVERFLOW = `(() => {
  const width = document.documentElement.clientWidth;
  const inScroller = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(p).overflowX)) return true;
    }
    return false;
  };
  const wide = [...document.querySelectorAll("body *")]
    .filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.right > width + 1 && !inScroller(el);
    })
    .slice(0, 5)
    .map((el) => el.tagName.toLowerCase() + "." + String(el.className).slice(0, 60) + " right=" + Math.round(el.getBoundingClientRect().right));
  return { scrollWidth: document.documentElement.scrollWidth, width, wide };
})()`;

type Who = "visitor" | "customer" | "admin";

const PAGES: { path: string; who: Who }[] = [
  { path: "/", who: "visitor" },
  { path: "/pricing", who: "visitor" },
  { path: "/explore", who: "visitor" },
  { path: "/contact", who: "visitor" },
  { path: "/login", who: "visitor" },
  { path: "/forgot-password", who: "visitor" },
  { path: "/reset-password?token=from-a-mail", who: "visitor" },
  { path: "/verify-email", who: "visitor" },
  { path: "/no-such-page", who: "visitor" },
  { path: "/generate", who: "visitor" },
  { path: "/my-creations", who: "visitor" },
  { path: "/admin", who: "visitor" },
  { path: "/generate", who: "customer" },
  { path: "/purchase-credits", who: "customer" },
  { path: "/my-creations", who: "customer" },
  { path: "/api", who: "customer" },
  { path: "/my-account", who: "customer" },
  { path: "/confirm-email", who: "customer" },
  { path: "/cancel-email-change", who: "customer" },
  // The consent page with a request the server refuses: its error card (decision 0170).
  { path: "/oauth/authorize?client_id=every-page", who: "customer" },
  { path: "/pricing", who: "customer" },
  { path: "/admin", who: "admin" },
  { path: "/admin/users", who: "admin" },
  // Each section of the settings at its own address (decision 0148).
  ...SETTINGS_SECTIONS.map((section) => ({ path: `/admin/settings/${section}`, who: "admin" as const })),
  { path: "/admin/audit", who: "admin" },
  { path: "/admin/mail", who: "admin" },
  { path: "/admin/moderation", who: "admin" },
  { path: "/admin/codes", who: "admin" },
  { path: "/admin/explore", who: "admin" },
  { path: "/history", who: "admin" },
  { path: "/admin/users/:customer", who: "admin" },
];

const customer = { username: uniqueUsername("everypage"), password: "every-page-123" };
let customerId = "";

async function signIn(page: Page, who: Who): Promise<void> {
  if (who === "visitor") return;
  const credentials = who === "admin" ? ADMIN : customer;
  const response = await page.request.post("/api/auth/login", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
}

async function newPhone(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: PHONE });
  return context.newPage();
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  // With an address nobody confirmed: the customer's pages show the banner that offers the link again (decision 0088).
  const registered = await request.post("/api/auth/register", {
    data: { ...customer, email: `${customer.username}@people.example` },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  expect((await request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  const users = (await (await request.get(`/api/admin/users?q=${customer.username}`)).json()) as { id: string }[];
  customerId = users[0]!.id;
  await request.dispose();
});

for (const [language, locale] of [
  ["English", "en-US"],
  ["Vietnamese", "vi-VN"],
] as const) {
  for (const { path, who } of PAGES) {
    const checks = language === "English" ? "fits a phone and passes axe" : "fits a phone";
    test(`${path} (${who}, ${language}) ${checks}`, async ({ browser }) => {
      const page = await newPhone(browser, locale);
      try {
        await signIn(page, who);
        await page.goto(path.replace(":customer", customerId));
        await expect(page.locator("main")).toBeVisible();
        await expect(page.getByRole("status").getByText(/^(Loading\.\.\.|Đang tải\.\.\.)$/)).toHaveCount(0);
        await page.waitForLoadState("networkidle");

        const overflow = await page.evaluate<Overflow>(OVERFLOW);
        expect(overflow.wide, "elements past the right edge").toEqual([]);
        expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.width);

        if (language !== "English") return;
        await expectNoSeriousAxeFindings(page);
      } finally {
        await page.context().close();
      }
    });
  }
}
