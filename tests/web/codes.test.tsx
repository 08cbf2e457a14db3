/**
 * Codes on the web (issue 70): "Have a code?" adds a grant code's credits and says until when, or
 * says the server's reason in the person's language; the purchase dialogs' discount code (a package,
 * a plan) shows the price struck through beside the new one and goes with the checkout.
 */
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RedeemCodeCard } from "@/features/codes/redeem-code-card";
import { PaymentDialog } from "@/features/payments/payment-dialog";
import type { DisplayPackage } from "@/features/payments/packages";
import { SubscribeDialog } from "@/features/plans/subscribe-dialog";
import { stubFetch } from "./fetch-stub";
import { plan } from "./plan-fixtures";
import { renderWeb, useLocale } from "./render";

afterEach(() => vi.unstubAllGlobals());

const REDEEM = "POST /api/codes/redeem";
const QUOTE = "POST /api/codes/quote";
// Noon UTC: the same calendar day in every time zone the tests may run in.
const DEC_31 = "2026-12-31T12:00:00.000Z";

const codeInput = () => screen.getByRole<HTMLInputElement>("textbox", { name: "Code" });

describe("Have a code?", () => {
  it("adds a grant code's credits and says until when they last", async () => {
    await useLocale("en", "app");
    const { sent } = stubFetch({
      [REDEEM]: { body: { code: "ABCD-EFGH-JKMN", credits: 50, expiresAt: DEC_31, balance: 58 } },
    });
    const { user } = renderWeb(<RedeemCodeCard />);
    await user.type(codeInput(), "abcd-efgh-jkmn");
    await user.click(screen.getByRole("button", { name: "Redeem" }));

    expect((await screen.findByRole("status")).textContent).toBe("50 credits added: they last until 12/31/2026.");
    expect(sent.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([{ code: "abcd-efgh-jkmn" }]);
    expect(codeInput().value).toBe("");
  });

  it("says credits that never expire as such", async () => {
    await useLocale("en", "app");
    stubFetch({ [REDEEM]: { body: { code: "SUMMER2026", credits: 1, expiresAt: null, balance: 1 } } });
    const { user } = renderWeb(<RedeemCodeCard />);
    await user.type(codeInput(), "SUMMER2026{Enter}");
    expect((await screen.findByRole("status")).textContent).toBe("1 credit added to your balance.");
  });

  it("says the server's reason in the person's language, and nothing was added", async () => {
    await useLocale("vi", "app");
    const refusal = {
      status: 409,
      body: { code: "conflict", reason: "code_already_used", message: "You have already used the code SUMMER2026." },
    };
    stubFetch({ [REDEEM]: refusal });
    const { user } = renderWeb(<RedeemCodeCard />);
    // The field by its id: its label is in Vietnamese here.
    await user.type(document.getElementById("redeem-code")!, "SUMMER2026{Enter}");
    const alert = await screen.findByRole("alert");
    // The reason's own sentence, not the server's English one (which names the code).
    expect(alert.textContent).not.toContain("SUMMER2026");
    expect(alert.textContent).not.toBe("");
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows the server's own sentence in English", async () => {
    await useLocale("en", "app");
    stubFetch({
      [REDEEM]: {
        status: 404,
        body: { code: "not_found", reason: "code_unknown", message: "There is no code NOPE2026. Check it for typos." },
      },
    });
    const { user } = renderWeb(<RedeemCodeCard />);
    await user.type(codeInput(), "NOPE2026");
    await user.click(screen.getByRole("button", { name: "Redeem" }));
    expect((await screen.findByRole("alert")).textContent).toBe("There is no code NOPE2026. Check it for typos.");
    // Typing again clears the refusal.
    await user.type(codeInput(), "X");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

const PACKAGE: DisplayPackage = {
  id: "44444444-4444-4444-8444-444444444444",
  name: "Creator",
  credits: 500,
  price: "20.00",
  popular: false,
  description: null,
  bonus: null,
  bonusCredits: 0,
  purchasable: true,
};

const QUOTED = {
  code: "SPRING20",
  listAmount: "20.00",
  discount: "4.00",
  amount: "16.00",
  percentOff: 20,
  amountOff: null,
};

function checkoutServer(quote: { status?: number; body: unknown } = { body: QUOTED }) {
  return stubFetch({
    "GET /api/settings/payment-methods": {
      body: { creemEnabled: true, paypalEnabled: false, packages: [{ id: PACKAGE.id, providers: ["creem"] }] },
    },
    [QUOTE]: quote,
    // No checkout page: the dialog stays (and says so) instead of leaving the test's page.
    "POST /api/creem/checkout": { body: {} },
  });
}

describe("the purchase dialog's discount code", () => {
  it("quotes the code for the package, strikes the list price through and checks out with the code", async () => {
    await useLocale("en", "app");
    const { sent } = checkoutServer();
    const { user } = renderWeb(<PaymentDialog pkg={PACKAGE} onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Complete Your Purchase" });
    await user.type(screen.getByRole("textbox", { name: "Discount code" }), "spring20");
    await user.click(screen.getByRole("button", { name: "Apply" }));

    expect((await screen.findByRole("status")).textContent).toBe("Code SPRING20 applied: you save $4.00.");
    expect(dialog.querySelector("del")?.textContent).toBe("$20.00");
    expect(screen.getByTestId("discounted-price").textContent).toBe("$16.00");
    const quoteBody = sent.find((r) => r.url === "/api/codes/quote")?.body;
    expect(quoteBody).toEqual({ code: "spring20", packageId: PACKAGE.id });

    await user.click(await screen.findByRole("button", { name: /Pay with Card/ }));
    await waitFor(() => expect(sent.some((r) => r.url === "/api/creem/checkout")).toBe(true));
    expect(sent.find((r) => r.url === "/api/creem/checkout")?.body).toMatchObject({
      packageId: PACKAGE.id,
      code: "spring20",
    });
  });

  it("says why a code does not apply, keeps the list price and checks out without a code", async () => {
    await useLocale("en", "app");
    const { sent } = checkoutServer({
      status: 422,
      body: {
        code: "unprocessable",
        reason: "code_wrong_target",
        params: { target: "package" },
        message: "The code PLANSONLY does not apply to this package.",
      },
    });
    const { user } = renderWeb(<PaymentDialog pkg={PACKAGE} onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Complete Your Purchase" });
    await user.type(screen.getByRole("textbox", { name: "Discount code" }), "PLANSONLY{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe("The code PLANSONLY does not apply to this package.");
    expect(dialog.querySelector("del")).toBeNull();

    await user.click(await screen.findByRole("button", { name: /Pay with Card/ }));
    await waitFor(() => expect(sent.some((r) => r.url === "/api/creem/checkout")).toBe(true));
    expect(sent.find((r) => r.url === "/api/creem/checkout")?.body).not.toHaveProperty("code");
  });

  it("takes an applied code off again with Remove", async () => {
    await useLocale("en", "app");
    checkoutServer();
    const { user } = renderWeb(<PaymentDialog pkg={PACKAGE} onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Complete Your Purchase" });
    await user.type(screen.getByRole("textbox", { name: "Discount code" }), "SPRING20{Enter}");
    await user.click(await screen.findByRole("button", { name: "Remove the discount code" }));
    expect(dialog.querySelector("del")).toBeNull();
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "Discount code" }).value).toBe("");
  });
});

describe("the subscribe dialog's discount code", () => {
  it("shows the first payment with the code, sends it with Creem's checkout and offers PayPal too", async () => {
    await useLocale("en", "app");
    const { sent } = stubFetch({
      [QUOTE]: { body: { ...QUOTED, code: "FIRSTMONTH", listAmount: "10.00", discount: "2.00", amount: "8.00" } },
      "POST /api/subscription/checkout": { body: { checkoutUrl: null, paypalSubscriptionId: null } },
    });
    const { user } = renderWeb(<SubscribeDialog choice={{ plan: plan(), interval: "month" }} onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Subscribe to Starter" });
    await user.type(screen.getByRole("textbox", { name: "Discount code" }), "firstmonth{Enter}");

    expect(await screen.findByText("First payment with the code:")).toBeTruthy();
    expect(dialog.querySelector("del")?.textContent).toBe("$10.00");
    expect(screen.getByTestId("discounted-price").textContent).toBe("$8.00");
    expect(sent.find((r) => r.url === "/api/codes/quote")?.body).toEqual({
      code: "firstmonth",
      planId: plan().id,
      interval: "month",
    });
    // A plan's code is taken through either provider (decision 0158).
    expect(screen.getByRole("button", { name: /Pay with PayPal/ })).toHaveProperty("disabled", false);

    await user.click(screen.getByRole("button", { name: /Pay with Card/ }));
    await waitFor(() => expect(sent.some((r) => r.url === "/api/subscription/checkout")).toBe(true));
    expect(sent.find((r) => r.url === "/api/subscription/checkout")?.body).toEqual({
      planId: plan().id,
      interval: "month",
      provider: "creem",
      code: "firstmonth",
    });
  });
});
