/**
 * Money going back, as the web shows it (issue 39, decision 0084): the /generate banner that says
 * why new videos are blocked, in both languages, and the admin's Refund… dialog: prefilled with
 * what is left, a reason and (for Creem) the dashboard box required, the refunded amount as seen
 * sent along, and the server's refusal shown in the dialog.
 */
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { UserStats } from "../../src/shared/schemas/account";
import type { PaymentOrderState } from "../../src/shared/schemas/admin-payments";
import { OrderMoneyBadges, OrderRefundDialog } from "@/features/admin/history/payment-order-actions";
import { PaymentHoldBanner } from "@/features/payments/payment-hold-banner";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

const stats = (over: Partial<UserStats>): UserStats => ({
  credits: 0,
  expiring: [],
  videosCreated: 3,
  totalSpent: 80,
  creditsOwed: 0,
  paymentHold: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe("PaymentHoldBanner", () => {
  it("says what is owed and links to the pricing page", async () => {
    await useLocale("en", "app");
    stubFetch({ "GET /api/user/stats": { body: stats({ creditsOwed: 40, paymentHold: "credits_owed" }) } });
    renderWeb(<PaymentHoldBanner signedIn />);
    const banner = await screen.findByRole("alert");
    expect(banner.textContent).toContain("New videos are blocked for now");
    expect(banner.textContent).toContain("so 40 credits are owed");
    expect(screen.getByRole("link", { name: "Buy credits" }).getAttribute("href")).toBe("/pricing");
  });

  it("says a payment is disputed and offers the contact page, in Vietnamese too", async () => {
    await useLocale("vi", "app");
    stubFetch({ "GET /api/user/stats": { body: stats({ credits: 200, paymentHold: "payment_disputed" }) } });
    renderWeb(<PaymentHoldBanner signedIn />);
    const banner = await screen.findByRole("alert");
    expect(banner.textContent).toContain("Tạm thời không thể tạo video mới");
    expect(banner.textContent).toContain("đang bị tranh chấp");
    expect(screen.getByRole("link", { name: "hãy liên hệ với chúng tôi" }).getAttribute("href")).toBe("/contact");
  });

  it("shows nothing when nothing holds the person", async () => {
    await useLocale("en", "app");
    const { sent } = stubFetch({ "GET /api/user/stats": { body: stats({}) } });
    const { container } = renderWeb(<PaymentHoldBanner signedIn />);
    await waitFor(() => expect(sent).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(container.textContent).toBe("");
  });
});

const creemOrder: PaymentOrderState = {
  id: "6f1c1a56-0000-4000-8000-000000000001",
  provider: "creem",
  packageName: "Starter",
  amount: "19.99",
  currency: "USD",
  status: "completed",
  refundedCents: 499,
  reversedCredits: 25,
  disputeStatus: null,
};

describe("OrderMoneyBadges", () => {
  it("names a part refund, a full refund, an open dispute and a lost chargeback", async () => {
    await useLocale("en", "admin");
    const { rerender } = renderWeb(<OrderMoneyBadges order={creemOrder} />);
    expect(screen.getByText("Partly refunded")).toBeTruthy();
    rerender(<OrderMoneyBadges order={{ ...creemOrder, refundedCents: 1999 }} />);
    expect(screen.getByText("Refunded")).toBeTruthy();
    rerender(<OrderMoneyBadges order={{ ...creemOrder, refundedCents: 0, disputeStatus: "open" }} />);
    expect(screen.getByText("Disputed")).toBeTruthy();
    rerender(<OrderMoneyBadges order={{ ...creemOrder, refundedCents: 1999, disputeStatus: "lost" }} />);
    expect(screen.getByText("Chargeback lost")).toBeTruthy();
    expect(screen.queryByText("Refunded")).toBeNull();
  });

  it("speaks Vietnamese", async () => {
    await useLocale("vi", "admin");
    renderWeb(<OrderMoneyBadges order={{ ...creemOrder, refundedCents: 1999 }} />);
    expect(screen.getByText("Đã hoàn tiền")).toBeTruthy();
  });
});

describe("OrderRefundDialog", () => {
  it("prefills what is left, requires the reason and Creem's box, and sends the refunded amount as seen", async () => {
    await useLocale("en", "admin");
    const { sent } = stubFetch({
      "POST /api/admin/payment-orders/6f1c1a56-0000-4000-8000-000000000001/refund": {
        body: {
          orderId: creemOrder.id,
          refundedCents: 1999,
          reversedCredits: 100,
          disputeStatus: null,
          credits: 75,
          creditsOwed: 0,
        },
      },
    });
    const onClose = vi.fn();
    const { user } = renderWeb(<OrderRefundDialog order={creemOrder} username="alice" onClose={onClose} />);
    const amount = screen.getByLabelText<HTMLInputElement>("Amount (USD)");
    expect(amount.value).toBe("15.00");

    await user.click(screen.getByRole("button", { name: "Record refund" }));
    expect(screen.getByRole("alert").textContent).toBe("Refund it in Creem's dashboard first, then tick the box.");
    await user.click(screen.getByLabelText("I refunded this in Creem's dashboard"));
    await user.click(screen.getByRole("button", { name: "Record refund" }));
    expect(screen.getByRole("alert").textContent).toMatch(/^Give a reason of at least/);
    await user.clear(amount);
    await user.type(amount, "16.00");
    await user.type(screen.getByLabelText("Reason"), "Customer asked by e-mail");
    await user.click(screen.getByRole("button", { name: "Record refund" }));
    expect(screen.getByRole("alert").textContent).toBe("Refund more than 0 and at most $15.00.");
    expect(sent).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, "15");
    await user.click(screen.getByRole("button", { name: "Record refund" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      amount: "15",
      reason: "Customer asked by e-mail",
      expectedRefundedCents: 499,
      recordedByHand: true,
    });
  });

  it("shows the server's refusal and stays open", async () => {
    await useLocale("en", "admin");
    stubFetch({
      "POST /api/admin/payment-orders/6f1c1a56-0000-4000-8000-000000000001/refund": {
        status: 409,
        body: { code: "conflict", message: "This order was refunded meanwhile: $19.99 is refunded now." },
      },
    });
    const onClose = vi.fn();
    const { user } = renderWeb(
      <OrderRefundDialog order={{ ...creemOrder, provider: "paypal" }} username="alice" onClose={onClose} />,
    );
    await user.type(screen.getByLabelText("Reason"), "Duplicate charge");
    await user.click(screen.getByRole("button", { name: "Refund" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("This order was refunded meanwhile: $19.99 is refunded now."),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByLabelText("I refunded this in Creem's dashboard")).toBeNull();
  });
});
