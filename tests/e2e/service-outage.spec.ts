/**
 * While the server's database is briefly away (issue 25, decision 0057) it answers 503 with reason
 * database_unavailable (tests/integration/database-outage.test.ts). The page then shows one calm
 * banner instead of errors, keeps trying, and the banner goes once answers come back. The 503 is
 * played here by the browser's router, since the browser tests' server runs on the embedded database.
 */
import { expect, test } from "./fixtures.js";
import { toasts } from "./helpers.js";

const OUTAGE_ANSWER = {
  status: 503,
  headers: { "content-type": "application/json", "retry-after": "5" },
  body: JSON.stringify({
    message: "The service is briefly unavailable, please try again in a moment.",
    code: "service_unavailable",
    reason: "database_unavailable",
  }),
};

test("a brief outage shows a calm banner, the page keeps trying, and the banner goes when the server is back", async ({
  page,
}) => {
  let outage = true;
  let refused = 0;
  await page.route("**/api/credit-packages", async (route) => {
    if (!outage) return route.continue();
    refused++;
    return route.fulfill(OUTAGE_ANSWER);
  });
  await page.goto("/pricing");
  const banner = page.getByRole("status").filter({ hasText: "The service is briefly unavailable" });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("We keep trying");
  // The page asks again by itself (every 5 s), without an error toast.
  await expect.poll(() => refused, { timeout: 15_000 }).toBeGreaterThan(1);
  await expect(toasts(page).getByRole("status")).toHaveCount(0);

  outage = false;
  await expect(banner).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Credits & Pricing");
});
