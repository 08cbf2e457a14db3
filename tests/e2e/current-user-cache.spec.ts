/**
 * The signed-in user is kept in one place, the current-user query's cache entry, persisted in
 * localStorage (decision 0037): a reload paints the signed-in header before the server answers,
 * an ended session is followed, and another tab's sign-in is followed.
 */
import { expect, test, type Page } from "./fixtures.js";
import { header, registerViaApi, signIn, uniqueUsername } from "./helpers.js";

const CURRENT_USER = "**/api/auth/current-user";

/** Holds GET /api/auth/current-user until `release()` is called; counts the requests held. */
async function holdCurrentUser(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = { count: 0 };
  await page.route(CURRENT_USER, async (route) => {
    held.count += 1;
    await released;
    await route.continue();
  });
  return { held, release };
}

test("a reload paints the signed-in header from the stored user before the server answers", async ({
  page,
  request,
}) => {
  const username = uniqueUsername("cache");
  await registerViaApi(request, username, "cache-pass-123");
  await signIn(page, username, "cache-pass-123");

  const { held, release } = await holdCurrentUser(page);
  await page.reload();
  await expect.poll(() => held.count).toBeGreaterThan(0);
  // The server has not answered yet: this is the stored copy.
  await expect(header(page).getByRole("button", { name: "Account menu" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Sign In" })).toHaveCount(0);
  release();
  await expect(header(page).getByRole("button", { name: "Account menu" })).toBeEnabled();
});

test("a session that ended elsewhere: the stored user gives way to the server's answer", async ({
  page,
  request,
  context,
}) => {
  const username = uniqueUsername("ended");
  await registerViaApi(request, username, "ended-pass-123");
  await signIn(page, username, "ended-pass-123");
  expect(await page.evaluate<string | null>("window.localStorage.getItem('veo-studio.auth')")).toContain(username);

  await context.clearCookies();
  await page.goto("/my-account");
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("main").getByText("Sign in to view your account")).toBeVisible();
  expect(await page.evaluate<string | null>("window.localStorage.getItem('veo-studio.auth')")).toBeNull();
});

test("signing in in one tab signs in the other open tab", async ({ page, request, context }) => {
  const username = uniqueUsername("tabs");
  await registerViaApi(request, username, "tabs-pass-123");
  const other = await context.newPage();
  await other.goto("/");
  await expect(header(other).getByRole("link", { name: "Sign In" })).toBeVisible();

  await signIn(page, username, "tabs-pass-123");
  // Well before the 30 s poll: the other tab heard the stored copy change and asked the server.
  await expect(header(other).getByRole("button", { name: "Account menu" })).toBeVisible({ timeout: 5_000 });
});
