/**
 * The settings in sections (issue 68 §3, decision 0148), on a server of this spec's own: each
 * section at its own address with the Settings tabs; an older link to a card opens its section;
 * one bar per section says whether anything is unsaved, saves every changed card with one click,
 * or discards; a problem is said beside its field in the owner's words; an unknown section is 404.
 */
import { expect, test, type Page } from "./fixtures.js";
import { startFreshServer, type FreshServer } from "./fresh-server.js";
import { toasts } from "./helpers.js";

let server: FreshServer;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startFreshServer();
});
test.afterAll(() => server.stop());

const bar = (page: Page) => page.getByRole("region", { name: /^(Save this section|Lưu phần này)$/ });
const overflows = (page: Page) => page.evaluate<boolean>("document.documentElement.scrollWidth > window.innerWidth");

test("each section has its own address; one bar saves the section's cards together (1440 px, English)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await server.signInAdmin(page);

  // /admin/settings opens the first section; the tabs list them all.
  await page.goto(`${server.baseUrl}/admin/settings`);
  await expect(page).toHaveURL(`${server.baseUrl}/admin/settings/payments`);
  await expect(page.getByRole("heading", { name: "Payments", level: 1 })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Admin sections" }).getByRole("list", { name: "Settings" });
  await expect(tabs.getByRole("link")).toHaveCount(10);
  await tabs.getByRole("link", { name: "Operations" }).click();
  await expect(page).toHaveURL(`${server.baseUrl}/admin/settings/operations`);

  // An older link to a card lands on it, in its section.
  await page.goto(`${server.baseUrl}/admin/settings#video-storage-title`);
  await expect(page).toHaveURL(`${server.baseUrl}/admin/settings/operations#video-storage-title`);
  await expect(page.getByRole("heading", { name: "Video Storage" })).toBeInViewport();

  // Nothing changed yet: nothing to save.
  await expect(bar(page)).toContainText("Everything here is saved");
  await expect(bar(page).getByRole("button", { name: "Save changes" })).toBeDisabled();

  // Two cards changed: the bar stays in view wherever the owner scrolls; Discard puts them back.
  const chatId = page.getByLabel("Chat ID");
  const limit = page.getByLabel("Videos at once per person");
  await chatId.fill("-100700800900");
  await limit.fill("9");
  await expect(bar(page)).toContainText("Unsaved changes");
  await page.getByRole("heading", { name: "Telegram Notifications" }).scrollIntoViewIfNeeded();
  await expect(bar(page)).toBeInViewport();
  await bar(page).getByRole("button", { name: "Discard" }).click();
  await expect(chatId).toHaveValue("");
  await expect(limit).toHaveValue("5");
  await expect(bar(page)).toContainText("Everything here is saved");

  // A problem stops the save, beside its field, in the owner's words; nothing is sent.
  await chatId.fill("-100700800900");
  await limit.fill("0");
  await bar(page).getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Enter a whole number of videos from 1 to 1000.")).toBeVisible();
  await expect(limit).toBeFocused();
  await expect(page.getByText(/maxVideosInFlight/)).toHaveCount(0);

  // Put right, one click saves both cards.
  await limit.fill("9");
  await bar(page).getByRole("button", { name: "Save changes" }).click();
  // Each card's save says so; one toast shows at a time, so it is whichever answered last.
  await expect(toasts(page).getByText(/^(Telegram Settings Updated|Settings updated)$/)).toBeVisible();
  await expect(bar(page)).toContainText("Everything here is saved");
  await page.reload();
  await expect(page.getByLabel("Chat ID")).toHaveValue("-100700800900");
  await expect(page.getByLabel("Videos at once per person")).toHaveValue("9");

  // A price typed wrong is said in its own cell of the price table, never in the setting's name.
  await page.goto(`${server.baseUrl}/admin/settings/prices`);
  const fastApi = page.getByLabel("API price for Veo3 Fast", { exact: true });
  await fastApi.fill("2.555");
  await bar(page).getByRole("button", { name: "Save changes" }).click();
  await expect(fastApi).toHaveAccessibleDescription("Enter a price from 1 to 1000, with at most two decimals.");
  await expect(fastApi).toBeFocused();
  await expect(page.getByText(/prices\.veo3_fast/)).toHaveCount(0);

  // Leaving by a link with the change unsaved asks first; Cancel stays with the change.
  await tabs.getByRole("link", { name: "Operations" }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await leave.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(`${server.baseUrl}/admin/settings/prices`);
  await expect(fastApi).toHaveValue("2.555");
  await tabs.getByRole("link", { name: "Operations" }).click();
  await leave.getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(`${server.baseUrl}/admin/settings/operations`);
  await expect(bar(page)).toContainText("Everything here is saved");

  // A section that is not one is the 404 page.
  await page.goto(`${server.baseUrl}/admin/settings/billing`);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("unsaved changes are not lost to a closed tab without asking (1440 px, English)", async ({ page }) => {
  await server.signInAdmin(page);
  await page.goto(`${server.baseUrl}/admin/settings/contact`);
  // Typed by hand: the browser asks only on a page the person has used.
  await page.getByLabel("Support e-mail").click();
  await page.keyboard.type("help@sections.test");
  await expect(bar(page)).toContainText("Unsaved changes");
  const asked = new Promise<string>((resolve) => page.once("dialog", (dialog) => resolve(dialog.type())));
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe("beforeunload");
});

test("the same in Vietnamese on a 390 px phone: the tabs wrap, the bar reads and saves", async ({ browser }) => {
  const context = await browser.newContext({ locale: "vi-VN", viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: "lang", value: "vi", url: server.baseUrl }]);
  const page = await context.newPage();
  try {
    await server.signInAdmin(page);
    await page.goto(`${server.baseUrl}/admin/settings/payments`);
    const tabs = page.getByRole("navigation").getByRole("list", { name: "Cài đặt" });
    await expect(tabs.getByRole("link")).toHaveCount(10);
    expect(await overflows(page)).toBe(false);
    // With nothing to save the bar waits at the section's end instead of covering the phone's screen.
    await expect(bar(page)).toContainText("Mọi thứ ở đây đã được lưu");
    await expect(bar(page)).not.toBeInViewport();

    // A PayPal webhook ID pasted wrong is told beside the field, in Vietnamese.
    const webhook = page.getByLabel("ID webhook PayPal");
    await webhook.fill("not an id!");
    await expect(bar(page)).toContainText("Thay đổi chưa lưu");
    await expect(bar(page)).toBeInViewport();
    await bar(page).getByRole("button", { name: "Lưu thay đổi" }).click();
    await expect(webhook).toHaveAccessibleDescription(/^Dán ID webhook đúng như PayPal hiển thị/);
    await expect(webhook).toBeFocused();
    expect(await overflows(page)).toBe(false);

    await webhook.fill("8PT597110X687430LKGECATA");
    await bar(page).getByRole("button", { name: "Lưu thay đổi" }).click();
    await expect(bar(page)).toContainText("Mọi thứ ở đây đã được lưu");
    await page.reload();
    await expect(page.getByLabel("ID webhook PayPal")).toHaveValue("8PT597110X687430LKGECATA");
    expect(await overflows(page)).toBe(false);

    // A tab tapped with a change unsaved asks first, in Vietnamese.
    await page.getByLabel("ID webhook PayPal").fill("8PT597110X687430LKGECATB");
    await tabs.getByRole("link", { name: "Giá", exact: true }).click();
    const leave = page.getByRole("dialog", { name: "Rời đi mà không lưu?" });
    await expect(leave).toBeVisible();
    expect(await overflows(page)).toBe(false);
    await leave.getByRole("button", { name: "Rời đi" }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/admin/settings/prices`);
  } finally {
    await context.close();
  }
});
