import { expect, test } from "./fixtures.js";
import { ADMIN, expectToast, signIn } from "./helpers.js";
import { chooseOption, createFundedUser, generateViaApi, signInViaApi } from "./video-helpers.js";

test("an admin filters History and refunds a usage row once", async ({ page, browser, request }) => {
  const username = await createFundedUser(request, "refundme", 4);
  const userPage = await browser.newPage();
  await signInViaApi(userPage, username);
  await generateViaApi(userPage, { prompt: "a video to refund", model: "veo3_fast" });

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto("/history");
  await expect(page.getByRole("heading", { name: "Transaction History", level: 1 })).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toHaveCount(0);

  await page.getByLabel("Username").fill(username);
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  const table = page.getByRole("table", { name: "All transactions, newest first" });
  await expect(table.getByRole("row")).toHaveCount(3); // header, usage, adjustment
  await chooseOption(page, "Type", "Usage");
  await expect(table.getByRole("row")).toHaveCount(2);
  const usage = table.getByRole("row").nth(1);
  await expect(usage).toContainText(username);
  await expect(usage).toContainText("Usage");
  await expect(usage).toContainText("−1");

  await usage.getByRole("button", { name: /^Refund / }).click();
  await expectToast(page, "Refund Processed", "Refunded 1 credits to user successfully");
  await expect(usage.getByRole("button", { name: "Refunded" })).toBeDisabled();
  const me = (await (await userPage.request.get("/api/auth/current-user")).json()) as {
    user?: { credits: number };
    credits?: number;
  };
  expect(me.user?.credits ?? me.credits).toBe(4);

  await chooseOption(page, "Type", "Refund");
  await expect(table.getByRole("row").nth(1)).toContainText("+1");

  await page.getByRole("button", { name: "Clear All" }).click();
  await expect(page.getByText("Active", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Username")).toHaveValue("");
  await userPage.close();
});

test("the admin pages fit a 360 px phone: wide tables scroll inside themselves", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, ADMIN.username, ADMIN.password);
  for (const [path, heading, hasTable] of [
    ["/admin", "Admin Dashboard", true],
    ["/admin/users", "Users", true],
    ["/admin/settings", "Settings", false],
    ["/admin/audit", "Audit Log", true],
    ["/history", "Transaction History", true],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    if (hasTable) await expect(page.getByRole("table").first()).toBeVisible();
    else await expect(page.getByRole("heading", { name: "Credit Packages" })).toBeVisible();
    expect(await page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth")).toBe(false);
  }
});
