/**
 * Unit economics on the admin overview (issue 42): per model and vendor, what the range's videos
 * cost us (the vendor's reported cost, else our price table's), earned and left; and the price
 * cells that sell below KIE's cost (with the spec's defaults, Veo Fast does).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { videoTasks } from "../../src/server/db/schema.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
import { createVideoTestApp, userWithCredits, type VideoTestApp } from "../helpers/video-app.js";

let t: VideoTestApp;
let admin: Client;
let userId: string;
beforeAll(async () => {
  t = await createVideoTestApp();
  admin = await signInAdmin(t);
  userId = (await userWithCredits(t.app, t.database.db, 0)).id;
});
afterAll(() => t.close());

async function video(values: Partial<typeof videoTasks.$inferInsert> & { model: string }) {
  await t.database.db.insert(videoTasks).values({
    userId,
    taskId: `econ-${crypto.randomBytes(6).toString("hex")}`,
    prompt: "economics",
    aspectRatio: "16:9",
    status: "completed",
    completedAt: new Date(),
    ...values,
  });
}

describe("unit economics", () => {
  it("costs each model's videos, earns their credits at the credit's worth, and flags prices below cost", async () => {
    // No sales in the range: a credit is worth the admin's credit value; KIE credits cost $0.005.
    expect((await admin.put("/api/admin/settings", { creditValueUsd: "0.10", kieCreditUsd: "0.005" })).statusCode).toBe(
      200,
    );
    // Two Fast videos on KIE without a reported cost (our table: 60 KIE credits each), 1 credit each, one with 4K (2 credits, 120 KIE credits).
    await video({ model: "veo3_fast", creditsUsed: 1 });
    await video({ model: "veo3_fast", creditsUsed: 1, uhdStatus: "ready", uhdCredits: 2 });
    // Kling 3.0 on the Market: 10 s 1080p with sound, KIE reported 270 credits; 25 credits charged.
    await video({
      model: "kling3",
      creditsUsed: 25,
      durationSeconds: 10,
      resolution: "1080p",
      audio: true,
      vendorCost: "270",
    });
    // Veo Quality made by Google (no cost reported: 8 s × $0.40).
    await video({ model: "veo3", vendor: "google", providerSurface: "gemini", creditsUsed: 5 });
    // Refunded and failed videos cost and earn nothing here.
    await video({ model: "kling3", creditsUsed: 25, refunded: true, vendorCost: "270" });
    await video({ model: "kling3", status: "failed", creditsUsed: 25 });

    const res = await admin.get("/api/admin/overview?range=today");
    expect(res.statusCode, res.body).toBe(200);
    const economics = res.json().economics;
    expect(economics).toMatchObject({ revenuePerCreditUsd: 0.1, revenueSource: "credit_value", kieCreditUsd: 0.005 });
    const row = (model: string, vendor = "kie") =>
      economics.models.find((m: { model: string; vendor: string }) => m.model === model && m.vendor === vendor);

    const fast = row("veo3_fast");
    expect(fast).toMatchObject({ videos: 2, creditsCharged: 4, reportedCosts: 0 });
    expect(fast.costUsd).toBeCloseTo(2 * 60 * 0.005 + 120 * 0.005, 10);
    expect(fast.earnedUsd).toBeCloseTo(0.4, 10);
    expect(fast.marginUsd).toBeCloseTo(0.4 - 1.2, 10);

    const kling = row("kling3");
    expect(kling).toMatchObject({ videos: 1, creditsCharged: 25, reportedCosts: 1 });
    expect(kling.costUsd).toBeCloseTo(270 * 0.005, 10);
    expect(kling.marginRate).toBeCloseTo((2.5 - 1.35) / 2.5, 10);

    const google = row("veo3", "google");
    expect(google.costUsd).toBeCloseTo(8 * 0.4, 10);

    // The spec's Fast price (1 credit, $0.10) sells below KIE's 60 credits ($0.30); Kling's defaults do not.
    const below = economics.belowCost.map((b: { item: string }) => b.item);
    expect(below).toContain("veo3_fast");
    expect(below).not.toContain("kling3:720p");
    const fastCell = economics.belowCost.find((b: { item: string }) => b.item === "veo3_fast");
    expect(fastCell).toMatchObject({ label: "Veo3 Fast", unit: "video" });
    expect(fastCell.priceUsd).toBeCloseTo(0.1, 10);
    expect(fastCell.costUsd).toBeCloseTo(0.3, 10);

    // A price raised above cost leaves the warning.
    // Said so: at the cheapest package's credit Fast may still sell below cost (decision 0144).
    const raised = await admin.put("/api/admin/settings", {
      prices: { veo3_fast: { webCredits: 4 } },
      confirmBelowCost: true,
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const after = (await admin.get("/api/admin/overview?range=today")).json().economics;
    expect(after.belowCost.map((b: { item: string }) => b.item)).not.toContain("veo3_fast");
  });

  it("refuses a KIE credit price that is not a small positive decimal", async () => {
    for (const kieCreditUsd of ["0", "-1", "abc", "0.0000001", 2])
      expect((await admin.put("/api/admin/settings", { kieCreditUsd })).statusCode, String(kieCreditUsd)).toBe(400);
  });
});
