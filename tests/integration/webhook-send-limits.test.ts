/** Test events and resends are rate limited per person, together (issue 36, decision 0062). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebhookAttemptList } from "../../src/shared/schemas/webhooks.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { userWithCredits } from "../helpers/video-app.js";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.js";

type User = Awaited<ReturnType<typeof userWithCredits>>;

let strict: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  strict = await createTestApp({ env: { WEBHOOKS_ALLOW_LOCAL: "true" } });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await strict.close();
});

async function addEndpoint(u: User, url: string) {
  const res = await u.client.post("/api/webhooks/endpoints", { url, events: ["video.completed"] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ endpoint: { id: string } }>().endpoint.id;
}

const attemptsOf = async (u: User, endpointId: string) =>
  (await u.client.get(`/api/webhooks/endpoints/${endpointId}/attempts`)).json<WebhookAttemptList>().attempts;

describe("test events and resends", () => {
  it("are rate limited per person, together: 429 with Retry-After", async () => {
    const u = await userWithCredits(strict.app, strict.database.db, 0);
    const other = await userWithCredits(strict.app, strict.database.db, 0);
    const endpointId = await addEndpoint(u, `${receiver.url}/a`);
    const otherEndpoint = await addEndpoint(other, `${receiver.url}/b`);
    for (let i = 0; i < 4; i++)
      expect((await u.client.post(`/api/webhooks/endpoints/${endpointId}/test`)).statusCode).toBe(202);
    await strict.app.jobs.webhookSender.runOnce();
    const [attempt] = await attemptsOf(u, endpointId);
    expect((await u.client.post(`/api/webhooks/deliveries/${attempt!.deliveryId}/resend`)).statusCode).toBe(202);

    for (const res of [
      await u.client.post(`/api/webhooks/endpoints/${endpointId}/test`),
      await u.client.post(`/api/webhooks/deliveries/${attempt!.deliveryId}/resend`),
    ]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: "rate_limited" });
      const retryAfter = Number(res.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Someone else's budget is their own.
    expect((await other.client.post(`/api/webhooks/endpoints/${otherEndpoint}/test`)).statusCode).toBe(202);
  });
});
