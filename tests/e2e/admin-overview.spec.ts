/**
 * The /admin overview (issue 23, decision 0053) renders its charts from seeded data, with the
 * numbers in captioned tables beside them that the keyboard reaches. The e2e server is shared by
 * every spec, so the seeded user and videos are checked as the amounts they move the figures by,
 * and the tables against the API's answer.
 */
import { expect, test, type Page } from "./fixtures.js";
import type { AdminOverview } from "../../src/shared/schemas/admin-overview.js";
import { ADMIN, signIn } from "./helpers.js";
import { createFundedUser, generateViaApi, signInViaApi } from "./video-helpers.js";

async function overview(page: Page, range = "today"): Promise<AdminOverview> {
  const response = await page.request.get(`/api/admin/overview?range=${range}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AdminOverview;
}

/** "2026-03-09" as the tables write it in English: 3/9/2026. */
const dayText = (day: string) => {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(year!, month! - 1, date).toLocaleDateString("en-US");
};

/** What the focused element is called: a table region by its caption, anything else by its text. */
const focusedName = (page: Page) =>
  page.evaluate<string>(`(() => {
    const el = document.activeElement;
    const labelledBy = el && el.getAttribute("aria-labelledby");
    return (labelledBy ? document.getElementById(labelledBy)?.textContent : el?.textContent) ?? "";
  })()`);

test("the overview draws today's seeded users and videos, with their numbers in keyboard-reachable tables", async ({
  page,
  browser,
  request,
}) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  const before = await overview(page);

  // One new user with 10 credits (an admin adjustment), one video that completes and one that fails (and is refunded).
  const username = await createFundedUser(request, "overview", 10);
  const userPage = await browser.newPage();
  await signInViaApi(userPage, username);
  await generateViaApi(userPage, { prompt: "an overview video", model: "veo3_lite" });
  await generateViaApi(userPage, { prompt: "an overview video that fails [sim:fail]", model: "veo3_lite" });
  await userPage.close();

  await expect
    .poll(
      async () => {
        const now = await overview(page);
        return (
          now.videos.failed - before.videos.failed >= 1 &&
          now.videos.completed + now.videos.refunded - (before.videos.completed + before.videos.refunded) >= 1
        );
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const after = await overview(page);
  expect(after.newUsers.total - before.newUsers.total).toBeGreaterThanOrEqual(1);
  expect(after.videos.total - before.videos.total).toBeGreaterThanOrEqual(2);
  expect(after.credits.adjustedUp - before.credits.adjustedUp).toBeGreaterThanOrEqual(10);
  expect(after.credits.spent - before.credits.spent).toBeGreaterThanOrEqual(2);
  expect(after.credits.refunded - before.credits.refunded).toBeGreaterThanOrEqual(1);
  const lite = after.videos.byModel.find((m) => m.model === "veo3_lite");
  expect(lite?.failed).toBeGreaterThanOrEqual(1);

  await page.goto("/admin?range=today");
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Today" })).toHaveAttribute("data-state", "on");
  const today = after.days[0]!;

  // Each chart is one labelled image drawn as SVG bars by the chart library.
  for (const name of [
    /^Bar chart: Revenue per day/,
    /^Stacked bar chart: Videos per day by outcome, all models, today/,
    /^Bar chart: Credits sold/,
    /^Stacked bar chart: New users per day, today/,
  ]) {
    const chart = page.getByRole("img", { name });
    await expect(chart).toBeVisible();
    await expect(chart.locator(".recharts-wrapper > svg.recharts-surface")).toBeVisible();
  }
  await expect(
    page
      .getByRole("img", { name: /^Stacked bar chart: Videos per day/ })
      .locator(".recharts-bar-rectangle path")
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: /^Stacked bar chart: New users per day/ })).toHaveAccessibleName(
    new RegExp(`${after.newUsers.total} in total\\. The numbers are in the table "New users per day, today"`),
  );

  // The tables hold the API's numbers (checked figure by figure in tests/integration/admin-overview.test.ts).
  const users = page.getByRole("table", { name: "New users per day, today" });
  // By how the accounts were made (decision 0091); "Not recorded" only when the range has such accounts.
  const { password, google, admin, unknown } = after.newUsers.bySource;
  const withUnknown = <T>(items: T[], item: T) => (unknown > 0 ? [...items, item] : items);
  await expect(users.getByRole("columnheader")).toHaveText([
    ...withUnknown(["Day", "Sign-up form", "Google", "Admin (start-up)"], "Not recorded"),
    "New users",
  ]);
  const cells = [...withUnknown([password, google, admin], unknown), after.newUsers.total].map(String);
  await expect(users.getByRole("row", { name: dayText(today) }).getByRole("cell")).toHaveText(cells);
  await expect(users.getByRole("row", { name: /^Total/ }).getByRole("cell")).toHaveText(cells);

  const videos = page.getByRole("table", { name: "Videos per day by outcome, all models, today" });
  await expect(videos.getByRole("columnheader")).toHaveText([
    "Day",
    "Completed",
    "Refunded",
    "Failed",
    "In progress",
    "Total",
  ]);
  await expect(
    videos
      .getByRole("row", { name: /^Total/ })
      .getByRole("cell")
      .last(),
  ).toHaveText(after.videos.total.toLocaleString("en-US"));

  const byModel = page.getByRole("table", { name: "Videos by model, outcome and rates, today" });
  await expect(byModel.getByRole("rowheader", { name: "Veo3 Lite" })).toBeVisible();
  await expect(page.getByText(/Refund rate: videos whose credits were given back ÷ finished/)).toBeVisible();

  const credits = page.getByRole("table", { name: "Credits sold, spent and refunded per day, today" });
  await expect(credits.getByRole("columnheader")).toHaveText(["Day", "Sold", "Spent", "Refunded"]);
  await expect(
    page
      .getByRole("table", { name: "Revenue by payment provider and currency, today" })
      .getByRole("rowheader", { name: "Creem" }),
  ).toBeVisible();
  await expect(
    page
      .getByRole("table", { name: "Time from submission, today" })
      .getByRole("rowheader", { name: "Submission to video" }),
  ).toBeVisible();

  // The model picker narrows the videos chart and its table to one model.
  await page.getByRole("radio", { name: "Veo3 Lite" }).click();
  const liteTable = page.getByRole("table", { name: "Videos per day by outcome, Veo3 Lite, today" });
  await expect(
    liteTable
      .getByRole("row", { name: /^Total/ })
      .getByRole("cell")
      .nth(2),
  ).toHaveText(String(lite!.failed));
  await expect(
    page
      .getByRole("img", { name: /^Stacked bar chart: Videos per day by outcome, Veo3 Lite, today/ })
      .locator(".recharts-wrapper > svg.recharts-surface"),
  ).toBeVisible();

  // The keyboard reaches every table: each is a focusable region named by its caption.
  await page.getByRole("radio", { name: "Today" }).focus();
  const reached: string[] = [];
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    reached.push(await focusedName(page));
  }
  for (const caption of [
    "Revenue per day in USD by payment provider, today",
    "Videos per day by outcome, Veo3 Lite, today",
    "Videos by model, outcome and rates, today",
    "Credits sold, spent and refunded per day, today",
    "New users per day, today",
    "Time from submission, today",
  ]) {
    expect(reached, `Tab reaches the table "${caption}"`).toContain(caption);
  }

  // Another range: 7 days in the address and in the tables (a row per day, then the total).
  await page.getByRole("radio", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const week = page.getByRole("table", { name: "New users per day, last 7 days" });
  await expect(week.getByRole("row")).toHaveCount(1 + 7 + 1);
  await expect(week.getByRole("rowheader").first()).toHaveText(dayText((await overview(page, "7d")).days[0]!));
});

test("the overview fits a 360 px phone: its charts shrink and its tables scroll inside themselves", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto("/admin?range=30d");
  await expect(page.getByRole("table", { name: "New users per day, last 30 days" })).toBeVisible();
  // What sticks out of the screen, leaving out what scrolls inside its own box (the tables, the section links).
  const wide = await page.evaluate<string[]>(`[...document.querySelectorAll("main *")]
    .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
    .filter((el) => !el.parentElement?.closest(".overflow-auto, .overflow-x-auto"))
    .slice(0, 5)
    .map((el) => el.tagName + "." + el.className + " " + Math.round(el.getBoundingClientRect().right))`);
  expect(wide).toEqual([]);
  expect(await page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth")).toBe(false);
});
