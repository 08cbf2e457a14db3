/**
 * /api (issue 6): API tokens (default, named, shown once, masked, deleted), the automation guide
 * with curl examples for this origin, the n8n workflow download, and a token really making a
 * video that shows in My Creations with the API badge.
 */
import fs from "node:fs";
import { expect, request as playwrightRequest, test, type Page } from "./fixtures.js";
import { expectToast, registerViaApi, uniqueUsername } from "./helpers.js";
import { PASSWORD, setCredits, signInViaApi } from "./video-helpers.js";

const FULL_TOKEN = /^veo_[A-Za-z0-9_-]{43}$/;

async function newUser(page: Page, credits = 0): Promise<string> {
  const username = uniqueUsername("api");
  await registerViaApi(page.request, username, PASSWORD);
  if (credits > 0) await setCredits(username, credits);
  await signInViaApi(page, username);
  return username;
}

/** Reads the token out of the reveal dialog, checks the copy button, and closes the dialog. */
async function takeRevealedToken(page: Page): Promise<string> {
  const dialog = page.getByRole("dialog", { name: "Your new API token" });
  const token = (await dialog.getByLabel("Full API token").textContent())?.trim() ?? "";
  expect(token).toMatch(FULL_TOKEN);
  await dialog.getByRole("button", { name: "Copy API token" }).click();
  await expect(dialog.getByRole("button", { name: "Copy API token" })).toHaveText("Copied");
  expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(token);
  await dialog.getByRole("button", { name: "I have copied it" }).click();
  await expect(dialog).toHaveCount(0);
  return token;
}

const masked = (token: string) => `${token.slice(0, 8)}••••••••${token.slice(-8)}`;

test.describe("the API page", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("signed out, it asks to sign in", async ({ page }) => {
    await page.goto("/api");
    await expect(page.getByRole("heading", { name: "Sign in to use the API" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/login?next=%2Fapi",
    );
  });

  test("tokens: the default one, a named one shown once and masked after, a blank name refused, delete", async ({
    page,
  }) => {
    await newUser(page);
    await page.goto("/api");
    await expect(page.getByText("You have no API token yet")).toBeVisible();
    await page.getByRole("button", { name: "Create my API token" }).click();
    const first = await takeRevealedToken(page);

    const list = page.getByRole("list", { name: "Your API tokens" });
    const defaultItem = list.getByRole("listitem", { name: "Default" });
    await expect(defaultItem.getByLabel("Masked token")).toHaveText(masked(first));
    await expect(defaultItem).toContainText("Active");
    await expect(defaultItem).toContainText("Never");
    await expect(page.getByText(first)).toHaveCount(0);

    await page.getByRole("button", { name: "Create Token" }).click();
    const create = page.getByRole("dialog", { name: "Create API token" });
    await create.getByRole("button", { name: "Create Token" }).click();
    await expect(create.getByText("Token name is required")).toBeVisible();
    await create.getByLabel("Token name").fill("n8n production");
    await create.getByRole("button", { name: "Create Token" }).click();
    const second = await takeRevealedToken(page);
    expect(second).not.toBe(first);
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem", { name: "n8n production" }).getByLabel("Masked token")).toHaveText(
      masked(second),
    );

    // After a reload the full token is gone for good: only the masked form is ever listed.
    await page.reload();
    await expect(list.getByRole("listitem")).toHaveCount(2);
    expect(await page.content()).not.toContain(second);

    await list.getByRole("button", { name: "Delete token n8n production" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this API token?" });
    await expect(confirm).toContainText("n8n production");
    await confirm.getByRole("button", { name: "Delete Token" }).click();
    await expectToast(page, "API token deleted");
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByRole("listitem", { name: "Default" })).toBeVisible();
  });

  test("Revoke all: confirmed first, then every token stops working at once", async ({ page, baseURL }) => {
    await newUser(page);
    await page.goto("/api");
    await expect(page.getByText("You have no API token yet")).toBeVisible();
    await expect(page.getByRole("button", { name: "Revoke all" })).toHaveCount(0);
    await page.getByRole("button", { name: "Create my API token" }).click();
    const first = await takeRevealedToken(page);
    await page.getByRole("button", { name: "Create Token" }).click();
    const create = page.getByRole("dialog", { name: "Create API token" });
    await create.getByLabel("Token name").fill("Make");
    await create.getByRole("button", { name: "Create Token" }).click();
    const second = await takeRevealedToken(page);
    const list = page.getByRole("list", { name: "Your API tokens" });
    await expect(list.getByRole("listitem")).toHaveCount(2);

    const client = await playwrightRequest.newContext({ baseURL });
    const status = async (token: string) =>
      (
        await client.get("/api/n8n/video-status/no-such-task", { headers: { authorization: `Bearer ${token}` } })
      ).status();
    try {
      expect(await status(first)).toBe(404);

      // Cancel keeps them.
      await page.getByRole("button", { name: "Revoke all" }).click();
      const confirm = page.getByRole("dialog", { name: "Revoke all API tokens?" });
      await expect(confirm).toContainText("All 2 of your API tokens stop working at once");
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(confirm).toHaveCount(0);
      await expect(list.getByRole("listitem")).toHaveCount(2);
      expect(await status(first)).toBe(404);

      await page.getByRole("button", { name: "Revoke all" }).click();
      await confirm.getByRole("button", { name: "Revoke All Tokens" }).click();
      await expectToast(
        page,
        "API tokens revoked",
        "2 API tokens revoked. Automations using them stop working at once.",
      );
      await expect(confirm).toHaveCount(0);
      await expect(page.getByText("You have no API token yet")).toBeVisible();
      await expect(page.getByRole("button", { name: "Revoke all" })).toHaveCount(0);
      expect(await status(first)).toBe(401);
      expect(await status(second)).toBe(401);
    } finally {
      await client.dispose();
    }
  });

  test("failures use the spec's toasts", async ({ page }) => {
    await newUser(page);
    await page.route("**/api/user-tokens/default", (route) =>
      route.fulfill({ status: 503, json: { message: "Try again in a minute" } }),
    );
    await page.route("**/api/user-tokens", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 409, json: { message: "You can have at most 20 API tokens" } })
        : route.fallback(),
    );
    await page.goto("/api");
    await page.getByRole("button", { name: "Create my API token" }).click();
    await expectToast(page, "Failed to create default API token", "Try again in a minute");

    await page.getByRole("button", { name: "Create Token" }).click();
    const create = page.getByRole("dialog", { name: "Create API token" });
    await create.getByLabel("Token name").fill("Make");
    await create.getByRole("button", { name: "Create Token" }).click();
    await expectToast(page, "Failed to create API token", "You can have at most 20 API tokens");
  });

  test("the guide: rules, curl examples for this origin, the n8n workflow and the OpenAPI document", async ({
    page,
    baseURL,
  }) => {
    await newUser(page);
    await page.goto("/api");
    const guide = page.getByRole("region", { name: "Automation guide" });
    await expect(guide).toContainText("Write the prompt in English.");
    // The catalogue's models and modes; "only the first image" is the rule for requests without a mode.
    await expect(guide).toContainText(
      "model: veo3 (Veo3 (Quality)), veo3_fast (Veo3 Fast), veo3_lite (Veo3 Lite), kling3 (Kling 3.0)",
    );
    await expect(guide).toContainText(
      "durationSeconds, resolution and audio: optional, each one the model lists in GET /api/models",
    );
    await expect(guide).toContainText("Without mode: text, or image with only the first of imageUrls used.");
    const modes = guide.getByRole("list", { name: "Modes" }).getByRole("listitem");
    await expect(modes).toHaveText([
      // Hailuo 2.3 makes no video from words alone.
      /^text: .*\(no images; only with veo3, .*wan27, wan26 or omni_flash\)\.$/,
      /^image: .*\(1-2 images: First frame, Last frame\)\.$/,
      /^reference: .*\(1-9 images: Reference 1, .*Reference 9; only with veo3_fast, veo3_lite or seedance2\)\.$/,
    ]);
    await expect(guide.getByLabel("Generate from reference images with curl", { exact: true })).toContainText(
      '"model":"veo3_lite","mode":"reference"',
    );
    await expect(guide.getByText("Veo3 Lite (veo3_lite)")).toBeVisible();
    await expect(guide).toContainText("stored for 24 hours");
    // The web prices are the web app's own (decision 0065).
    await expect(guide.getByTestId("web-price-note")).toContainText(
      "scripts and automations use an API token and pay the API prices",
    );
    await expect(guide).toContainText("every 15-30 seconds");
    await expect(guide.getByLabel("Generate with curl", { exact: true })).toContainText(
      `curl -X POST "${baseURL}/api/n8n/generate"`,
    );
    await expect(guide.getByLabel("Status with curl", { exact: true })).toContainText(
      `"${baseURL}/api/n8n/video-status/TASK_ID"`,
    );
    await expect(guide.getByLabel("Live events with curl", { exact: true })).toContainText(
      `curl -N "${baseURL}/api/events"`,
    );

    await guide.getByRole("button", { name: "Copy: Generate with curl" }).click();
    expect(await page.evaluate<string>("navigator.clipboard.readText()")).toContain(`${baseURL}/api/n8n/generate`);

    await expect(guide.getByRole("link", { name: "OpenAPI document" })).toHaveAttribute("href", "/api/openapi.json");
    const download = page.waitForEvent("download");
    await guide.getByRole("link", { name: "Download n8n workflow" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("veo-studio-n8n-workflow.json");
    const workflow = JSON.parse(fs.readFileSync(await file.path(), "utf8")) as {
      nodes: { type: string; parameters: { url?: string } }[];
    };
    const urls = workflow.nodes
      .filter((n) => n.type === "n8n-nodes-base.httpRequest")
      .map((n) => n.parameters.url ?? "");
    expect(urls.length).toBe(2);
    for (const url of urls) expect(url).toContain(`${baseURL}/api/n8n/`);
  });

  test("a token makes a video that shows in My Creations with the API badge", async ({ page, baseURL }) => {
    await newUser(page, 10);
    await page.goto("/api");
    await page.getByRole("button", { name: "Create my API token" }).click();
    const token = await takeRevealedToken(page);

    const client = await playwrightRequest.newContext({ baseURL });
    try {
      const prompt = `A lighthouse at dusk made through the API ${Date.now()}`;
      const response = await client.post("/api/n8n/generate", {
        headers: { authorization: `Bearer ${token}` },
        data: { prompt, model: "veo3_fast" },
      });
      expect(response.status(), await response.text()).toBe(200);
      expect(await response.json()).toMatchObject({ success: true, creditsUsed: 2, remainingCredits: 8 });

      await page.goto("/my-creations");
      const card = page.getByRole("button", { name: `View details: ${prompt}` });
      await expect(card).toBeVisible();
      await expect(card.getByText("API", { exact: true })).toBeVisible();
    } finally {
      await client.dispose();
    }
    await page.goto("/api");
    await expect(page.getByRole("listitem", { name: "Default" })).not.toContainText("Never");
  });

  test("fits a 360 px phone without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await newUser(page);
    await page.goto("/api");
    await page.getByRole("button", { name: "Create my API token" }).click();
    await takeRevealedToken(page);
    await expect(page.getByRole("region", { name: "Automation guide" })).toBeVisible();
    const widths = await page.evaluate<{ scroll: number; viewport: number }>(
      "({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth })",
    );
    expect(widths.scroll, "the page must not scroll sideways").toBeLessThanOrEqual(widths.viewport);
  });
});
