import { expect, type APIRequestContext, type Locator, type Page } from "./fixtures.js";

export const ADMIN = { username: "admin", password: "admin-pass-123" } as const;

/** A username no other test (or earlier run against the same data) has used. */
export function uniqueUsername(prefix: string): string {
  const stamp = Date.now().toString(36);
  const random = Math.random().toString(36).slice(2, 7);
  return `${prefix}_${stamp}${random}`;
}

/** The header's navigation for wide screens. */
export function mainNav(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main" });
}

export function header(page: Page): Locator {
  return page.getByRole("banner");
}

/**
 * The toast viewport (Radix renders it as the "Notifications (F8)" region). While a modal dialog
 * is open Radix marks the rest of the page aria-hidden (screen readers still hear the toast
 * through Radix's live announcement), hence includeHidden.
 */
export function toasts(page: Page): Locator {
  return page.getByRole("region", { name: /Notifications/, includeHidden: true });
}

/**
 * A toast with this title and, if given, this description, checked in one look: only one toast
 * shows at a time, so a later one (the simulator's "Your video is ready" a second after "Video
 * generation started") can replace it between two separate checks.
 */
export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  let toast = toasts(page)
    .locator("li")
    .filter({ has: page.getByText(title, { exact: true }) });
  if (description !== undefined) toast = toast.filter({ has: page.getByText(description) });
  await expect(toast).toBeVisible();
}

/**
 * Clicks a settings section's "Save changes" (decision 0148) and, if the server says the save sells
 * something below cost (which depends on the packages other specs have on sale), confirms it
 * (decision 0144).
 */
export async function saveSettingsSection(page: Page, savedTitle = "Settings updated"): Promise<void> {
  await confirmingLosses(page, savedTitle, page.getByRole("button", { name: "Save changes" }));
}

/**
 * Clicks a save and, when the server answers that it sells below cost (409), confirms "Sell below
 * cost?"; then waits for the saved toast. Decided on the save's own answer, not on what is on
 * screen: an earlier save's toast may still be showing.
 */
export async function confirmingLosses(page: Page, savedTitle: string, save: Locator): Promise<void> {
  const answer = page.waitForResponse(
    (r) => r.url().includes("/api/admin/") && ["PUT", "POST", "PATCH"].includes(r.request().method()),
  );
  await save.click();
  if ((await answer).status() === 409) {
    await page.getByRole("dialog", { name: "Sell below cost?" }).getByRole("button", { name: "Save anyway" }).click();
  }
  await expectToast(page, savedTitle);
}

/**
 * Creates an account through the API (faster than the form when the form is not under test).
 * Registering signs in (decision 0167); this signs `request` out again, so a test starts from an
 * account nobody is signed in to, and signs in its own way. A session `request` had before is over
 * either way: a registration ends it, as a login does.
 */
export async function registerViaApi(request: APIRequestContext, username: string, password: string): Promise<void> {
  const response = await request.post("/api/auth/register", { data: { username, password } });
  expect(response.status(), await response.text()).toBe(201);
  expect((await request.post("/api/auth/logout")).status()).toBe(200);
}

export async function fillSignInForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Signs in through the login page and waits for the signed-in header. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto("/login");
  await fillSignInForm(page, username, password);
  await expect(page).toHaveURL("/");
  await expect(header(page).getByRole("button", { name: "Account menu" })).toBeVisible();
}

/**
 * Acts on the pre-rendered landing page until the app answers: its HTML and controls are there
 * before the app's code has taken them over, and a click, key or choice in between is lost.
 * `answered` asserts with a short timeout, so `act` runs again soon.
 */
export async function untilTheAppAnswers(
  act: () => Promise<unknown>,
  answered: (timeout: number) => Promise<void>,
): Promise<void> {
  await expect(async () => {
    await act();
    await answered(2_000);
  }).toPass({ timeout: 20_000 });
}

export async function signOut(page: Page): Promise<void> {
  await header(page).getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL("/");
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();
}

export async function openMyAccount(page: Page): Promise<void> {
  await header(page).getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "My Account" }).click();
  await expect(page).toHaveURL("/my-account");
  await expect(page.getByRole("heading", { name: "My Account", level: 1 })).toBeVisible();
}
