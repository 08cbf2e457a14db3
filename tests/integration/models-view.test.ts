/**
 * GET /api/models (issue 42, decision 0095): public, every model in our words with the admin's
 * prices, and what it lists is what a video is charged.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODELS } from "../../src/shared/catalogue.js";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { signInAdmin, type Client } from "../helpers/test-app.js";
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

interface ModelView {
  id: string;
  modes: Array<{
    mode: string;
    minImages: number;
    maxImages: number;
    imageLabels: string[];
    shapeFollowsImage: boolean;
  }>;
  price: { unit: string; webCredits: number; apiCredits: number };
}
const models = async () => {
  const res = await t.app.inject({ method: "GET", url: "/api/models" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ models: ModelView[]; surcharges: unknown[]; simulated: boolean }>();
};
const model = async (id: string) => (await models()).models.find((m) => m.id === id)!;

describe("GET /api/models", () => {
  it("is public and lists every model in our words, with its modes and images", async () => {
    const body = await models();
    expect(body.models.map((m) => m.id)).toEqual([...MODELS]);
    expect(body.simulated).toBe(true);
    const fast = body.models.find((m) => m.id === "veo3_fast")!;
    expect(fast).toMatchObject({
      label: "Veo3 Fast",
      family: "veo",
      durations: { options: [8], default: 8, chosen: false },
      resolutions: { options: ["720p"], default: "720p" },
      aspectRatios: { options: ["16:9", "9:16"], default: "16:9" },
      audio: "always",
      seed: { min: 10_000, max: 99_999 },
      negativePrompt: false,
      upgrades: { hd1080: true, uhd4k: true, extend: true },
      price: { unit: "video", webCredits: 1, apiCredits: 2 },
    });
    expect(fast.modes).toEqual([
      { mode: "text", minImages: 0, maxImages: 0, imageLabels: [], shapeFollowsImage: false },
      {
        mode: "image",
        minImages: 1,
        maxImages: 2,
        imageLabels: ["First frame", "Last frame"],
        shapeFollowsImage: false,
      },
      {
        mode: "reference",
        minImages: 1,
        maxImages: 3,
        imageLabels: ["Reference 1", "Reference 2", "Reference 3"],
        shapeFollowsImage: false,
      },
    ]);
    expect((await model("veo3")).modes.map((m) => m.mode)).toEqual(["text", "image"]);
    // Kling 2.6 takes an aspect ratio from text only: from an image the video takes the image's.
    expect((await model("kling26")).modes.map((m) => [m.mode, m.shapeFollowsImage])).toEqual([
      ["text", false],
      ["image", true],
    ]);
    expect(body.surcharges).toEqual([
      { surcharge: "4k", label: "4K upgrade", webCredits: 2, apiCredits: 4 },
      { surcharge: "extend", label: "Extension", webCredits: 0, apiCredits: 0 },
      { surcharge: "first_frame", label: "First frame from text", webCredits: 1, apiCredits: 2 },
      { surcharge: "prompt_help", label: "Prompt help", webCredits: 0, apiCredits: 0 },
    ]);
    // KIE's words stay in its adapter.
    expect(JSON.stringify(body)).not.toMatch(/_2_VIDEO|generationType|extendModel|"quality"/);
  });

  it("shows the admin's prices, and a video is charged what it lists, on the web and through the API", async () => {
    try {
      const saved = await admin.put("/api/admin/settings", { veo3FastCredits: 3, veo3FastApiPrice: "2.5" });
      expect(saved.statusCode, saved.body).toBe(200);
      const { price } = await model("veo3_fast");
      expect(price).toEqual({
        unit: "video",
        webCredits: 3,
        apiCredits: 3,
        cells: [{ resolution: "720p", audio: true, webCredits: 3, apiCredits: 2.5 }],
      });

      const u = await userWithCredits(t.app, t.database.db, 20);
      const web = await u.client.post("/api/generate-video", { prompt: "as listed", model: "veo3_fast" });
      expect(web.json().creditsUsed).toBe(price.webCredits);
      const token = (await u.client.post("/api/user-tokens", { name: "models" })).json().token as string;
      const api = await t.app.inject({
        method: "POST",
        url: "/api/n8n/generate",
        headers: { authorization: `Bearer ${token}` },
        payload: { prompt: "as listed too", model: "veo3_fast" },
      });
      expect(api.json().creditsUsed).toBe(price.apiCredits);
      expect((await balanceOf(t.database.db, u.id)).credits).toBe(20 - price.webCredits - price.apiCredits);
      await expectLedgerBalanced(t.database.db);
    } finally {
      await admin.put("/api/admin/settings", { veo3FastCredits: 1, veo3FastApiPrice: "2" });
    }
  });
});
