import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

describe("GET /api/contact", () => {
  describe("with every channel configured", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        env: {
          CONTACT_ZALO_PHONE: "+84 912-345-678",
          CONTACT_ZALO_GROUP_URL: "https://zalo.me/g/veostudio42",
          CONTACT_TELEGRAM: "@veo_support",
          CONTACT_EMAIL: "support@veo.example.com",
        },
      });
    });
    afterAll(() => t.close());

    it("lists the channels in order with ready-to-open links, signed out", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/contact" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        channels: [
          { kind: "zalo", label: "Chat on Zalo", detail: "+84912345678", href: "https://zalo.me/84912345678" },
          {
            kind: "zalo-group",
            label: "Join the Zalo community",
            detail: "zalo.me/g/veostudio42",
            href: "https://zalo.me/g/veostudio42",
          },
          {
            kind: "telegram",
            label: "Message us on Telegram",
            detail: "@veo_support",
            href: "https://t.me/veo_support",
          },
          {
            kind: "email",
            label: "Send an e-mail",
            detail: "support@veo.example.com",
            href: "mailto:support@veo.example.com",
          },
        ],
      });
    });
  });

  describe("with some channels configured", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { CONTACT_TELEGRAM: "https://t.me/veo_help", CONTACT_ZALO_GROUP_URL: "  " } });
    });
    afterAll(() => t.close());

    it("leaves the unset ones out", async () => {
      const { channels } = (await t.app.inject({ method: "GET", url: "/api/contact" })).json();
      expect(channels).toEqual([
        { kind: "telegram", label: "Message us on Telegram", detail: "@veo_help", href: "https://t.me/veo_help" },
      ]);
    });
  });

  describe("with nothing configured", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it("answers an empty list", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/contact" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ channels: [] });
    });
  });
});

describe("contact settings", () => {
  it.each([
    [{ CONTACT_ZALO_PHONE: "call me" }, "CONTACT_ZALO_PHONE"],
    [{ CONTACT_ZALO_PHONE: "12345" }, "CONTACT_ZALO_PHONE"],
    [{ CONTACT_ZALO_GROUP_URL: "http://zalo.me/g/abc" }, "CONTACT_ZALO_GROUP_URL"],
    [{ CONTACT_ZALO_GROUP_URL: "javascript:alert(1)" }, "CONTACT_ZALO_GROUP_URL"],
    [{ CONTACT_TELEGRAM: "no spaces allowed" }, "CONTACT_TELEGRAM"],
    [{ CONTACT_TELEGRAM: "@abc" }, "CONTACT_TELEGRAM"],
    [{ CONTACT_EMAIL: "support-at-example" }, "CONTACT_EMAIL"],
  ])("refuses %j naming %s", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });
});
