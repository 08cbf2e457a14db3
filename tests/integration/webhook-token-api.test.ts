/**
 * Webhook endpoints managed with an API token (decision 0171): PUT /api/n8n/webhooks registers a
 * URL once (a second registration rotates the secret of the same endpoint), GET and DELETE act
 * only on the token's own endpoints, and a delivery is signed with the secret the answer gave.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokens, webhookEndpoints } from "../../src/server/db/schema.js";
import { queueTestEvent } from "../../src/server/features/webhooks/deliveries.js";
import { MAX_WEBHOOK_ENDPOINTS } from "../../src/shared/schemas/webhooks.js";
import { issueToken } from "../helpers/route-cases.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { userWithCredits } from "../helpers/video-app.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_LOCAL: "true" } });
});
afterAll(async () => {
  await t?.close();
});

async function person() {
  const signed = await userWithCredits(t.app, t.database.db, 0);
  const { token } = await issueToken(t.database.db, signed.id);
  return { id: signed.id, token };
}

function call(method: "GET" | "PUT" | "DELETE", url: string, token: string | null, body?: object) {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body ? { payload: body } : {}),
  });
}

const endpointsOf = (userId: string) =>
  t.database.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.kind, "endpoint")));

describe("PUT /api/n8n/webhooks", () => {
  it("registers a URL once: again, the same endpoint with its events, enabled, and a rotated secret", async () => {
    const p = await person();
    const url = "https://93.184.216.34/webhook/abc";
    const first = await call("PUT", "/api/n8n/webhooks", p.token, { url, events: ["video.completed"] });
    expect(first.statusCode).toBe(200);
    const one = first.json();
    expect(one).toMatchObject({ created: true, endpoint: { url, events: ["video.completed"], enabled: true } });
    expect(one.secret).toMatch(/^whsec_/);

    await t.database.db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledAt: new Date(), disabledReason: "x" })
      .where(eq(webhookEndpoints.id, one.endpoint.id));
    const again = await call("PUT", "/api/n8n/webhooks", p.token, {
      url,
      description: "n8n",
      events: ["video.completed", "video.failed"],
    });
    expect(again.statusCode).toBe(200);
    const two = again.json();
    expect(two).toMatchObject({
      created: false,
      endpoint: { id: one.endpoint.id, description: "n8n", events: ["video.completed", "video.failed"], enabled: true },
    });
    expect(two.secret).toMatch(/^whsec_/);
    expect(two.secret).not.toBe(one.secret);
    expect(two.endpoint.previousSecretValidUntil).not.toBeNull();
    expect(await endpointsOf(p.id)).toHaveLength(1);
    // A different URL (n8n's test URL beside its production one) is another endpoint.
    const test = await call("PUT", "/api/n8n/webhooks", p.token, {
      url: "https://93.184.216.34/webhook-test/abc",
      events: ["video.completed"],
    });
    expect(test.json()).toMatchObject({ created: true });
    expect(await endpointsOf(p.id)).toHaveLength(2);
  });

  it("makes one endpoint when the same URL is registered many times at once", async () => {
    const p = await person();
    const url = "https://93.184.216.34/webhook/race";
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call("PUT", "/api/n8n/webhooks", p.token, { url, events: ["video.completed"] })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.filter((a) => a.json().created)).toHaveLength(1);
    expect(await endpointsOf(p.id)).toHaveLength(1);
  });

  it("refuses no token, a refused address, bad events, and more than the endpoint limit, with reasons", async () => {
    const p = await person();
    const none = await call("PUT", "/api/n8n/webhooks", null, { url: "https://93.184.216.34/x", events: [] });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false });
    const privateNet = await call("PUT", "/api/n8n/webhooks", p.token, {
      url: "http://10.0.0.1/hook",
      events: ["video.completed"],
    });
    expect(privateNet.statusCode).toBe(400);
    expect(privateNet.json()).toMatchObject({ success: false, code: "webhook_url_refused" });
    const badEvents = await call("PUT", "/api/n8n/webhooks", p.token, {
      url: "https://93.184.216.34/x",
      events: ["video.nope"],
    });
    expect(badEvents.statusCode).toBe(400);
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i++)
      expect(
        (
          await call("PUT", "/api/n8n/webhooks", p.token, {
            url: `https://93.184.216.34/h${i}`,
            events: ["video.completed"],
          })
        ).statusCode,
      ).toBe(200);
    const over = await call("PUT", "/api/n8n/webhooks", p.token, {
      url: "https://93.184.216.34/one-more",
      events: ["video.completed"],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain(`at most ${MAX_WEBHOOK_ENDPOINTS}`);
    // A URL already registered still answers at the limit: it is the same endpoint.
    const same = await call("PUT", "/api/n8n/webhooks", p.token, {
      url: "https://93.184.216.34/h0",
      events: ["video.completed"],
    });
    expect(same.statusCode).toBe(200);
  });
});

describe("GET and DELETE /api/n8n/webhooks/{id}", () => {
  it("show and delete only the token's own endpoints", async () => {
    const owner = await person();
    const other = await person();
    const made = (
      await call("PUT", "/api/n8n/webhooks", owner.token, {
        url: "https://93.184.216.34/mine",
        events: ["video.completed"],
      })
    ).json();
    const id = made.endpoint.id as string;
    const shown = await call("GET", `/api/n8n/webhooks/${id}`, owner.token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ id, url: "https://93.184.216.34/mine" });
    expect(shown.body).not.toContain("whsec_");

    expect((await call("GET", `/api/n8n/webhooks/${id}`, other.token)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/n8n/webhooks/${id}`, other.token)).statusCode).toBe(404);
    expect((await call("GET", "/api/n8n/webhooks/not-an-id", owner.token)).statusCode).toBe(400);
    expect(await endpointsOf(owner.id)).toHaveLength(1);

    const deleted = await call("DELETE", `/api/n8n/webhooks/${id}`, owner.token);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expect(await endpointsOf(owner.id)).toHaveLength(0);
    expect((await call("GET", `/api/n8n/webhooks/${id}`, owner.token)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/n8n/webhooks/${id}`, owner.token)).statusCode).toBe(404);
  });
});

describe("an OAuth token allowed only to read (decision 0169)", () => {
  it("may show an endpoint but neither register nor delete one", async () => {
    const owner = await person();
    const made = (
      await call("PUT", "/api/n8n/webhooks", owner.token, {
        url: "https://93.184.216.34/ro",
        events: ["video.completed"],
      })
    ).json();
    const reader = await issueToken(t.database.db, owner.id);
    await t.database.db
      .update(apiTokens)
      .set({ scopes: ["videos:read"] })
      .where(eq(apiTokens.id, reader.id));

    expect((await call("GET", `/api/n8n/webhooks/${made.endpoint.id}`, reader.token)).statusCode).toBe(200);
    const put = await call("PUT", "/api/n8n/webhooks", reader.token, {
      url: "https://93.184.216.34/other",
      events: ["video.completed"],
    });
    expect(put.statusCode).toBe(403);
    expect((await call("DELETE", `/api/n8n/webhooks/${made.endpoint.id}`, reader.token)).statusCode).toBe(403);
    expect(await endpointsOf(owner.id)).toHaveLength(1);
  });
});

describe("a delivery to a registered URL", () => {
  it("is signed with the secret the registration answered", async () => {
    const bodies: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        bodies.push({ headers: req.headers, body });
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const p = await person();
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      await call("PUT", "/api/n8n/webhooks", p.token, { url, events: ["video.completed"] });
      const again = (await call("PUT", "/api/n8n/webhooks", p.token, { url, events: ["video.completed"] })).json();
      // A test event, queued as the /api page's button does.
      await queueTestEvent(t.database.db, p.id, again.endpoint.id);
      await t.app.jobs.webhookSender.runOnce();
      expect(bodies).toHaveLength(1);
      const { headers, body } = bodies[0]!;
      const verified = new Webhook(again.secret).verify(body, {
        "webhook-id": String(headers["webhook-id"]),
        "webhook-timestamp": String(headers["webhook-timestamp"]),
        "webhook-signature": String(headers["webhook-signature"]),
      });
      expect(verified).toMatchObject({ type: "webhook.test" });
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
