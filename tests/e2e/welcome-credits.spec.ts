/**
 * A first video without paying (issue 70): a new person registers, confirms their address through
 * the link in the mail the SMTP fake received, sees their welcome credits and until when on the
 * generator, and makes a video with them. Its own server (the shared one's daily welcome limits
 * are every spec's to spend), whose mail goes to the e2e SMTP fake.
 */
import { expect, test } from "./fixtures.js";
import { startFreshServer, type FreshServer } from "./fresh-server.js";
import { uniqueUsername } from "./helpers.js";
import { linkTo, waitForMail } from "./mail-helpers.js";
import { createVideoPanel, PASSWORD } from "./video-helpers.js";

let server: FreshServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Videos from the server's own simulator, quickly.
  server = await startFreshServer({
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
    SIMULATOR_DELAY_MS: "1000",
    SIMULATOR_HD_DELAY_MS: "1000",
  });
});
test.afterAll(() => server.stop());

test("a new person confirms their address and makes a first video with welcome credits (1440x900)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const username = uniqueUsername("welcome");
  const email = `${username}@people.example`;
  const data = { username, email, password: PASSWORD };
  expect((await page.request.post(`${server.baseUrl}/api/auth/register`, { data })).status()).toBe(201);
  expect((await page.request.post(`${server.baseUrl}/api/auth/login`, { data })).status()).toBe(200);

  // Nothing before the address is confirmed.
  await page.goto(`${server.baseUrl}/generate`);
  await expect(page.getByText(/free credits? until/)).toHaveCount(0);

  const mail = await waitForMail(email, "Confirm your e-mail address");
  await page.goto(linkTo(mail, "/verify-email?token="));
  await page.getByRole("button", { name: `Yes, ${username} is mine: confirm` }).click();
  await expect(page.getByRole("heading", { name: "Address confirmed", level: 1 })).toBeVisible();

  await page.goto(`${server.baseUrl}/generate`);
  const notice = page.getByText(/^You have \d+ free credits? until .+: enough for a Veo3 Fast video\.$/);
  await expect(notice).toBeVisible();
  const form = createVideoPanel(page);
  await form.getByLabel("Prompt", { exact: true }).fill("A paper boat drifting down a rain gutter");
  await form.getByRole("button", { name: "Generate Video" }).click();
  await expect(page.getByText("Video generation started").first()).toBeVisible();
  // The credits were the welcome grant's: spent, and the ledger says so.
  const history = (await (await page.request.get(`${server.baseUrl}/api/transactions?page=1`)).json()) as {
    data: { type: string; amount: number }[];
  };
  expect(history.data.map((t) => t.type).sort()).toEqual(["usage", "welcome"]);
});
