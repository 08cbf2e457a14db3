import { expect, test, type Page } from "./fixtures.js";
import {
  createFundedUser,
  creditsBadge,
  generateViaApi,
  latestVideoPanel,
  setCredits,
  signInViaApi,
} from "./video-helpers.js";

/** Counts the page's requests whose path starts with one of `prefixes`, from now on. */
function countRequests(page: Page, prefixes: string[]): { count: () => number } {
  let n = 0;
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (prefixes.some((p) => pathname.startsWith(p))) n += 1;
  });
  return { count: () => n };
}

async function streamOpen(page: Page): Promise<void> {
  await page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events" && r.status() === 200);
}

test("an open generator page hears its video finish and its balance change, without polling", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const username = await createFundedUser(request, "live", 10);
  await signInViaApi(page, username);
  const opened = streamOpen(page);
  await page.goto("/generate");
  await opened;
  await expect(creditsBadge(page, 10)).toBeVisible();

  // A slow video (about 7 s in the simulator) started elsewhere, e.g. by an automation.
  const statusPolls = countRequests(page, ["/api/video-status/", "/api/auth/current-user"]);
  const taskId = await generateViaApi(page, { prompt: "A harbour at dusk, heard live [sim:slow]" });
  const latest = latestVideoPanel(page);
  // The new task and the spent credit arrive as events.
  await expect(latest.getByText("A harbour at dusk, heard live [sim:slow]")).toBeVisible();
  await expect(creditsBadge(page, 9)).toBeVisible();
  await expect(latest.getByText("Completed", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(latest.locator("video")).toHaveAttribute("src", /\.mp4$/);
  // Polling would have asked for the status and the user several times by now.
  expect(statusPolls.count()).toBe(0);
  expect(taskId).toMatch(/^sim_/);

  // An admin changes the balance: the header follows at once, not after the 30 s poll.
  await setCredits(username, 42);
  await expect(creditsBadge(page, 42)).toBeVisible();
});

test("without the event stream, pages fall back to polling", async ({ page, request }) => {
  test.setTimeout(60_000);
  const username = await createFundedUser(request, "nolive", 10);
  await page.route("**/api/events", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"down"}' }),
  );
  await signInViaApi(page, username);
  await page.goto("/generate");
  await expect(creditsBadge(page, 10)).toBeVisible();
  const listPolls = countRequests(page, ["/api/video-tasks"]);
  await generateViaApi(page, { prompt: "A quiet field, polled [sim:slow]" });
  // The 5 s task-list poll finds the new task and then its end.
  const latest = latestVideoPanel(page);
  await expect(latest.getByText("A quiet field, polled [sim:slow]")).toBeVisible({ timeout: 15_000 });
  await expect(latest.getByText("Completed", { exact: true })).toBeVisible({ timeout: 30_000 });
  expect(listPolls.count()).toBeGreaterThan(1);
});
