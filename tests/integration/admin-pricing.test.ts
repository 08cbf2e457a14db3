import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICE_ITEMS } from "../../src/shared/catalogue.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { balanceOf, createVideoTestApp, userWithCredits, type VideoTestApp } from "../helpers/video-app.js";
import { makingCostsNextToNothing } from "../helpers/cheap-making.js";

let t: VideoTestApp;
let admin: Client;
beforeAll(async () => {
  t = await createVideoTestApp();
  await makingCostsNextToNothing(t.database.db);
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

describe("prices set on /admin", () => {
  it("change what the next web and API video costs at once", async () => {
    const u = await userWithCredits(t.app, t.database.db, 100);
    const token = (await u.client.post("/api/user-tokens", { name: "pricing" })).json().token as string;

    const saved = await admin.put("/api/admin/settings", {
      veo3Credits: 9,
      veo3FastCredits: "7",
      veo3ApiPrice: "12.5",
      veo3FastApiPrice: 3,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const pricing = (await t.app.inject({ method: "GET", url: "/api/pricing/current" })).json();
    expect(pricing).toMatchObject({
      veo3_fast: { web_credits: 7, api_credits: 3 },
      veo3_quality: { web_credits: 9, api_credits: 13 },
    });

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

  it("prices: any model or surcharge, each field alone; surcharges may be 0, models not; unknown items refused", async () => {
    const ok = await admin.put("/api/admin/settings", {
      prices: { veo3_lite: { apiPrice: "1.25" }, extend: { webCredits: 0, apiPrice: 0 } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const prices = ok.json().settings.prices;
    expect(prices.veo3_lite).toEqual({ webCredits: 1, apiPrice: "1.25" });
    expect(prices.extend).toEqual({ webCredits: 0, apiPrice: "0.00" });
    // A per-second cell takes cents of a credit (issue 42).
    const cell = await admin.put("/api/admin/settings", {
      prices: { "wan26:1080p": { webCredits: "1.25", apiPrice: "2.5" } },
    });
    expect(cell.json().settings.prices["wan26:1080p"]).toEqual({ webCredits: 1.25, apiPrice: "2.50" });
    prices["wan26:1080p"] = { webCredits: 1.25, apiPrice: "2.50" };
    // The old fields still read and write the same two prices.
    expect(ok.json().settings).toMatchObject({
      veo3Credits: prices.veo3.webCredits,
      veo3FastApiPrice: prices.veo3_fast.apiPrice,
    });

    for (const [body, message] of [
      [
        { prices: { veo3_lite: { webCredits: 0 } } },
        "prices.veo3_lite.webCredits must be an integer between 1 and 1000",
      ],
      [
        { prices: { "4k": { apiPrice: "2.555" } } },
        "prices.4k.apiPrice must be a number between 0 and 1000 with at most two decimals",
      ],
      [{ prices: { veo4: { webCredits: 3 } } }, `prices takes ${PRICE_ITEMS.join(", ")}`],
      [
        { prices: { "kling3:720p": { webCredits: "0.005" } } },
        "prices.kling3:720p.webCredits must be a number between 0.01 and 1000 with at most two decimals",
      ],
      [
        { prices: { veo3_fast: { webCredits: 1.5 } } },
        "prices.veo3_fast.webCredits must be an integer between 1 and 1000",
      ],
      [{ prices: { veo3: { web: 3 } } }, "prices.veo3 takes webCredits and apiPrice"],
    ] as const) {
      const res = await admin.put("/api/admin/settings", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    expect((await admin.get("/api/admin/settings")).json().prices).toEqual(prices);
  });

  it("two admins changing different prices of one model at once both keep their change", async () => {
    await Promise.all([
      admin.put("/api/admin/settings", { prices: { veo3_lite: { webCredits: 4 } } }),
      admin.put("/api/admin/settings", { prices: { veo3_lite: { apiPrice: "3.50" } } }),
    ]);
    expect((await admin.get("/api/admin/settings")).json().prices.veo3_lite).toEqual({
      webCredits: 4,
      apiPrice: "3.50",
    });
    await admin.put("/api/admin/settings", { prices: { veo3_lite: { webCredits: 1, apiPrice: 1 } } });
  });
});
