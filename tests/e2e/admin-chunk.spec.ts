import { expect, test, type APIRequestContext, type Page } from "./fixtures.js";
import { ADMIN, registerViaApi, signIn, uniqueUsername } from "./helpers.js";

/** Text that only the admin pages' code contains. */
const ADMIN_MARKERS = ["Everything here is saved", "Re-check Failed (24h)", "Refund this video?", "Refund Processed"];
const USER_PAGES = [
  "/",
  "/generate",
  "/pricing",
  "/purchase-credits",
  "/my-creations",
  "/api",
  "/contact",
  "/login",
  "/my-account",
];

/** Visits the pages and returns every script URL the browser fetched. */
async function scriptsFetched(page: Page, paths: string[]): Promise<Set<string>> {
  const urls = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.add(request.url());
  });
  for (const path of paths) {
    await page.goto(path);
    // Each page's own chunk has run once its heading shows (/admin and /history send non-admins to /).
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  }
  return urls;
}

async function adminCodeIn(request: APIRequestContext, urls: Set<string>): Promise<string[]> {
  const hits: string[] = [];
  for (const url of urls) {
    const text = await (await request.get(url)).text();
    if (ADMIN_MARKERS.some((marker) => text.includes(marker))) hits.push(url);
  }
  return hits;
}

test("visitors and users never download the admin code; admins get it on /admin and /history", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const visitor = await browser.newPage();
  expect(await adminCodeIn(request, await scriptsFetched(visitor, [...USER_PAGES, "/admin", "/history"]))).toEqual([]);
  await visitor.close();

  const username = uniqueUsername("chunk");
  await registerViaApi(request, username, "chunk-pass-123");
  const user = await browser.newPage();
  await signIn(user, username, "chunk-pass-123");
  expect(await adminCodeIn(request, await scriptsFetched(user, [...USER_PAGES, "/admin", "/history"]))).toEqual([]);
  await user.close();

  const admin = await browser.newPage();
  await signIn(admin, ADMIN.username, ADMIN.password);
  const adminScripts = await scriptsFetched(admin, ["/admin", "/history"]);
  expect((await adminCodeIn(request, adminScripts)).length).toBeGreaterThan(0);
  await admin.close();
});
