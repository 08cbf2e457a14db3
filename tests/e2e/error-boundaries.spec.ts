/**
 * Error boundaries per area (decision 0037): a page whose code is gone after a deploy offers
 * Reload instead of a blank app, so does an answer the page cannot read, and a page that fails to
 * render offers a way back, all inside the shell (header still there).
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures.js";
import { fillSignInForm, header, mainNav, registerViaApi, uniqueUsername } from "./helpers.js";

/** The built file of a page's chunk, from Vite's manifest (e.g. assets/contact-page-XXXX.js). */
function chunkFile(source: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.resolve("dist/web/.vite/manifest.json"), "utf8")) as Record<
    string,
    { file: string }
  >;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in the manifest`);
  return entry.file;
}

test("a page whose code was removed by a deploy offers Reload, and Reload brings the page", async ({ page }) => {
  const chunk = `**/${chunkFile("pages/contact-page.tsx")}`;
  let refused = 0;
  // A tab opened before the deploy: the app is running, the page's old hashed file is gone.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: /Generate AI Videos/ })).toBeVisible();
  await page.route(chunk, async (route) => {
    refused += 1;
    await route.fulfill({ status: 404, contentType: "text/plain", body: "Not Found" });
  });

  await mainNav(page).getByRole("link", { name: "Contact", exact: true }).click();
  const notice = page.getByRole("alert").filter({ hasText: "This page could not be loaded" });
  await expect(notice).toBeVisible();
  expect(refused).toBeGreaterThan(0);
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();

  // The file is back (the new deploy's index.html names the new one): Reload loads it.
  await page.unroute(chunk);
  await notice.getByRole("button", { name: "Reload" }).click();
  await expect(page).toHaveURL("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test("a page that fails to render says so inside the shell and offers a way back", async ({ page }) => {
  // The page's code loads but breaks as it runs.
  await page.route(`**/${chunkFile("pages/contact-page.tsx")}`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/javascript",
      body: 'throw new Error("The contact page broke while rendering");',
    }),
  );
  await page.goto("/contact");
  const notice = page.getByRole("alert").filter({ hasText: "Something went wrong" });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("button", { name: "Reload" })).toHaveCount(0);
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();

  await notice.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: /Generate AI Videos/ })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test("an answer the page does not understand (a newer or older server) offers Reload inside the shell", async ({
  page,
}) => {
  // channels should be a list (decision 0040: every answer is read with its shared schema).
  let answer = '{"channels":{}}';
  await page.route("**/api/contact", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: answer }),
  );
  await page.goto("/contact");
  const notice = page.getByRole("alert").filter({ hasText: "This page could not be loaded" });
  await expect(notice).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();

  answer = '{"channels":[]}';
  await notice.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test("an account menu whose code is gone leaves a Reload button, and the rest of the page works", async ({
  page,
  request,
}) => {
  const username = uniqueUsername("menu");
  await registerViaApi(request, username, "menu-pass-123");
  await page.route(`**/${chunkFile("app/shell/user-menu.tsx")}`, (route) =>
    route.fulfill({ status: 404, body: "Not Found" }),
  );

  await page.goto("/login");
  await fillSignInForm(page, username, "menu-pass-123");
  await expect(page).toHaveURL("/");
  await expect(header(page).getByRole("button", { name: "Reload" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await mainNav(page).getByRole("link", { name: "Pricing", exact: true }).click();
  await expect(page).toHaveURL("/pricing");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
