/**
 * What a video costs (decision 0139): one quote for every channel the server charges through,
 * from the admin's prices. No database: the settings are a plain object.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MODEL_CATALOGUE, MODELS, optionsFor, priceKeyOf } from "../../src/shared/catalogue.js";
import type { StoredPrices } from "../../src/shared/prices.js";
import { quote, quoteNow } from "../../src/server/features/videos/quote.js";

const settings = (prices: StoredPrices) => ({ prices });

describe("quote", () => {
  const prices = settings({
    veo3_fast: { web: 3, api: 1.1 },
    "4k": { web: 7, api: 2.2 },
    extend: { web: 4, api: 9 },
    "kling26:720p": { web: 0.75, api: 1.05 },
    "kling26:720p+sound": { web: 1.5, api: 2.5 },
  });

  it("charge the website's price of the model, and the 4K surcharge apart when asked with it", () => {
    expect(quote(prices, { channel: "web", video: { model: "veo3_fast" } })).toEqual({ credits: 3, uhd: 0, total: 3 });
    expect(quote(prices, { channel: "web", video: { model: "veo3_fast", upgrade4k: true } })).toEqual({
      credits: 3,
      uhd: 7,
      total: 10,
    });
  });

  it("charge the API's price rounded up, and its 4K surcharge rounded up on its own", () => {
    expect(quote(prices, { channel: "api", video: { model: "veo3_fast" } })).toEqual({ credits: 2, uhd: 0, total: 2 });
    // 1.1 and 2.2 are two charges (two usage rows): 2 + 3, not ceil(3.3) = 4.
    expect(quote(prices, { channel: "api", video: { model: "veo3_fast", upgrade4k: true } })).toEqual({
      credits: 2,
      uhd: 3,
      total: 5,
    });
  });

  it("price a per-second model by its chosen cell and seconds, sound included", () => {
    const kling = (video: object) => ({ model: "kling26" as const, ...video });
    // The default: 5 seconds with sound, 1.5 × 5 rounded up.
    expect(quote(prices, { channel: "web", video: kling({}) }).credits).toBe(8);
    expect(quote(prices, { channel: "web", video: kling({ audio: false }) }).credits).toBe(Math.ceil(0.75 * 5));
    expect(quote(prices, { channel: "web", video: kling({ durationSeconds: 10, audio: false }) }).credits).toBe(8);
    expect(quote(prices, { channel: "web", video: kling({ durationSeconds: 10, audio: true }) }).credits).toBe(15);
    expect(quote(prices, { channel: "api", video: kling({ audio: false }) }).credits).toBe(Math.ceil(1.05 * 5));
    expect(quote(prices, { channel: "api", video: kling({ durationSeconds: 10, audio: true }) }).credits).toBe(25);
  });

  it("price a resolution by its own cell", () => {
    const kling3 = MODEL_CATALOGUE.kling3;
    const at = (resolution: "720p" | "1080p") =>
      settings({ [priceKeyOf("kling3", { resolution, audio: false })]: { web: resolution === "720p" ? 1 : 2 } });
    const video = { model: "kling3" as const, durationSeconds: kling3.durations.default, audio: false };
    expect(quote(at("720p"), { channel: "web", video: { ...video, resolution: "720p" } }).credits).toBe(5);
    expect(quote(at("1080p"), { channel: "web", video: { ...video, resolution: "1080p" } }).credits).toBe(10);
  });

  it("charge an extension asked through the automation API its API prices, added then rounded up", () => {
    const video = { model: "veo3_fast" as const, ...optionsFor("veo3_fast", {}) };
    // 1.1 + 9 = 10.1, rounded up to 11: the API's price, never the website's 7.
    expect(quote(prices, { channel: "extend", video, via: "api" })).toEqual({ credits: 11, uhd: 0, total: 11 });
  });

  it("charge an extension the model's website price plus the extension surcharge, never with 4K", () => {
    const video = { model: "veo3_fast" as const, ...optionsFor("veo3_fast", {}) };
    expect(quote(prices, { channel: "extend", video })).toEqual({ credits: 7, uhd: 0, total: 7 });
    expect(quote(prices, { channel: "extend", video, via: "web" })).toEqual({ credits: 7, uhd: 0, total: 7 });
    expect(quote(prices, { channel: "extend", video: { ...video, upgrade4k: true } })).toEqual({
      credits: 7,
      uhd: 0,
      total: 7,
    });
  });

  it("charge a 4K upgrade of a finished video the website's 4K surcharge alone", () => {
    expect(quote(prices, { channel: "4k" })).toEqual({ credits: 0, uhd: 7, total: 7 });
  });

  it("charge a 4K upgrade asked with an API token (the MCP server) the API's surcharge, rounded up", () => {
    expect(quote(prices, { channel: "4k", via: "api" })).toEqual({ credits: 0, uhd: 3, total: 3 });
    expect(quote(prices, { channel: "4k", via: "web" })).toEqual(quote(prices, { channel: "4k" }));
  });

  it("fall back to the catalogue's defaults where the admin set no price", () => {
    const defaults = settings({});
    expect(quote(defaults, { channel: "web", video: { model: "veo3" } }).credits).toBe(18);
    expect(quote(defaults, { channel: "api", video: { model: "veo3" } }).credits).toBe(36);
    expect(quote(defaults, { channel: "4k" }).total).toBe(9);
  });

  it("always total the video and its 4K add-on, for every model and channel", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MODELS),
        fc.constantFrom("web" as const, "api" as const, "extend" as const),
        fc.boolean(),
        (model, channel, upgrade4k) => {
          const q = quote(settings({}), { channel, video: { model, upgrade4k } });
          expect(q.total).toBe(q.credits + q.uhd);
          expect(q.credits).toBeGreaterThanOrEqual(1);
          expect(q.uhd > 0).toBe(upgrade4k && channel !== "extend");
        },
      ),
    );
  });

  it("read the settings as they are when asked", async () => {
    let stored: StoredPrices = { veo3_fast: { web: 3 } };
    const deps = { readSettings: async () => settings(stored) };
    expect((await quoteNow(deps, { channel: "web", video: { model: "veo3_fast" } })).total).toBe(3);
    stored = { veo3_fast: { web: 4 } };
    expect((await quoteNow(deps, { channel: "web", video: { model: "veo3_fast" } })).total).toBe(4);
  });
});
