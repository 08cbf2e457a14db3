/**
 * /pricing tells a visitor who is not signed in what a new account gets (issue 70): "New here?
 * Create an account and confirm your address: 8 credits are yours for 14 days, enough for a Veo3
 * Fast video." while the admin has the welcome grant on; nothing while it is off or once signed in
 * (the welcome credits notice then says what the person has).
 */
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "../../src/shared/schemas/auth";
import type { PricingView } from "../../src/shared/schemas/videos";
import { firstLoadKeys } from "@/lib/first-load-keys";
import { PricingPage } from "@/pages/pricing-page";
import { stubFetch } from "./fetch-stub";
import { mine } from "./plan-fixtures";
import { newQueryClient, renderWeb, useLocale } from "./render";

afterEach(() => vi.unstubAllGlobals());

const price = (web_credits: number) => ({ web_credits, api_credits: web_credits + 2 });

function pricing(welcome_grant: PricingView["welcome_grant"]): PricingView {
  return {
    veo3_fast: price(8),
    veo3_quality: price(20),
    models: [{ model: "veo3_fast", label: "Veo3 Fast", description: "", modes: ["text"], ...price(8) }],
    modes: [],
    surcharges: [],
    simulated: false,
    welcome_grant,
    credit_value: null,
  };
}

const ann: CurrentUser = {
  username: "ann",
  email: "ann@example.com",
  credits: 0,
  expiring: [],
  isAdmin: false,
  hasPassword: true,
  emailVerified: true,
  language: null,
};

function renderPricing(user: CurrentUser | null, prices: PricingView) {
  const stub = stubFetch({
    ...Object.fromEntries(
      [
        "GET /api/user/stats",
        "GET /api/plans",
        "GET /api/transactions",
        "GET /api/credit-packages",
        "GET /api/referrals",
      ].map((route) => [route, { status: 503, body: { message: "Not under test" } }]),
    ),
    "GET /api/subscription": { body: mine(null) },
    "GET /api/pricing/current": { body: prices },
  });
  const client = newQueryClient();
  client.setQueryData(firstLoadKeys.currentUser, user);
  return { ...stub, ...renderWeb(<PricingPage />, { client }) };
}

const offer = () => screen.queryByText(/^New here\?/);

describe("the welcome offer on /pricing", () => {
  it("tells a visitor what a new account gets once its address is confirmed", async () => {
    await useLocale("en", "app");
    renderPricing(null, pricing({ credits: 8, days: 14 }));
    expect((await screen.findByText(/^New here\?/)).textContent).toBe(
      "New here? Create an account and confirm your address: 8 credits are yours for 14 days, enough for a Veo3 Fast video.",
    );
  });

  it("names no video when the credits buy none, and says one credit and one day in the singular", async () => {
    await useLocale("en", "app");
    renderPricing(null, pricing({ credits: 1, days: 1 }));
    expect((await screen.findByText(/^New here\?/)).textContent).toBe(
      "New here? Create an account and confirm your address: 1 credit is yours for 1 day.",
    );
  });

  it("says nothing while the grant is off, or to a person signed in", async () => {
    await useLocale("en", "app");
    const off = renderPricing(null, pricing(null));
    await waitFor(() => expect(off.sent.map((r) => r.url)).toContain("/api/pricing/current"));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(offer()).toBeNull();
    off.unmount();

    const signedIn = renderPricing(ann, pricing({ credits: 8, days: 14 }));
    await waitFor(() => expect(signedIn.sent.map((r) => r.url)).toContain("/api/pricing/current"));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(offer()).toBeNull();
  });
});
