/**
 * CSV exports (issue 23, decision 0054): on /history the admin filters, clicks Download CSV and
 * gets a file of exactly those rows, with a BOM, a header row and ISO dates.
 */
import fs from "node:fs/promises";
import { expect, test } from "./fixtures.js";
import { ADMIN, signIn } from "./helpers.js";
import { chooseOption, createFundedUser } from "./video-helpers.js";

test("the admin downloads the filtered History as CSV", async ({ page, request }) => {
  const username = await createFundedUser(request, "csvexport", 6);

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto("/history");
  await expect(page.getByRole("heading", { name: "Transaction History", level: 1 })).toBeVisible();
  // The admin section tabs, with Transactions the current one.
  await expect(
    page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Transactions" }),
  ).toHaveAttribute("aria-current", "page");

  await page.getByLabel("Username").fill(username);
  await chooseOption(page, "Type", "Adjustment");
  const table = page.getByRole("table", { name: "All transactions, newest first" });
  await expect(table.getByRole("row")).toHaveCount(2); // header, the adjustment
  const link = page.getByRole("link", { name: "Download CSV" });
  await expect(link).toHaveAttribute("href", `/api/admin/exports/transactions.csv?type=adjustment&user=${username}`);

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`transactions-${new Date().toISOString().slice(0, 10)}.csv`);
  const bytes = await fs.readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString("utf8").slice(1).split("\r\n").filter(Boolean);
  expect(lines[0]).toBe("id,created at,user,email,type,amount,description,provider task id,refunded");
  expect(lines).toHaveLength(2);
  // id, created at (ISO, UTC), user, email (none), type, amount (a number), description, no task id, not refunded.
  expect(lines[1]).toMatch(
    new RegExp(
      `^[0-9a-f-]{36},\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z,${username},,adjustment,6,.+,,false$`,
    ),
  );
});
