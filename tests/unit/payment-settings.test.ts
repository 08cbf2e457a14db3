/** Which provider is usable and where its API lives: the admin's environment, or the *_BASE_URL override. */
import { describe, expect, it } from "vitest";
import { creemSettings, paypalSettings } from "../../src/server/features/payments/payment-settings.js";

const noOverride = { payments: { creemBaseUrl: undefined, paypalBaseUrl: undefined } };
const creem = { creemEnabled: true, creemApiKey: "key", creemWebhookSecret: "whsec", creemEnvironment: "test" };
const paypal = {
  paypalEnabled: true,
  paypalClientId: "id",
  paypalClientSecret: "secret",
  paypalEnvironment: "sandbox",
};
const off = {
  creemEnabled: false,
  creemApiKey: "",
  creemWebhookSecret: "",
  creemEnvironment: "test",
  paypalEnabled: false,
  paypalClientId: "",
  paypalClientSecret: "",
  paypalEnvironment: "sandbox",
};

describe("Creem settings", () => {
  it("picks the API host from the environment: test, prod", () => {
    expect(creemSettings({ ...off, ...creem }, noOverride)?.baseUrl).toBe("https://test-api.creem.io");
    expect(creemSettings({ ...off, ...creem, creemEnvironment: "prod" }, noOverride)?.baseUrl).toBe(
      "https://api.creem.io",
    );
  });

  it("lets CREEM_BASE_URL override the environment", () => {
    const config = { payments: { creemBaseUrl: "http://127.0.0.1:4010", paypalBaseUrl: undefined } };
    expect(creemSettings({ ...off, ...creem, creemEnvironment: "prod" }, config)).toMatchObject({
      baseUrl: "http://127.0.0.1:4010",
      environment: "prod",
    });
  });

  it("is unusable when switched off or missing a key", () => {
    expect(creemSettings({ ...off, ...creem, creemEnabled: false }, noOverride)).toBeUndefined();
    expect(creemSettings({ ...off, ...creem, creemApiKey: "" }, noOverride)).toBeUndefined();
    expect(creemSettings({ ...off, ...creem, creemWebhookSecret: "" }, noOverride)).toBeUndefined();
  });
});

describe("PayPal settings", () => {
  it("picks the API host from the environment: sandbox, production", () => {
    expect(paypalSettings({ ...off, ...paypal }, noOverride)?.baseUrl).toBe("https://api-m.sandbox.paypal.com");
    expect(paypalSettings({ ...off, ...paypal, paypalEnvironment: "production" }, noOverride)?.baseUrl).toBe(
      "https://api-m.paypal.com",
    );
  });

  it("lets PAYPAL_BASE_URL override the environment", () => {
    const config = { payments: { creemBaseUrl: undefined, paypalBaseUrl: "http://127.0.0.1:4020" } };
    expect(paypalSettings({ ...off, ...paypal, paypalEnvironment: "production" }, config)).toMatchObject({
      baseUrl: "http://127.0.0.1:4020",
      environment: "production",
    });
  });

  it("is unusable when switched off or missing a key", () => {
    expect(paypalSettings({ ...off, ...paypal, paypalEnabled: false }, noOverride)).toBeUndefined();
    expect(paypalSettings({ ...off, ...paypal, paypalClientId: "" }, noOverride)).toBeUndefined();
    expect(paypalSettings({ ...off, ...paypal, paypalClientSecret: "" }, noOverride)).toBeUndefined();
  });
});
