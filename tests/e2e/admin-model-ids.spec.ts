/**
 * The admin's model ids (issue 74 §1, decision 0174) in a browser: the admin changes Google's id for
 * a model with a reason and sees the vendor's check; the overview names a retired id and links to
 * the card; the card is accessible at 1440 px and fits a 390 px phone in Vietnamese.
 *
 * The first two mock the vendor-models routes and the overview's `vendorModelProblems` with
 * Playwright routes: the e2e server has no Google key or Gemini fake to check an id against, and a
 * test never reaches the internet. The last reads the real server's mappings and saves one.
 */
import { expect, test, type BrowserContext, type Page } from "./fixtures.js";
import type { VendorModelMapping } from "../../src/shared/schemas/admin-vendor-models.js";
import { expectNoSeriousAxeFindings } from "./accessibility.js";
import { ADMIN } from "./helpers.js";

const CARD = "/admin/settings/models#vendor-models-title";

const mapping = (over: Partial<VendorModelMapping>): VendorModelMapping => ({
  model: "veo3_fast",
  modelLabel: "Veo3 Fast",
  vendor: "google",
  vendorModelId: "veo-3.1-fast-generate-preview",
  defaultVendorModelId: "veo-3.1-fast-generate-preview",
  overridden: false,
  state: "active",
  check: {
    status: "gone",
    message: "models/veo-3.1-fast-generate-preview is no longer available",
    checkedAt: "2026-11-29T06:00:00.000Z",
  },
  usable: false,
  ...over,
});

async function signInAdmin(page: Page): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(response.status()).toBe(200);
}

/**
 * Closes a context whose pages have mocked routes: a mocked request still in flight (the overview
 * the admin pages read) would otherwise fail the test as the context goes.
 */
async function closeMocked(context: BrowserContext): Promise<void> {
  for (const page of context.pages()) await page.unrouteAll({ behavior: "ignoreErrors" });
  await context.close();
}

/** A server whose Google id for Veo3 Fast is retired until the admin saves another; returns the PUT bodies. */
async function mockVendorModels(page: Page): Promise<unknown[]> {
  const puts: unknown[] = [];
  let google = mapping({});
  const kie = mapping({
    vendor: "kie",
    vendorModelId: "veo3_fast",
    defaultVendorModelId: "veo3_fast",
    check: { status: "ok", message: null, checkedAt: "2026-11-29T06:00:00.000Z" },
    usable: true,
  });
  await page.route("**/api/admin/vendor-models", (route) => route.fulfill({ json: { mappings: [kie, google] } }));
  await page.route("**/api/admin/vendor-models/veo3_fast/google", async (route) => {
    const body = route.request().postDataJSON() as { vendorModelId: string | null };
    puts.push(body);
    google = mapping({
      vendorModelId: body.vendorModelId ?? google.defaultVendorModelId,
      overridden: true,
      check: { status: "ok", message: null, checkedAt: new Date().toISOString() },
      usable: true,
    });
    await route.fulfill({ json: google });
  });
  await page.route("**/api/admin/overview?*", async (route) => {
    const response = await route.fetch();
    const overview = (await response.json()) as Record<string, unknown>;
    overview.vendorModelProblems =
      google.check.status === "gone"
        ? [
            {
              vendor: "google",
              model: "veo3_fast",
              vendorModelId: google.vendorModelId,
              message: "Google: veo-3.1-fast-generate-preview is no longer available",
            },
          ]
        : [];
    await route.fulfill({ response, json: overview });
  });
  return puts;
}

test("the admin sees a retired Google id on the overview, changes it with a reason and sees the check", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await signInAdmin(page);
    const puts = await mockVendorModels(page);

    await page.goto("/admin");
    const alert = page
      .getByRole("alert")
      .filter({ hasText: "veo-3.1-fast-generate-preview (Veo3 Fast) failed its check" });
    await expect(alert).toContainText("Google Gemini API: veo-3.1-fast-generate-preview (Veo3 Fast) failed its check");
    await expect(alert).toContainText("is no longer available");
    await alert.getByRole("link", { name: "Change the model id" }).click();
    await expect(page).toHaveURL(CARD);

    const card = page.getByRole("region", { name: "Model ids" });
    const row = card.getByRole("listitem", { name: "Veo3 Fast at Google Gemini API" });
    await expect(row).toContainText("No longer available");
    await expect(row).toContainText("Not usable");
    await expectNoSeriousAxeFindings(page, { include: ["section[aria-labelledby='vendor-models-title']"] });

    await row.getByRole("button", { name: "Edit Veo3 Fast at Google Gemini API" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Use the default (veo-3.1-fast-generate-preview)").uncheck();
    await dialog.getByLabel("Model id at Google Gemini API").fill("gemini-omni-1.1-flash");
    await dialog.getByLabel("Reason").fill("Google retired the preview ids");
    await expectNoSeriousAxeFindings(page, { include: ["[role='dialog']"] });
    await dialog.getByRole("button", { name: "Save" }).click();
    const status = dialog.getByRole("status");
    await expect(status).toContainText("now uses gemini-omni-1.1-flash.");
    await expect(status).toContainText("Check OK");
    expect(puts).toEqual([
      { vendorModelId: "gemini-omni-1.1-flash", state: "active", reason: "Google retired the preview ids" },
    ]);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(row).toContainText("gemini-omni-1.1-flash (default: veo-3.1-fast-generate-preview)");
    await expect(row).toContainText("Usable");

    // Once the id is well the overview no longer warns.
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByText("failed its check")).toHaveCount(0);
  } finally {
    await closeMocked(context);
  }
});

test("the model ids card fits a 390 px phone in Vietnamese and passes axe", async ({ browser }) => {
  const context = await browser.newContext({ locale: "vi-VN", viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await signInAdmin(page);
    await mockVendorModels(page);
    await page.goto(CARD);
    const card = page.getByRole("region", { name: "Mã mô hình" });
    await expect(card.getByRole("listitem", { name: "Veo3 Fast tại Google Gemini API" })).toContainText(
      "Không dùng được",
    );
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
    await expectNoSeriousAxeFindings(page, { include: ["section[aria-labelledby='vendor-models-title']"] });

    await card.getByRole("button", { name: "Sửa Veo3 Fast tại Google Gemini API" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Mã mô hình tại Google Gemini API")).toBeVisible();
    // Once its opening animation (a scale) is over, the dialog fits the screen.
    await expect
      .poll(async () => {
        const box = (await dialog.boundingBox())!;
        return box.x >= 0 && box.x + box.width <= 390;
      })
      .toBe(true);
    await expectNoSeriousAxeFindings(page, { include: ["[role='dialog']"] });
  } finally {
    await closeMocked(context);
  }
});

test("the card shows the server's own mappings and saves one through the real route", async ({ page }) => {
  await signInAdmin(page);
  const response = await page.request.get("/api/admin/vendor-models");
  expect(response.status(), await response.text()).toBe(200);
  const { mappings } = (await response.json()) as { mappings: VendorModelMapping[] };
  expect(mappings.length).toBeGreaterThan(0);
  await page.goto(CARD);
  const card = page.getByRole("region", { name: "Model ids" });
  await expect(card.getByRole("listitem")).toHaveCount(mappings.length);
  const vendors = { kie: "KIE.ai", google: "Google Gemini API", vertex: "Google Vertex AI" } as const;
  for (const m of mappings) {
    await expect(card.getByRole("listitem", { name: `${m.modelLabel} at ${vendors[m.vendor]}` })).toContainText(
      m.vendorModelId,
    );
  }

  // A real save: Google's Veo3 Lite kept at its default and active (so no other spec sees a change),
  // with a reason; the server checks it before answering (with no Google account here: not checked).
  const lite = mappings.find((m) => m.model === "veo3_lite" && m.vendor === "google")!;
  await card.getByRole("button", { name: "Edit Veo3 Lite at Google Gemini API" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(`Use the default (${lite.defaultVendorModelId})`).check();
  await dialog.getByLabel("State").selectOption("active");
  await dialog.getByLabel("Reason").fill("e2e: keep Google's default id");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("status")).toContainText(
    `Saved: Veo3 Lite at Google Gemini API now uses ${lite.defaultVendorModelId}.`,
  );
  const saved = await page.request.get("/api/admin/vendor-models");
  const after = ((await saved.json()) as { mappings: VendorModelMapping[] }).mappings.find(
    (m) => m.model === "veo3_lite" && m.vendor === "google",
  )!;
  expect(after).toMatchObject({ vendorModelId: lite.defaultVendorModelId, state: "active" });
  expect(after.check.checkedAt).not.toBeNull();
});
