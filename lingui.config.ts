import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

/**
 * The web app's message catalogues (decision 0056). English is the source language: its catalogue
 * is the source text itself. Three catalogues per language, so a page downloads only the words it
 * can show:
 * - `public`: the shell (header, footer, menus, toasts, error texts), the landing and login pages:
 *   everything a first visit paints, within the landing page's 100 KB budget;
 * - `app`: the other pages and their features, fetched with a page's code (src/web/app/app.tsx);
 * - `admin`: the admin pages' own code, fetched with their chunk;
 * - `mail`: the server's e-mail templates (src/server/features/mail/templates, `i18n._("...")` calls),
 *   read by the server at start (features/mail/catalog.ts; decision 0085).
 * A directory in none of them has no words (the catalogue test finds its messages missing);
 * tests/e2e/bundle-budget.spec.ts checks that each page's code finds its words in the catalogues
 * that page loads.
 */
const web = (paths: string[]) => paths.map((p) => `<rootDir>/src/web/${p}`);
const PUBLIC_FEATURES = ["auth", "captcha", "landing", "language", "live", "pricing", "second-factor"].map(
  (f) => `features/${f}`,
);
/** The security page's cards live with the second factor but are words of that page alone. */
const SECURITY_PAGE_CARDS = "features/second-factor/security";
const PUBLIC_PAGES = ["landing-page.tsx", "login-page.tsx", "not-found-page.tsx"].map((p) => `pages/${p}`);
const PUBLIC = web([
  "app",
  "main.tsx",
  "prerender.tsx",
  "components",
  "hooks",
  "lib",
  ...PUBLIC_FEATURES,
  ...PUBLIC_PAGES,
]);
const ADMIN = web(["features/admin", "pages/admin-*", "pages/history-page.tsx"]);
const APP = web(
  [
    "account",
    "account-links",
    "automation",
    "codes",
    "contact",
    "explore",
    "first-frames",
    "legal",
    "oauth",
    "payments",
    "plans",
    "prompt-help",
    "referrals",
    "videos",
    "webhooks",
  ]
    .map((f) => `features/${f}`)
    .concat("pages", SECURITY_PAGE_CARDS),
);
const TESTS = "**/*.test.*";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "vi"],
  fallbackLocales: { default: "en" },
  format: formatter({ lineNumbers: false }),
  orderBy: "message",
  catalogs: [
    {
      path: "<rootDir>/src/web/locales/{locale}/public",
      include: PUBLIC,
      exclude: [...web([SECURITY_PAGE_CARDS]), TESTS],
    },
    { path: "<rootDir>/src/web/locales/{locale}/app", include: APP, exclude: [...ADMIN, ...web(PUBLIC_PAGES), TESTS] },
    { path: "<rootDir>/src/web/locales/{locale}/admin", include: ADMIN, exclude: [TESTS] },
    { path: "<rootDir>/src/web/locales/{locale}/mail", include: ["<rootDir>/src/server/features/mail/templates"] },
  ],
});
