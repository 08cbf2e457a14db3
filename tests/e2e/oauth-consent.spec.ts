/**
 * Connecting an AI agent with OAuth (issue 73, decision 0170), as a browser does it: an app
 * registered through the server's own Dynamic Client Registration sends the person to
 * /oauth/authorize; signed out, they sign in and come back to the same request; they allow it and
 * land on the app's redirect URI with a code, which the app exchanges (PKCE) for a token that
 * works; /api lists the connection, and revoking it stops the token at once. Cancel goes back with
 * access_denied. axe at desktop and phone sizes; Vietnamese.
 */
import crypto from "node:crypto";
import { expectNoSeriousAxeFindings } from "./accessibility.js";
import { expect, test, type APIRequestContext, type Page } from "./fixtures.js";
import { fillSignInForm, registerViaApi, uniqueUsername } from "./helpers.js";
import { PASSWORD, signInViaApi } from "./video-helpers.js";

/** The app's callback: a loopback address nothing listens on; the test answers it in the browser. */
const REDIRECT_URI = "http://127.0.0.1:9/callback";

interface Client {
  clientId: string;
  verifier: string;
  authorizeUrl: string;
}

/** Registers an app through POST /oauth/register and builds its authorization request with PKCE. */
async function registerApp(request: APIRequestContext, baseURL: string, name: string): Promise<Client> {
  const response = await request.post("/oauth/register", {
    data: {
      client_name: name,
      redirect_uris: [REDIRECT_URI],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { client_id: clientId } = (await response.json()) as { client_id: string };
  const verifier = crypto.randomBytes(32).toString("base64url");
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    code_challenge: crypto.createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state: "state-from-the-app",
    scope: "videos:read videos:write",
    resource: `${baseURL}/mcp`,
  });
  return { clientId, verifier, authorizeUrl: `/oauth/authorize?${query.toString()}` };
}

/** Answers the app's redirect URI in the browser, and gives the address the browser landed on. */
async function catchRedirect(page: Page): Promise<() => Promise<URL>> {
  let landed: URL | undefined;
  await page.route(`${REDIRECT_URI}**`, async (route) => {
    landed = new URL(route.request().url());
    await route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Back in the app</title>" });
  });
  return async () => {
    await expect.poll(() => landed?.href ?? "").not.toBe("");
    // The app's page has loaded, so a navigation that follows is not interrupted by this one.
    await page.waitForURL(`${REDIRECT_URI}**`);
    return landed!;
  };
}

test.describe("connecting an app with OAuth", () => {
  test("sign in, allow, land with a code, use the token, see it on /api and revoke it", async ({ page, baseURL }) => {
    const username = uniqueUsername("oauth");
    await registerViaApi(page.request, username, PASSWORD);
    const app = await registerApp(page.request, baseURL!, "E2E Agent");
    const landedOn = await catchRedirect(page);

    // Signed out: to the sign-in page, and back to the very same request.
    await page.goto(app.authorizeUrl);
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(app.authorizeUrl)}`);
    await fillSignInForm(page, username, PASSWORD);
    await expect(page).toHaveURL(app.authorizeUrl);

    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("E2E Agent wants to use your Veo Studio account");
    await expect(page.getByRole("note")).toContainText("This app registered itself");
    await expect(page.getByText("Once you choose, you go back to 127.0.0.1:9.")).toBeVisible();
    const read = page.getByRole("checkbox", { name: /See your videos, models and balance/ });
    const write = page.getByRole("checkbox", { name: /Make, upgrade and extend videos/ });
    await expect(read).toBeChecked();
    await expect(read).toBeDisabled();
    await expect(write).toBeChecked();

    await page.setViewportSize({ width: 1440, height: 900 });
    await expectNoSeriousAxeFindings(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousAxeFindings(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("button", { name: "Allow" }).click();
    const landed = await landedOn();
    expect(`${landed.origin}${landed.pathname}`).toBe(REDIRECT_URI);
    expect(landed.searchParams.get("state")).toBe("state-from-the-app");
    expect(landed.searchParams.get("iss")).toBe(baseURL);
    const code = landed.searchParams.get("code") ?? "";
    expect(code).not.toBe("");

    // The app exchanges the code with its PKCE verifier; the token works at once.
    const token = await page.request.post("/oauth/token", {
      form: {
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT_URI,
        client_id: app.clientId,
        code_verifier: app.verifier,
        resource: `${baseURL}/mcp`,
      },
    });
    expect(token.status(), await token.text()).toBe(200);
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    const bearer = { Authorization: `Bearer ${accessToken}` };
    const balance = await page.request.get("/api/n8n/balance", { headers: bearer });
    expect(balance.status(), await balance.text()).toBe(200);

    // /api lists the connection with what it may do; revoking it stops the token at once.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/api");
    const item = page.getByRole("list", { name: "Your connected apps" }).getByRole("listitem", { name: "E2E Agent" });
    await expect(item.getByRole("list", { name: "May do" }).getByRole("listitem")).toHaveText([
      "See your videos, models and balance",
      "Make, upgrade and extend videos with your credits",
    ]);
    await expect(item).toContainText(app.clientId);
    await expect(page.getByRole("heading", { name: "Connected apps" })).toBeVisible();
    await expectNoSeriousAxeFindings(page, { include: ['section[aria-labelledby="connected-apps-title"]'] });

    await item.getByRole("button", { name: "Revoke E2E Agent" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke this app's access?" });
    await dialog.getByRole("button", { name: "Revoke Access" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(/No app is connected/)).toBeVisible();
    expect((await page.request.get("/api/n8n/balance", { headers: bearer })).status()).toBe(401);
  });

  test("Cancel goes back to the app with access_denied, in Vietnamese", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: "vi-VN" });
    const page = await context.newPage();
    const username = uniqueUsername("oauthvi");
    await registerViaApi(page.request, username, PASSWORD);
    await signInViaApi(page, username);
    const app = await registerApp(page.request, baseURL!, "Tác tử E2E");
    const landedOn = await catchRedirect(page);

    await page.goto(app.authorizeUrl);
    await expect(page.locator("html")).toHaveAttribute("lang", "vi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Tác tử E2E muốn sử dụng tài khoản Veo Studio của bạn",
    );
    await page.getByRole("button", { name: "Huỷ" }).click();
    const landed = await landedOn();
    expect(landed.searchParams.get("error")).toBe("access_denied");
    expect(landed.searchParams.get("state")).toBe("state-from-the-app");
    expect(landed.searchParams.get("code")).toBeNull();

    // Nothing was connected.
    await page.goto("/api");
    await expect(page.getByRole("heading", { name: "Ứng dụng đã kết nối" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Các ứng dụng đã kết nối của bạn" })).toHaveCount(0);
    await context.close();
  });

  test("a request the server refuses is shown, not followed", async ({ page }) => {
    const username = uniqueUsername("oauthbad");
    await registerViaApi(page.request, username, PASSWORD);
    await signInViaApi(page, username);
    await page.goto(
      "/oauth/authorize?client_id=nobody&redirect_uri=https%3A%2F%2Fevil.example%2Fcb&response_type=code",
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This connection request cannot be used");
    await expect(page.getByRole("alert")).not.toBeEmpty();
    await expect(page.getByRole("button", { name: "Allow" })).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe("/oauth/authorize");
  });
});
