import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { balanceOf, createVideoTestApp, userWithCredits, type VideoTestApp } from "../helpers/video-app.js";

let t: VideoTestApp;
let admin: Client;
beforeAll(async () => {
  t = await createVideoTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

describe("prices set on /admin", () => {
  it("change what the next web and API video costs at once", async () => {
    const u = await userWithCredits(t.app, t.database.db, 100);
    const token = (await u.client.post("/api/user-tokens", { name: "pricing" })).json().token as string;

    const saved = await admin.put("/api/admin/settings", { veo3Credits: 9, veo3FastCredits: "7", veo3ApiPrice: "12.5", veo3FastApiPrice: 3 });
    expect(saved.statusCode, saved.body).toBe(200);
    const pricing = (await t.app.inject({ method: "GET", url: "/api/pricing/current" })).json();
    expect(pricing).toMatchObject({ veo3_fast: { web_credits: 7, api_credits: 3 }, veo3_quality: { web_credits: 9, api_credits: 13 } });

    const web = await u.client.post("/api/generate-video", { prompt: "priced on the web", model: "veo3_fast" });
    expect(web.statusCode, web.body).toBe(200);
    expect((await balanceOf(t.database.db, u.id)).credits).toBe(100 - 7);

    const viaApi = await t.app.inject({
      method: "POST",
      url: "/api/n8n/generate",
      headers: { authorization: `Bearer ${token}` },
      payload: { prompt: "priced for automation", model: "veo3" },
    });
    expect(viaApi.statusCode, viaApi.body).toBe(200);
    expect((await balanceOf(t.database.db, u.id)).credits).toBe(100 - 7 - 13);

    await admin.put("/api/admin/settings", { veo3FastCredits: 2 });
    await u.client.post("/api/generate-video", { prompt: "cheaper now", model: "veo3_fast" });
    expect((await balanceOf(t.database.db, u.id)).credits).toBe(100 - 7 - 13 - 2);
    await expectLedgerBalanced(t.database.db);
  });
});
