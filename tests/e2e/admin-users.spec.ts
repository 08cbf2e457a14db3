/**
 * The admin's Users pages and the Audit Log (issue 23, decision 0052): search a user, open their
 * page, set their credits and find the change in the audit log, revoke their API token and sign
 * them out everywhere; the list pages with the Link header's cursor; the keyboard reaches it all.
 */
import { expect, test, type APIRequestContext, type Page } from "./fixtures.js";
import { ADMIN, expectToast, registerViaApi, signIn, uniqueUsername } from "./helpers.js";
import { createFundedUser, PASSWORD, setCredits, signInViaApi } from "./video-helpers.js";

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** A bearer call with no cookies: 404 (no such task) while the token works, 401 once revoked. */
async function tokenStatus(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get("/api/n8n/video-status/no-such-task", {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status();
}

test("an admin finds a user, sets their credits, sees it in the audit log, revokes a token and signs them out everywhere", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const username = await createFundedUser(request, "audited", 5);
  const userPage = await browser.newPage();
  await signInViaApi(userPage, username);
  const created = await userPage.request.post("/api/user-tokens", { data: { name: "e2e-automation" } });
  expect(created.status(), await created.text()).toBe(201);
  const token = ((await created.json()) as { token: string }).token;
  expect(await tokenStatus(request, token)).toBe(404);

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  const users = section(page, "User Management");

  // Keyboard: Tab from the last section link (the People group's Explore) reaches the search box; type part of the name.
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Explore", exact: true })
    .focus();
  await page.keyboard.press("Tab");
  const search = users.getByLabel("Search users");
  await expect(search).toBeFocused();
  const part = username.slice(-9).toUpperCase();
  await page.keyboard.type(part);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${part}`));
  const row = users.getByRole("row", { name: `User ${username}` });
  await expect(row).toBeVisible();
  await expect(users.getByRole("row")).toHaveCount(2);
  await expect(users.getByText("1–1 of 1", { exact: true })).toBeVisible();
  await expect(row).toContainText("5");

  // The search is in the address: a reload keeps it.
  await page.reload();
  await expect(users.getByLabel("Search users")).toHaveValue(part);
  await expect(row).toBeVisible();

  // Tab on to the user's link and open it with Enter.
  const link = row.getByRole("link", { name: username, exact: true });
  await users.getByLabel("Search users").focus();
  for (
    let i = 0;
    i < 12 && (await page.evaluate<string>("document.activeElement?.textContent ?? ''")) !== username;
    i++
  ) {
    await page.keyboard.press("Tab");
  }
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: username, level: 1 })).toBeVisible();
  const userUrl = page.url();

  // Profile and balance; Edit Credits sets the new balance, with a reason.
  const profile = section(page, "Profile");
  await expect(profile).toContainText("Active");
  await expect(profile.getByText("Not linked")).toBeVisible();
  const balance = section(page, "Balance");
  await expect(balance).toContainText("5 credits");
  await balance.getByRole("button", { name: `Edit credits of ${username}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Credits" });
  await dialog.getByRole("radio", { name: "Set balance" }).click();
  await dialog.getByLabel("New balance").fill("42");
  await dialog.getByLabel("Reason").fill("goodwill bonus");
  await dialog.getByRole("button", { name: "Save Credits" }).click();
  await expectToast(page, "Credits updated");
  await expect(balance).toContainText("42 credits");
  const transactions = section(page, "Transactions");
  await expect(transactions.getByRole("row")).toHaveCount(3); // header, two adjustments (to 5, to 42)
  await expect(transactions.getByRole("row").nth(1)).toContainText("+37");
  await expect(transactions.getByRole("row").nth(1)).toContainText(
    `Credits set to 42 by ${ADMIN.username} (was 5): goodwill bonus`,
  );

  const recent = section(page, "Recent admin actions on this user");
  await expect(recent.getByRole("row").nth(1)).toContainText("Credits changed");
  await expect(recent.getByRole("row").nth(1)).toContainText("Credits: 5 → 42");
  await expect(recent.getByRole("row").nth(1)).toContainText("Reason: goodwill bonus");

  // The audit log: filtered by action, the entry names the admin, the user (a link) and before → after.
  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { name: "Audit Log", level: 1 })).toBeVisible();
  await page.getByLabel("Action", { exact: true }).selectOption({ label: "Credits changed" });
  await expect(page).toHaveURL(/[?&]action=user\.credits/);
  const entry = page.getByRole("row").filter({ has: page.getByRole("link", { name: username, exact: true }) });
  await expect(entry.first()).toContainText("Credits: 5 → 42");
  await expect(entry.first()).toContainText(ADMIN.username);
  await page.getByLabel("Admin", { exact: true }).fill("nobody-is-called-this");
  await expect(page.getByText("No admin actions match these filters.")).toBeVisible();
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByLabel("Action", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Admin", { exact: true })).toHaveValue("");

  // Back on the user's page: revoke the token (it stops working), then sign them out everywhere.
  await page.goto(userUrl);
  const tokens = section(page, "API tokens");
  await expect(tokens.getByRole("row", { name: "API token e2e-automation" })).toContainText(token.slice(0, 8));
  expect(await page.content()).not.toContain(token);
  await tokens.getByRole("button", { name: "Revoke API token e2e-automation" }).click();
  await page.getByRole("dialog", { name: "Revoke API token?" }).getByRole("button", { name: "Revoke" }).click();
  await expectToast(page, "API token revoked");
  await expect(tokens.getByText("No API tokens.")).toBeVisible();
  expect(await tokenStatus(request, token)).toBe(401);

  const sessions = section(page, "Active sessions");
  await expect(sessions.getByRole("row")).not.toHaveCount(0);
  await expect(sessions.getByRole("row").nth(1)).toContainText("127.0.0.1");
  await sessions.getByRole("button", { name: "Sign out everywhere" }).click();
  await page
    .getByRole("dialog", { name: "Sign out everywhere?" })
    .getByRole("button", { name: "Sign out everywhere" })
    .click();
  await expectToast(page, "Signed out everywhere", /sessions? ended/);
  await expect(sessions.getByText("No active sessions.")).toBeVisible();
  expect((await userPage.request.get("/api/auth/current-user")).status()).toBe(401);
  await expect(recent.getByRole("row").nth(1)).toContainText("User signed out everywhere");
  await userPage.close();
});

for (const size of [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const) {
  test(`Edit Credits adds and takes away with a reason, and refuses a balance that changed meanwhile (${size.name})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const username = await createFundedUser(request, "credited", 10);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto(`/admin/users?q=${username}`);
    const users = section(page, "User Management");
    await users.getByRole("button", { name: `Edit credits of ${username}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Credits" });
    await expect(dialog).toContainText(`${username} has 10 credits.`);
    expect(await page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth")).toBe(false);

    // No reason, no change.
    await dialog.getByLabel("Credits to add").fill("5");
    await expect(dialog).toContainText("Balance after: 15 credits");
    await dialog.getByRole("button", { name: "Save Credits" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Give a reason of at least 3 characters.");

    // Meanwhile the balance moves (a purchase, another admin): the server refuses, the dialog shows the new one.
    await setCredits(username, 25);
    await dialog.getByLabel("Reason").fill("goodwill");
    await dialog.getByRole("button", { name: "Save Credits" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      `The balance of ${username} changed since you opened this: it is now 25. Check the new balance and confirm again.`,
    );
    await expect(dialog).toContainText(`${username} has 25 credits.`);
    await expect(dialog).toContainText("Balance after: 30 credits");
    await dialog.getByRole("button", { name: "Save Credits" }).click();
    await expectToast(page, "Credits updated");
    await expect(dialog).toBeHidden();
    await expect(users.getByRole("row", { name: `User ${username}` })).toContainText("30");

    // Taking away more than there is is refused before asking; then down to 1 credit.
    await users.getByRole("button", { name: `Edit credits of ${username}` }).click();
    await dialog.getByRole("radio", { name: "Take away" }).click();
    await dialog.getByLabel("Credits to take away").fill("31");
    await dialog.getByLabel("Reason").fill("chargeback");
    await dialog.getByRole("button", { name: "Save Credits" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      `The balance of ${username} is 30: taking away 31 would leave it below zero. Take away at most 30.`,
    );
    await dialog.getByLabel("Credits to take away").fill("29");
    await expect(dialog).toContainText("Balance after: 1 credit");
    await dialog.getByRole("button", { name: "Save Credits" }).click();
    await expectToast(page, "Credits updated");

    // The user's page: the balance in words, and each row says what it is and why.
    await users.getByRole("link", { name: username, exact: true }).click();
    await expect(section(page, "Balance")).toContainText("1 credit");
    const rows = section(page, "Transactions").getByRole("row");
    await expect(rows.nth(1)).toContainText(`Credits taken away by ${ADMIN.username}: chargeback`);
    await expect(rows.nth(1)).toContainText("−29");
    await expect(rows.nth(2)).toContainText(`Credits added by ${ADMIN.username}: goodwill`);
    await expect(rows.nth(2)).toContainText("+5");
  });
}

test("the user list pages with the Link header, filters by status and says when nothing matches", async ({
  page,
  request,
}) => {
  const stamp = uniqueUsername("pager");
  const names = [`${stamp}_a`, `${stamp}_b`, `${stamp}_c`];
  for (const name of names) await registerViaApi(request, name, PASSWORD);
  await signIn(page, ADMIN.username, ADMIN.password);
  // One user a page: the list must follow the cursor of the Link header, as it does past 50 users.
  await page.route("**/api/admin/users?*", (route) =>
    route.continue({
      url: route
        .request()
        .url()
        .replace(/([?&])limit=\d+/, "$1limit=1"),
    }),
  );

  await page.goto(`/admin/users?q=${stamp}`);
  const users = section(page, "User Management");
  const pages = users.getByRole("navigation", { name: "User pages" });
  await expect(users.getByText("1–1 of 3", { exact: true })).toBeVisible();
  await expect(users.getByRole("row", { name: `User ${names[2]}` })).toBeVisible(); // newest first
  await expect(pages.getByRole("button", { name: "Previous page" })).toBeDisabled();
  await pages.getByRole("button", { name: "Next page" }).click();
  await expect(users.getByText("2–2 of 3", { exact: true })).toBeVisible();
  await expect(users.getByRole("row", { name: `User ${names[1]}` })).toBeVisible();
  await pages.getByRole("button", { name: "Next page" }).click();
  await expect(users.getByText("3–3 of 3", { exact: true })).toBeVisible();
  await expect(users.getByRole("row", { name: `User ${names[0]}` })).toBeVisible();
  await expect(pages.getByRole("button", { name: "Next page" })).toBeDisabled();
  await pages.getByRole("button", { name: "Previous page" }).click();
  await expect(users.getByText("2–2 of 3", { exact: true })).toBeVisible();
  await page.unroute("**/api/admin/users?*");

  // Filters live in the address; Back undoes one.
  await users.getByLabel("Status", { exact: true }).selectOption({ label: "Disabled" });
  await expect(page).toHaveURL(/[?&]status=disabled/);
  await expect(users.getByText("No users match these filters.")).toBeVisible();
  await page.goBack();
  await expect(users.getByLabel("Status", { exact: true })).toHaveValue("");
  await expect(users.getByRole("row", { name: `User ${names[0]}` })).toBeVisible();
  await users.getByLabel("Sort by").selectOption({ label: "Credits" });
  await expect(page).toHaveURL(/[?&]sort=credits/);
  await expect(users.getByText("1–3 of 3", { exact: true })).toBeVisible();
  await users.getByRole("button", { name: "Clear" }).click();
  await expect(users.getByLabel("Search users")).toHaveValue("");
  await expect(page).toHaveURL(/\/admin\/users\?sort=credits$/);
});

test("a user id that names nobody shows 'User not found' with a way back", async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto("/admin/users/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "User not found", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Back to all users" }).click();
  await expect(page).toHaveURL("/admin/users");
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
});
