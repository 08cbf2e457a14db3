/**
 * Front-end weight, read from the build (dist/web/.vite): Vite's manifest gives each page's
 * chunks, chunks.json (written by vite.config.ts) the source modules inside each chunk.
 * Fails when the landing page's initial JavaScript (its message catalogue included) passes its
 * budget, when a page other than /admin and /history would download admin code, or when a page's
 * code uses words that are not in the catalogues that page loads.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test } from "./fixtures.js";
import PO from "pofile";
import { SPA_ROUTES, type SpaRoute } from "../../src/shared/routes.js";
import { LOCALES } from "../../src/shared/i18n.js";
import { sourceMessages } from "../../scripts/i18n-source-messages.mjs";

/** Issue 9: the landing page's initial JavaScript, gzipped; issue 24: with its language's catalogue. */
const LANDING_BUDGET_BYTES = 100 * 1024;

const WEB = path.resolve("dist/web");
const PAGE_SOURCE: Record<SpaRoute, string> = {
  "/": "pages/landing-page.tsx",
  "/en": "pages/landing-page.tsx",
  "/vi": "pages/landing-page.tsx",
  "/generate": "pages/generate-page.tsx",
  "/pricing": "pages/pricing-page.tsx",
  "/explore": "pages/explore-page.tsx",
  "/purchase-credits": "pages/purchase-credits-page.tsx",
  "/my-creations": "pages/my-creations-page.tsx",
  "/api": "pages/api-page.tsx",
  "/contact": "pages/contact-page.tsx",
  "/terms": "pages/legal-page.tsx",
  "/privacy": "pages/legal-page.tsx",
  "/refunds": "pages/legal-page.tsx",
  "/login": "pages/login-page.tsx",
  "/forgot-password": "pages/forgot-password-page.tsx",
  "/reset-password": "pages/reset-password-page.tsx",
  "/verify-email": "pages/verify-email-page.tsx",
  "/confirm-email": "pages/confirm-email-page.tsx",
  "/cancel-email-change": "pages/cancel-email-change-page.tsx",
  "/my-account": "pages/my-account-page.tsx",
  "/account/security": "pages/security-page.tsx",
  "/second-factor": "pages/second-factor-page.tsx",
  "/receipts/:orderId": "pages/receipt-page.tsx",
  "/unsubscribe": "pages/unsubscribe-page.tsx",
  "/oauth/authorize": "pages/oauth-authorize-page.tsx",
  "/admin": "pages/admin-page.tsx",
  "/admin/users": "pages/admin-users-page.tsx",
  "/admin/users/:userId": "pages/admin-user-page.tsx",
  "/admin/settings": "pages/admin-settings-page.tsx",
  "/admin/settings/:section": "pages/admin-settings-section-page.tsx",
  "/admin/audit": "pages/admin-audit-page.tsx",
  "/admin/mail": "pages/admin-mail-page.tsx",
  "/admin/moderation": "pages/admin-moderation-page.tsx",
  "/admin/codes": "pages/admin-codes-page.tsx",
  "/admin/explore": "pages/admin-explore-page.tsx",
  "/history": "pages/history-page.tsx",
};
const ADMIN_ROUTES: SpaRoute[] = [
  "/admin",
  "/admin/users",
  "/admin/users/:userId",
  "/admin/settings",
  "/admin/settings/:section",
  "/admin/audit",
  "/admin/mail",
  "/admin/moderation",
  "/admin/codes",
  "/admin/explore",
  "/history",
];
/**
 * The admin pages, their features, and the admin API's contracts and schemas (decision 0116). The gate
 * that decides whether to fetch the admin pages (app/shell) is in the main bundle by design.
 */
const isAdminModule = (source: string) =>
  source.startsWith("src/web/features/admin/") ||
  /^src\/shared\/(api|schemas)\/admin-[a-z-]+\.ts$/.test(source) ||
  /^src\/web\/pages\/admin-[a-z-]*page\.tsx$/.test(source) ||
  source === "src/web/pages/history-page.tsx";

interface ManifestEntry {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestEntry>;

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(WEB, ".vite", file), "utf8")) as T;
}

/** The JS files a page needs before it renders: the entry, the page's chunk, and their static imports. */
function initialFiles(manifest: Manifest, pageKey: string): string[] {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error("no entry in the manifest");
  const files = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`${key} is not in the manifest`);
    if (files.has(entry.file)) return;
    files.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  visit(entryKey);
  visit(pageKey);
  return [...files].filter((f) => f.endsWith(".js"));
}

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(WEB, file))).length;

test("the landing page's initial JavaScript, with the larger of its catalogues, stays within 100 KB gzipped", () => {
  const manifest = readJson<Manifest>("manifest.json");
  const files = initialFiles(manifest, PAGE_SOURCE["/"]);
  // main.tsx fetches the `public` catalogue of the person's language before the first paint.
  const catalogues = LOCALES.map((locale) => manifest[`locales/${locale}/public.po`]?.file);
  expect(catalogues.every(Boolean), "a public catalogue per language in the manifest").toBe(true);
  const largestCatalogue = catalogues.map((f) => f!).sort((a, b) => gzipSize(b) - gzipSize(a))[0]!;
  const sizes = Object.fromEntries([...files, largestCatalogue].map((f) => [f, gzipSize(f)]));
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  expect(total, `initial JS of / (gzipped bytes per file): ${JSON.stringify(sizes, null, 1)}`).toBeLessThanOrEqual(
    LANDING_BUDGET_BYTES,
  );
});

/** The catalogues src/web/app/app.tsx loads with each page (lingui.config.ts says which words are in which). */
const PUBLIC_PAGES: SpaRoute[] = ["/", "/en", "/vi", "/login"];
const cataloguesOf = (route: SpaRoute) =>
  ADMIN_ROUTES.includes(route)
    ? ["public", "app", "admin"]
    : PUBLIC_PAGES.includes(route)
      ? ["public"]
      : ["public", "app"];

/** Every JS file a page may run: its initial files and what they import on demand, other pages and catalogues aside. */
function pageFiles(manifest: Manifest, pageKey: string): string[] {
  const pageKeys = new Set(Object.values(PAGE_SOURCE));
  const files = new Set(initialFiles(manifest, pageKey));
  const visit = (key: string) => {
    const entry = manifest[key]!;
    for (const next of [...(entry.imports ?? []), ...(entry.dynamicImports ?? [])]) {
      if ((pageKeys.has(next) && next !== pageKey) || next.endsWith(".po") || files.has(manifest[next]!.file)) continue;
      files.add(manifest[next]!.file);
      visit(next);
    }
  };
  for (const key of Object.keys(manifest).filter((k) => files.has(manifest[k]!.file))) visit(key);
  return [...files];
}

const messageKey = (message: string, context?: string | null) => `${context ?? ""}\u0004${message}`;
const catalogueKeys = (name: string) =>
  PO.parse(fs.readFileSync(`src/web/locales/en/${name}.po`, "utf8")).items.map((item) =>
    messageKey(item.msgid, item.msgctxt),
  );

test("each page's code finds its words in the catalogues that page loads", async () => {
  test.setTimeout(120_000);
  const manifest = readJson<Manifest>("manifest.json");
  const chunks = readJson<Record<string, { modules: string[] }>>("chunks.json");
  const catalogues = Object.fromEntries(["public", "app", "admin"].map((name) => [name, new Set(catalogueKeys(name))]));
  const messagesBySource = new Map<string, string[]>();
  for (const message of await sourceMessages()) {
    for (const file of message.files)
      messagesBySource.set(file, [...(messagesBySource.get(file) ?? []), messageKey(message.message, message.context)]);
  }
  let checked = 0;
  for (const route of SPA_ROUTES) {
    const loaded = cataloguesOf(route).map((name) => catalogues[name]!);
    const sources = new Set(pageFiles(manifest, PAGE_SOURCE[route]).flatMap((f) => chunks[f]?.modules ?? []));
    const missing = [...sources].flatMap((source) =>
      (messagesBySource.get(source) ?? [])
        .filter((key) => !loaded.some((c) => c.has(key)))
        .map((key) => `${source}: ${key.split("\u0004")[1]}`),
    );
    checked += [...sources].filter((source) => messagesBySource.has(source)).length;
    expect(missing, `words of ${route} outside its catalogues (${cataloguesOf(route).join(", ")})`).toEqual([]);
  }
  expect(checked).toBeGreaterThan(100);
});

test("only /admin and /history would download admin code", () => {
  const manifest = readJson<Manifest>("manifest.json");
  const chunks = readJson<Record<string, { modules: string[] }>>("chunks.json");
  // The check means something only if the admin pages' chunks really hold admin modules.
  const adminFiles = initialFiles(manifest, PAGE_SOURCE["/admin"]);
  expect(adminFiles.some((f) => chunks[f]?.modules.some(isAdminModule))).toBe(true);
  for (const route of SPA_ROUTES.filter((r) => !ADMIN_ROUTES.includes(r))) {
    const leaked = initialFiles(manifest, PAGE_SOURCE[route]).flatMap((f) =>
      (chunks[f]?.modules ?? []).filter(isAdminModule),
    );
    expect(leaked, `admin modules in the code of ${route}`).toEqual([]);
  }
});

/** The overview's chart library (decision 0053) and what it brings along only for it. */
const isChartModule = (source: string) =>
  /^node_modules\/(recharts|victory-vendor|react-redux|redux|redux-thunk|@reduxjs\/toolkit|immer|reselect|decimal\.js-light|d3-[a-z-]+)\//.test(
    source,
  );

test("the chart library loads with the admin overview only", () => {
  const manifest = readJson<Manifest>("manifest.json");
  const chunks = readJson<Record<string, { modules: string[] }>>("chunks.json");
  const adminFiles = initialFiles(manifest, PAGE_SOURCE["/admin"]);
  expect(adminFiles.some((f) => chunks[f]?.modules.some((m) => m.startsWith("node_modules/recharts/")))).toBe(true);
  for (const route of SPA_ROUTES.filter((r) => !ADMIN_ROUTES.includes(r))) {
    const leaked = initialFiles(manifest, PAGE_SOURCE[route]).flatMap((f) =>
      (chunks[f]?.modules ?? []).filter(isChartModule),
    );
    expect(leaked, `chart library modules in the code of ${route}`).toEqual([]);
  }
});
