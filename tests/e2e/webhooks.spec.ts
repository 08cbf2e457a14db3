/**
 * /api's Webhooks section (issue 21, decision 0047) against a real receiver on 127.0.0.1 (the
 * server runs with WEBHOOKS_ALLOW_LOCAL): an endpoint's secret shown once, a signed test event
 * (checked with the standardwebhooks package and with the page's own node:crypto snippet), the
 * delivery log, resend, failures, rotation, a refused URL, disable/enable, edit, delete; the
 * per-request callbacks' secret and log; the low balance alert.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AddressInfo } from "node:net";
import { expect, request as playwrightRequest, test, type Locator, type Page } from "./fixtures.js";
import { Webhook } from "standardwebhooks";
import { expectToast, registerViaApi, uniqueUsername } from "./helpers.js";
import { PASSWORD, setCredits, signInViaApi } from "./video-helpers.js";

const SECRET = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

interface Received {
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** Records every request; answers `status` (200 unless switched). */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        method: req.method ?? "",
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      res.writeHead(state.status, { "content-type": "text/plain" }).end(state.status < 300 ? "ok" : "broken");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/veo`,
    received,
    answer: (status: number) => (state.status = status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const signatureHeaders = (r: Received) => ({
  "webhook-id": r.headers["webhook-id"]!,
  "webhook-timestamp": r.headers["webhook-timestamp"]!,
  "webhook-signature": r.headers["webhook-signature"]!,
});

async function newUser(page: Page, credits = 0): Promise<string> {
  const username = uniqueUsername("hooks");
  await registerViaApi(page.request, username, PASSWORD);
  if (credits > 0) await setCredits(username, credits);
  await signInViaApi(page, username);
  return username;
}

/** Reads the secret out of the reveal dialog, checks the copy button, closes it. */
async function takeSecret(page: Page, title: string): Promise<string> {
  const dialog = page.getByRole("dialog", { name: title });
  const secret = (await dialog.getByLabel("Signing secret", { exact: true }).textContent())?.trim() ?? "";
  expect(secret).toMatch(SECRET);
  await dialog.getByRole("button", { name: "Copy signing secret" }).click();
  await expect(dialog.getByRole("button", { name: "Copy signing secret" })).toHaveText("Copied");
  expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(secret);
  await dialog.getByRole("button", { name: "I have copied it" }).click();
  await expect(dialog).toHaveCount(0);
  return secret;
}

/** The delivery log's rows (newest first), without the header row. */
const logRows = (scope: Locator, name: string | RegExp) => scope.getByRole("table", { name }).locator("tbody tr");

test.describe("webhooks on the API page", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  let receiver: Receiver;
  test.beforeEach(async () => {
    receiver = await startReceiver();
  });
  test.afterEach(async () => {
    await receiver.close();
  });

  test("an endpoint: refused URL, secret once, signed test event, log, resend, failure, rotation, disable, edit, delete", async ({
    page,
  }) => {
    // About 15 s of steps when idle, each waiting on a real delivery: room for both cores being busy.
    test.setTimeout(45_000);
    await newUser(page);
    await page.goto("/api");
    const section = page.getByRole("region", { name: "Webhooks", exact: true });
    await expect(section.getByText("No webhook endpoints yet")).toBeVisible();

    // A private address is refused with the server's own message, under the URL.
    await section.getByRole("button", { name: "Add endpoint" }).click();
    const form = page.getByRole("dialog", { name: "Add webhook endpoint" });
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(form.getByText("URL is required")).toBeVisible();
    await form.getByLabel("Endpoint URL").fill("http://10.0.0.1/x");
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(
      form.getByText(
        "10.0.0.1 is a private, local or reserved address: webhooks go only to addresses on the public internet",
      ),
    ).toBeVisible();
    await expect(form.getByLabel("Endpoint URL")).toHaveAttribute("aria-invalid", "true");

    // The four events, two of them chosen by default.
    await expect(form.getByRole("checkbox")).toHaveCount(4);
    await expect(form.getByRole("checkbox", { name: /A video is ready \(720p\)/ })).toBeChecked();
    await expect(form.getByRole("checkbox", { name: /The 1080p version is ready/ })).not.toBeChecked();
    await form.getByRole("checkbox", { name: /The 1080p version is ready/ }).check();
    await form.getByLabel("Endpoint URL").fill(receiver.url);
    await form.getByLabel("Description").fill("Test receiver");
    await form.getByRole("button", { name: "Add endpoint" }).click();
    let secret = await takeSecret(page, "Your endpoint's signing secret");

    const list = section.getByRole("list", { name: "Your webhook endpoints" });
    const item = list.getByRole("listitem", { name: receiver.url });
    await expect(item).toContainText("Active");
    await expect(item).toContainText("Test receiver");
    await expect(item.getByRole("list", { name: "Events" }).getByRole("listitem")).toHaveText([
      "video.completed",
      "video.failed",
      "video.hd_ready",
    ]);
    expect(await page.content()).not.toContain(secret);

    // Send test event: a signed POST arrives, and the log (opened by it) shows the 200.
    await item.getByRole("button", { name: "Send test event" }).click();
    await expectToast(page, "Test event queued");
    await expect.poll(() => receiver.received.length).toBe(1);
    const first = receiver.received[0]!;
    expect(first.method).toBe("POST");
    expect(first.headers["content-type"]).toContain("application/json");
    expect(first.headers["webhook-id"]).toMatch(/^msg_/);
    expect(first.headers["webhook-timestamp"]).toMatch(/^\d+$/);
    expect(first.headers["webhook-signature"]).toMatch(/^v1,\S+$/);
    const event = new Webhook(secret).verify(first.body, signatureHeaders(first)) as { id: string; type: string };
    expect(event).toMatchObject({ id: first.headers["webhook-id"], type: "webhook.test" });
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(first.body, signatureHeaders(first)),
    ).toThrow();

    // The page's node:crypto snippet really verifies it.
    const snippet = (await section.getByLabel("Verify with node:crypto only", { exact: true }).textContent()) ?? "";
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-verify-"));
    const file = path.join(dir, "verify.mjs");
    fs.writeFileSync(file, snippet);
    const { verifyWebhook } = (await import(pathToFileURL(file).href)) as {
      verifyWebhook: (secret: string, body: string, headers: Record<string, string>) => { type: string };
    };
    fs.rmSync(dir, { recursive: true, force: true });
    expect(verifyWebhook(secret, first.body, first.headers).type).toBe("webhook.test");
    expect(() => verifyWebhook(secret, `${first.body} `, first.headers)).toThrow("Invalid signature");
    await expect(section.getByLabel("Verify with standardwebhooks", { exact: true })).toContainText(
      'import { Webhook } from "standardwebhooks"',
    );

    const rows = logRows(item, `Delivery log of ${receiver.url}`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("webhook.test");
    await expect(rows.first()).toContainText("200");
    await expect(rows.first()).toContainText("Delivered");

    // Resend: the same event (same webhook-id and body) arrives again, logged as a new row.
    await rows
      .first()
      .getByRole("button", { name: /^Resend/ })
      .click();
    await expect.poll(() => receiver.received.length).toBe(2);
    expect(receiver.received[1]!.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(receiver.received[1]!.body).toBe(first.body);
    await expect(rows).toHaveCount(2);

    // A receiver answering 500: logged, retried later, and the endpoint says it is failing.
    receiver.answer(500);
    await item.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length).toBe(3);
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText("500");
    await expect(rows.first()).toContainText("Retrying");
    await expect(item.getByText(/^Failing since/)).toBeVisible();
    // Fixed: resending the failed one succeeds and the warning goes.
    receiver.answer(200);
    await rows
      .first()
      .getByRole("button", { name: /^Resend/ })
      .click();
    await expect(rows.first()).toContainText("Delivered");
    await expect(item.getByText(/^Failing since/)).toHaveCount(0);

    // Rotation: the new secret once; for a day both secrets sign.
    await item.getByRole("button", { name: "Rotate secret" }).click();
    await page
      .getByRole("dialog", { name: "Rotate the signing secret?" })
      .getByRole("button", { name: "Rotate secret" })
      .click();
    await expect(page.getByRole("dialog", { name: "New signing secret" })).toContainText(
      "The previous secret also signs deliveries until",
    );
    const oldSecret = secret;
    secret = await takeSecret(page, "New signing secret");
    expect(secret).not.toBe(oldSecret);
    await expect(item).toContainText("also signs until");
    const before = receiver.received.length;
    await item.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length).toBe(before + 1);
    const rotated = receiver.received.at(-1)!;
    expect(rotated.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(new Webhook(secret).verify(rotated.body, signatureHeaders(rotated))).toMatchObject({ type: "webhook.test" });
    expect(new Webhook(oldSecret).verify(rotated.body, signatureHeaders(rotated))).toMatchObject({
      type: "webhook.test",
    });

    // Disable, then enable again.
    await item.getByRole("button", { name: "Disable" }).click();
    await expectToast(page, "Endpoint disabled");
    await expect(item).toContainText("Disabled by you");
    await expect(item.getByRole("button", { name: "Send test event" })).toBeDisabled();
    await item.getByRole("button", { name: "Enable again" }).click();
    await expectToast(page, "Endpoint enabled");
    await expect(item).toContainText("Active");
    await expect(item.getByRole("button", { name: "Send test event" })).toBeEnabled();

    // Edit: a new description and one event fewer.
    await item.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit webhook endpoint" });
    await expect(edit.getByLabel("Endpoint URL")).toHaveValue(receiver.url);
    await edit.getByLabel("Description").fill("Renamed receiver");
    await edit.getByRole("checkbox", { name: /The 1080p version is ready/ }).uncheck();
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit).toHaveCount(0);
    await expect(item).toContainText("Renamed receiver");
    await expect(item.getByRole("list", { name: "Events" }).getByRole("listitem")).toHaveText([
      "video.completed",
      "video.failed",
    ]);

    // Delete, confirmed first.
    await item.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this webhook endpoint?" });
    await expect(confirm).toContainText(receiver.url);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(item).toBeVisible();
    await item.getByRole("button", { name: "Delete" }).click();
    await confirm.getByRole("button", { name: "Delete endpoint" }).click();
    await expectToast(page, "Endpoint deleted");
    await expect(section.getByText("No webhook endpoints yet")).toBeVisible();
  });

  test("per-request callbacks: the secret signs a video's callback, logged; the low balance alert", async ({
    page,
    baseURL,
  }) => {
    // A simulated video (a few seconds idle) has to finish first; with both cores busy it takes longer.
    test.setTimeout(60_000);
    await newUser(page, 10);
    await page.goto("/api");
    const callbacks = page.getByRole("region", { name: "Per-request callbacks" });
    await expect(callbacks).toContainText("No callback secret yet");
    await expect(callbacks.getByRole("button", { name: "Callback delivery log" })).toHaveCount(0);
    await callbacks.getByRole("button", { name: "Create callback secret" }).click();
    const secret = await takeSecret(page, "New signing secret");
    await expect(callbacks).toContainText("A callback signing secret is set.");
    await expect(callbacks.getByRole("button", { name: "Rotate callback secret" })).toBeVisible();

    // The second n8n workflow is offered beside the polling one.
    await expect(
      page
        .getByRole("region", { name: "Automation guide" })
        .getByRole("link", { name: "n8n workflow (wait for webhook, no polling)" }),
    ).toHaveAttribute("href", "/api/n8n/workflow-webhook.json");

    // A video made through the API with a callbackUrl: its video.completed arrives, signed with that secret.
    await page.getByRole("button", { name: "Create my API token" }).click();
    const token =
      (
        await page.getByRole("dialog", { name: "Your new API token" }).getByLabel("Full API token").textContent()
      )?.trim() ?? "";
    await page
      .getByRole("dialog", { name: "Your new API token" })
      .getByRole("button", { name: "I have copied it" })
      .click();
    const client = await playwrightRequest.newContext({ baseURL });
    try {
      const response = await client.post("/api/n8n/generate", {
        headers: { authorization: `Bearer ${token}` },
        data: { prompt: `A paper boat on a calm lake ${Date.now()}`, model: "veo3_fast", callbackUrl: receiver.url },
      });
      expect(response.status(), await response.text()).toBe(200);
    } finally {
      await client.dispose();
    }
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    const callback = receiver.received[0]!;
    expect(new Webhook(secret).verify(callback.body, signatureHeaders(callback))).toMatchObject({
      type: "video.completed",
    });

    await page.reload();
    await callbacks.getByRole("button", { name: "Callback delivery log" }).click();
    const rows = logRows(callbacks, "Delivery log of the per-request callbacks");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("video.completed");
    await expect(rows.first()).toContainText("Delivered");
    // On a 360 px phone the log scrolls inside its box, never the page.
    await page.setViewportSize({ width: 360, height: 740 });
    const widths = await page.evaluate<{ scroll: number; viewport: number }>(
      "({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth })",
    );
    expect(widths.scroll, "the page must not scroll sideways").toBeLessThanOrEqual(widths.viewport);
    await page.setViewportSize({ width: 1280, height: 720 });

    // The low balance alert: refused below 1, saved, kept after a reload, turned off when empty.
    const alert = page.getByRole("region", { name: "Low balance alert" });
    const field = alert.getByLabel("Alert below (credits)");
    await expect(field).toHaveValue("");
    await field.fill("0");
    await alert.getByRole("button", { name: "Save alert" }).click();
    await expect(alert.getByText("The threshold must be at least 1 credit")).toBeVisible();
    await field.fill("50");
    await alert.getByRole("button", { name: "Save alert" }).click();
    await expectToast(page, "Low balance alert saved", "credits.low is sent when your balance falls below 50 credits.");
    await page.reload();
    await expect(field).toHaveValue("50");
    await field.fill("");
    await alert.getByRole("button", { name: "Save alert" }).click();
    await expectToast(page, "Low balance alert turned off");
    await page.reload();
    await expect(field).toHaveValue("");
  });
});
