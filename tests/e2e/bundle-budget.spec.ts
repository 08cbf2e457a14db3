/**
 * Front-end weight, read from the build (dist/web/.vite): Vite's manifest gives each page's
 * chunks, chunks.json (written by vite.config.ts) the source modules inside each chunk.
 * Fails when the landing page's initial JavaScript passes its budget, or when a page other than
 * /admin and /history would download admin code.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test } from "@playwright/test";
import { SPA_ROUTES, type SpaRoute } from "../../src/shared/routes.js";

/** Issue 9: the landing page's initial JavaScript, gzipped. */
const LANDING_BUDGET_BYTES = 100 * 1024;

const WEB = path.resolve("dist/web");
const PAGE_SOURCE: Record<SpaRoute, string> = {
  "/": "pages/landing-page.tsx",
  "/generate": "pages/generate-page.tsx",
  "/pricing": "pages/pricing-page.tsx",
  "/purchase-credits": "pages/purchase-credits-page.tsx",
  "/my-creations": "pages/my-creations-page.tsx",
  "/api": "pages/api-page.tsx",
  "/contact": "pages/contact-page.tsx",
  "/login": "pages/login-page.tsx",
  "/my-account": "pages/my-account-page.tsx",
  "/admin": "pages/admin-page.tsx",
  "/admin/users": "pages/admin-users-page.tsx",
  "/admin/users/:userId": "pages/admin-user-page.tsx",
  "/admin/settings": "pages/admin-settings-page.tsx",
  "/admin/audit": "pages/admin-audit-page.tsx",
  "/history": "pages/history-page.tsx",
};
const ADMIN_ROUTES: SpaRoute[] = ["/admin", "/admin/users", "/admin/users/:userId", "/admin/settings", "/admin/audit", "/history"];
/** The gate that decides whether to fetch the admin pages lives in the main bundle by design. */
const isAdminModule = (source: string) =>
  (source.startsWith("src/web/features/admin/") && source !== "src/web/features/admin/admin-gate.tsx") ||
  /^src\/web\/pages\/admin-[a-z-]*page\.tsx$/.test(source) ||
  source === "src/web/pages/history-page.tsx";

interface ManifestEntry {
  file: string;
  isEntry?: boolean;
  imports?: string[];
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

test("the landing page's initial JavaScript stays within 100 KB gzipped", () => {
  const manifest = readJson<Manifest>("manifest.json");
  const files = initialFiles(manifest, PAGE_SOURCE["/"]);
  const sizes = Object.fromEntries(files.map((f) => [f, gzipSize(f)]));
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  expect(total, `initial JS of / (gzipped bytes per file): ${JSON.stringify(sizes, null, 1)}`).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
});

test("only /admin and /history would download admin code", () => {
  const manifest = readJson<Manifest>("manifest.json");
  const chunks = readJson<Record<string, { modules: string[] }>>("chunks.json");
  // The check means something only if the admin pages' chunks really hold admin modules.
  const adminFiles = initialFiles(manifest, PAGE_SOURCE["/admin"]);
  expect(adminFiles.some((f) => chunks[f]?.modules.some(isAdminModule))).toBe(true);
  for (const route of SPA_ROUTES.filter((r) => !ADMIN_ROUTES.includes(r))) {
    const leaked = initialFiles(manifest, PAGE_SOURCE[route]).flatMap((f) => (chunks[f]?.modules ?? []).filter(isAdminModule));
    expect(leaked, `admin modules in the code of ${route}`).toEqual([]);
  }
});

/** The overview's chart library (decision 0053) and what it brings along only for it. */
const isChartModule = (source: string) =>
  /^node_modules\/(recharts|victory-vendor|react-redux|redux|redux-thunk|@reduxjs\/toolkit|immer|reselect|decimal\.js-light|d3-[a-z-]+)\//.test(source);

test("the chart library loads with the admin overview only", () => {
  const manifest = readJson<Manifest>("manifest.json");
  const chunks = readJson<Record<string, { modules: string[] }>>("chunks.json");
  const adminFiles = initialFiles(manifest, PAGE_SOURCE["/admin"]);
  expect(adminFiles.some((f) => chunks[f]?.modules.some((m) => m.startsWith("node_modules/recharts/")))).toBe(true);
  for (const route of SPA_ROUTES.filter((r) => !ADMIN_ROUTES.includes(r))) {
    const leaked = initialFiles(manifest, PAGE_SOURCE[route]).flatMap((f) => (chunks[f]?.modules ?? []).filter(isChartModule));
    expect(leaked, `chart library modules in the code of ${route}`).toEqual([]);
  }
});
