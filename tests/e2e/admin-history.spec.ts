import { expect, test } from "./fixtures.js";
import { ADMIN, expectToast, signIn } from "./helpers.js";
import { chooseOption, createFundedUser, generateViaApi, signInViaApi } from "./video-helpers.js";

const SIZES = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

for (const size of SIZES) {
  test(`an admin filters History and refunds a usage row once, with a reason (${size.name})`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const username = await createFundedUser(request, "refundme", 4);
    const userPage = await browser.newPage();
    await signInViaApi(userPage, username);
    const taskId = await generateViaApi(userPage, { prompt: "a video to refund", model: "veo3_fast" });

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

    // Refund asks first: it names the video and the credits, and will not go without a reason.
    await usage.getByRole("button", { name: `Refund ${username}'s 1 credit`, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Refund this video?" });
    await expect(dialog).toContainText(`1 credit goes back to ${username}. This cannot be undone.`);
    await expect(dialog).toContainText("“a video to refund”");
    await expect(dialog).toContainText(taskId.slice(-8));
    expect(await page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth")).toBe(false);
    await dialog.getByRole("button", { name: "Refund 1 credit", exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Give a reason of at least 3 characters.");
    // Cancel refunds nothing.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(usage.getByRole("button", { name: /^Refund / })).toBeEnabled();

    await usage.getByRole("button", { name: /^Refund / }).click();
    await dialog.getByLabel("Reason").fill("  duplicate\ncharge ");
    await expect(dialog).toContainText("16/200");
    await dialog.getByRole("button", { name: "Refund 1 credit", exact: true }).click();
    await expectToast(page, "Refund Processed", "Refunded 1 credit to user successfully");
    await expect(dialog).toBeHidden();
    await expect(usage.getByRole("button", { name: "Refunded" })).toBeDisabled();
    const me = (await (await userPage.request.get("/api/auth/current-user")).json()) as {
      user?: { credits: number };
      credits?: number;
    };
    expect(me.user?.credits ?? me.credits).toBe(4);

    // The refund row says what it reverses, who did it and why.
    await chooseOption(page, "Type", "Refund");
    const refundRow = table.getByRole("row").nth(1);
    await expect(refundRow).toContainText("+1");
    await expect(refundRow).toContainText(
      `Refund of video “a video to refund” (${taskId.slice(-8)}) by ${ADMIN.username}: duplicate charge`,
    );

    await page.getByRole("button", { name: "Clear All" }).click();
    await expect(page.getByText("Active", { exact: true })).toHaveCount(0);
    await expect(page.getByLabel("Username")).toHaveValue("");
    await userPage.close();
  });
}

test("the refund dialog reads in Vietnamese", async ({ browser, request }) => {
  const username = await createFundedUser(request, "hoantien", 3);
  const userPage = await browser.newPage();
  await signInViaApi(userPage, username);
  await generateViaApi(userPage, { prompt: "một video để hoàn", model: "veo3_fast" });
  await userPage.close();

  const context = await browser.newContext({ locale: "vi-VN" });
  const page = await context.newPage();
  await signInViaApi(page, ADMIN.username, ADMIN.password);
  await page.goto("/history");
  const usage = page.getByRole("row").filter({ hasText: username }).filter({ hasText: "−1" });
  await usage.getByRole("button", { name: `Hoàn credit cho ${username} (1 credit)`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Hoàn credit cho video này?" });
  await expect(dialog).toContainText(`1 credit sẽ được hoàn lại cho ${username}.`);
  await dialog.getByRole("button", { name: "Hoàn 1 credit", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Hãy nhập lý do dài ít nhất 3 ký tự.");
  await expect(dialog.getByLabel("Lý do")).toBeVisible();
  await context.close();
});

test("the admin pages fit a 360 px phone: wide tables scroll inside themselves", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, ADMIN.username, ADMIN.password);
  for (const [path, heading, hasTable] of [
    ["/admin", "Admin Dashboard", true],
    ["/admin/users", "Users", true],
    ["/admin/settings/prices", "Prices", false],
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
