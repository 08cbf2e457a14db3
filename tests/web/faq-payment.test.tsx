/**
 * The landing page's "How do I pay?" names only the payment methods that can sell a package now
 * (issue 68 §2): never PayPal while only card payments are on, nor the card checkout while Creem
 * has no package it can sell. The payment methods are asked only once the answer is opened.
 */
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PaymentMethods } from "../../src/shared/schemas/packages";
import { FaqSection } from "@/features/landing/faq-section";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

const METHODS = "GET /api/settings/payment-methods";

async function paymentAnswer(methods: PaymentMethods) {
  await useLocale("en");
  const { sent } = stubFetch({
    "GET /api/pricing/current": () => new Promise(() => {}),
    [METHODS]: { body: methods },
  });
  const { user } = renderWeb(<FaqSection />);
  expect(sent.filter((r) => r.url.endsWith("/payment-methods"))).toHaveLength(0);
  await user.click(screen.getByRole("button", { name: "How do I pay?" }));
  const region = screen.getByRole("region", { name: "How do I pay?" });
  // Until the answer arrives it names no method ("pay through its checkout").
  await waitFor(() => expect(region.textContent).not.toMatch(/its checkout/));
  return region.textContent;
}

describe("How do I pay?", () => {
  it("names the card checkout alone while only Creem sells", async () => {
    const answer = await paymentAnswer({
      creemEnabled: true,
      paypalEnabled: false,
      packages: [{ id: "a", providers: ["creem"] }],
    });
    expect(answer).toBe(
      "Pick a credit package on the Pricing page and pay by card through our secure checkout. The credits are added to your balance as soon as the payment is confirmed.",
    );
    expect(answer).not.toMatch(/PayPal/);
  });

  it("names PayPal alone while Creem is on but has no package it can sell", async () => {
    const answer = await paymentAnswer({
      creemEnabled: true,
      paypalEnabled: true,
      packages: [{ id: "a", providers: ["paypal"] }],
    });
    expect(answer).toBe(
      "Pick a credit package on the Pricing page and pay with PayPal. The credits are added to your balance as soon as the payment is confirmed.",
    );
    expect(answer).not.toMatch(/card/);
  });

  it("names both when both sell", async () => {
    const answer = await paymentAnswer({
      creemEnabled: true,
      paypalEnabled: true,
      packages: [
        { id: "a", providers: ["paypal"] },
        { id: "b", providers: ["creem", "paypal"] },
      ],
    });
    expect(answer).toContain("pay by card through our secure checkout or with PayPal.");
  });

  it("promises no method while none can sell", async () => {
    const answer = await paymentAnswer({
      creemEnabled: true,
      paypalEnabled: false,
      packages: [{ id: "a", providers: [] }],
    });
    expect(answer).toBe(
      "Credits cannot be bought online right now. Please check again later, or contact us to buy credits.",
    );
  });
});
