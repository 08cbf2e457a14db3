/** Helpers for the generator and gallery specs: funded accounts, API generations, test images. */
import zlib from "node:zlib";
import { expect, request as playwrightRequest, type APIRequestContext, type Locator, type Page } from "./fixtures.js";
import type { AspectRatio, GenerationMode, ModelId } from "../../src/shared/catalogue.js";
import { ADMIN, header, registerViaApi, uniqueUsername } from "./helpers.js";

export const PASSWORD = "video-pass-123";

function baseURL(): string {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error("E2E_PORT is not set (playwright.config.ts sets it)");
  return `http://127.0.0.1:${port}`;
}

let adminContext: Promise<APIRequestContext> | undefined;

/** One signed-in admin API context per worker (logins are rate-limited per address). */
function admin(): Promise<APIRequestContext> {
  adminContext ??= (async () => {
    const context = await playwrightRequest.newContext({ baseURL: baseURL() });
    const response = await context.post("/api/auth/login", { data: ADMIN });
    expect(response.status(), await response.text()).toBe(200);
    return context;
  })();
  return adminContext;
}

/** Sets a user's balance through the admin API (PUT /api/admin/users/{id}/credits, from the balance it has now). */
async function userNamed(api: APIRequestContext, username: string): Promise<{ id: string; credits: number }> {
  const list = await api.get(`/api/admin/users?q=${encodeURIComponent(username)}`);
  expect(list.status(), await list.text()).toBe(200);
  const users = (await list.json()) as { id: string; username: string; credits: number }[];
  const user = users.find((u) => u.username === username);
  if (!user) throw new Error(`No user ${username}`);
  return user;
}

export async function setCredits(username: string, credits: number): Promise<void> {
  const api = await admin();
  const user = await userNamed(api, username);
  const response = await api.put(`/api/admin/users/${user.id}/credits`, {
    data: { change: "set", amount: credits, reason: "test set-up", expectedCredits: user.credits },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Lets the person have `limit` videos being made at once (fair use, decision 0093; 5 by default). */
export async function setInFlightLimit(username: string, limit: number): Promise<void> {
  const api = await admin();
  const user = await userNamed(api, username);
  const response = await api.put(`/api/admin/users/${user.id}/in-flight-limit`, { data: { maxVideosInFlight: limit } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Registers a new user holding `credits` credits; returns the username. */
export async function createFundedUser(request: APIRequestContext, prefix: string, credits: number): Promise<string> {
  const username = uniqueUsername(prefix);
  await registerViaApi(request, username, PASSWORD);
  if (credits > 0) await setCredits(username, credits);
  return username;
}

/** Signs the browser context in through the API (page.request shares the browser's cookies). */
export async function signInViaApi(page: Page, username: string, password = PASSWORD): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Starts a video with the browser's session, as the generator would: with the site's token and fetch metadata (decision 0065). */
export async function generateViaApi(
  page: Page,
  body: {
    prompt: string;
    model?: ModelId;
    mode?: GenerationMode;
    aspectRatio?: AspectRatio;
    imageUrls?: string[];
    watermark?: string;
    seeds?: number;
    keepExtendable?: boolean;
  },
): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === "csrf")?.value ?? "";
  const response = await page.request.post("/api/generate-video", {
    data: { model: "veo3_fast", aspectRatio: "16:9", imageUrls: [], enableFallback: false, ...body },
    headers: { "sec-fetch-site": "same-origin", "x-csrf-token": token },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { taskId: string }).taskId;
}

/** The header's credits badge with exactly this balance. */
export function creditsBadge(page: Page, credits: number): Locator {
  return header(page).getByRole("link", { name: `${credits} credits`, exact: true });
}

export function createVideoPanel(page: Page): Locator {
  return page.getByRole("region", { name: "Create Video" });
}

/** Opens the generator's 'More options' (watermark, seed, 4K, keep extendable) unless it is open. */
export async function openMoreOptions(form: Locator): Promise<void> {
  const toggle = form.getByRole("button", { name: /^More options/ });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
}

export function latestVideoPanel(page: Page): Locator {
  return page.getByRole("region", { name: "Latest Video" });
}

export function recentVideos(page: Page): Locator {
  return page.getByRole("region", { name: "Recent Videos" });
}

/** Picks an option of a Radix select by the select's label. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
  await expect(page.getByRole("combobox", { name: label })).toContainText(option);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real PNG (RGB, a diagonal gradient) of the given size. */
export function makePng(width = 64, height = 36): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type: RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = Math.round((x / width) * 255);
      row[2 + x * 3] = 80;
      row[3 + x * 3] = Math.round((y / height) * 255);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", zlib.deflateSync(Buffer.concat(rows))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The value of one field of the Video Details dialog, by its term. */
export function detailsField(dialog: Locator, term: string): Locator {
  return dialog
    .locator("dl > div")
    .filter({ has: dialog.page().locator("dt").getByText(term, { exact: true }) })
    .locator("dd");
}

/** The web prices now of Veo3 Fast and a surcharge (another spec may change them and put them back). */
export async function webPrices(
  request: APIRequestContext,
  surcharge: "4k" | "extend",
): Promise<{ fast: number; surcharge: number }> {
  const response = await request.get("/api/pricing/current");
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as {
    models: { model: string; web_credits: number }[];
    surcharges: { surcharge: string; web_credits: number }[];
  };
  const fast = body.models.find((m) => m.model === "veo3_fast")?.web_credits;
  const extra = body.surcharges.find((s) => s.surcharge === surcharge)?.web_credits;
  if (fast === undefined || extra === undefined) throw new Error(`No price for Veo3 Fast or ${surcharge}`);
  return { fast, surcharge: extra };
}

/** "1 credit", "3 credits". */
export { creditsText } from "../../src/shared/credits-text.js";

/** Opens the details of the card whose prompt starts with `prompt` on My Creations. */
export async function openDetails(page: Page, prompt: string): Promise<Locator> {
  await page.goto("/my-creations");
  await page.getByRole("button", { name: `View details: ${prompt}` }).click();
  const dialog = page.getByRole("dialog", { name: "Video Details" });
  await expect(dialog).toBeVisible();
  return dialog;
}
