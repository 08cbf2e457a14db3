/**
 * What the web shows of mail (decision 0086): /my-account's notice switches (each click saves one
 * choice, a refusal puts it back), the /unsubscribe page (asks first, then turns one notice off
 * with the signed link), the printable receipt and its link from the purchase history.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import type { NoticePreferences } from "../../src/shared/schemas/notices";
import type { Receipt } from "../../src/shared/schemas/receipts";
import type { TransactionsPage } from "../../src/shared/schemas/account";
import { NoticesCard } from "@/features/account/notices-card";
import { ReceiptView } from "@/features/payments/receipt-view";
import { TransactionHistory } from "@/features/payments/transaction-table";
import { UnsubscribePage } from "@/pages/unsubscribe-page";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

afterEach(() => vi.unstubAllGlobals());

const NOTICES: NoticePreferences = {
  videoReady: false,
  videoFailed: true,
  lowBalance: true,
  newSignIn: true,
  lowBalanceBelow: 10,
  email: "ann@people.example",
  emailConfirmed: true,
};

describe("NoticesCard", () => {
  it("shows each choice, saves one switch at a time, and says what is always sent", async () => {
    await useLocale("en", "app");
    const { sent } = stubFetch({
      "GET /api/user/notices": { body: NOTICES },
      "PUT /api/user/notices": (request) => ({ body: { ...NOTICES, ...(request.body as object) } }),
    });
    const { user } = renderWeb(<NoticesCard />);
    const ready = await screen.findByRole<HTMLInputElement>("switch", { name: /Video ready/ });
    expect(ready.checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>("switch", { name: /Video failed/ }).checked).toBe(true);
    expect(screen.getByRole("switch", { name: /Low balance/ }).closest("div")?.textContent).toContain(
      "When your balance falls below 10 credits.",
    );
    expect(screen.getByText("Sent to ann@people.example.")).toBeTruthy();
    expect(screen.getByText(/Always sent: the receipt of every payment/)).toBeTruthy();

    await user.click(ready);
    await waitFor(() => expect(ready.checked).toBe(true));
    expect(sent.filter((r) => r.method === "PUT").map((r) => r.body)).toEqual([{ videoReady: true }]);
  });

  it("puts a switch back when the server refuses the change", async () => {
    await useLocale("en", "app");
    let refuse: () => void = () => {};
    const { sent } = stubFetch({
      "GET /api/user/notices": { body: NOTICES },
      "PUT /api/user/notices": () =>
        new Promise((resolve) => {
          refuse = () => resolve({ status: 500, body: { message: "boom", code: "internal_error" } });
        }),
    });
    const { user } = renderWeb(<NoticesCard />);
    const signIn = await screen.findByRole<HTMLInputElement>("switch", { name: /New sign-in/ });
    await user.click(signIn);
    // Off at once, while the server is asked...
    await waitFor(() => expect(signIn.checked).toBe(false));
    expect(sent.filter((r) => r.method === "PUT").map((r) => r.body)).toEqual([{ newSignIn: false }]);
    // ...and on again when it refuses.
    refuse();
    await waitFor(() => expect(signIn.checked).toBe(true));
  });

  it("says when nothing is sent yet, in Vietnamese", async () => {
    await useLocale("vi", "app");
    stubFetch({ "GET /api/user/notices": { body: { ...NOTICES, emailConfirmed: false, lowBalanceBelow: 1 } } });
    renderWeb(<NoticesCard />);
    expect(await screen.findByText(/chưa được xác nhận/)).toBeTruthy();
    const low = screen.getByRole("switch", { name: /Số dư thấp/ });
    expect(low.closest("div")?.textContent).toContain("Khi số dư của bạn xuống dưới 1 credit.");
  });
});

describe("UnsubscribePage", () => {
  const link = "u=3b0f7c1e-0000-4000-8000-000000000001&k=video_failed&t=abc_DEF-123";

  it("names the notice, turns it off only on the click, and links to My Account", async () => {
    await useLocale("en", "app");
    const { sent } = stubFetch({
      [`POST /api/mail/unsubscribe?${link}`]: { body: { kind: "video_failed", message: "off" } },
    });
    const { user } = renderWeb(<UnsubscribePage />, { path: `/unsubscribe?${link}` });
    expect(screen.getByRole("heading", { name: "Stop “Video failed” e-mails" })).toBeTruthy();
    // Opening the page (a mail scanner following the link) changes nothing.
    expect(sent).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    expect(await screen.findByText("“Video failed” e-mails are off.")).toBeTruthy();
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([`POST /api/mail/unsubscribe?${link}`]);
    expect(screen.getByRole("link", { name: "Choose your e-mail notices on My Account" }).getAttribute("href")).toBe(
      "/my-account",
    );
  });

  it("shows the server's refusal of a bad link, in Vietnamese", async () => {
    await useLocale("vi", "app", "public");
    stubFetch({
      [`POST /api/mail/unsubscribe?${link}`]: {
        status: 400,
        body: { message: "not valid", code: "invalid_input", reason: "unsubscribe_link_invalid" },
      },
    });
    const { user } = renderWeb(<UnsubscribePage />, { path: `/unsubscribe?${link}` });
    await user.click(screen.getByRole("button", { name: "Tắt" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Đường liên kết hủy đăng ký này không hợp lệ");
  });

  it("offers no button for a link that names no notice", async () => {
    await useLocale("en", "app");
    renderWeb(<UnsubscribePage />, { path: "/unsubscribe?u=x&k=receipt&t=y" });
    expect(screen.getByRole("alert").textContent).toContain("This unsubscribe link is not complete.");
    expect(screen.queryByRole("button", { name: "Turn off" })).toBeNull();
  });
});

const RECEIPT: Receipt = {
  orderId: "3b0f7c1e-0000-4000-8000-0000000000aa",
  completedAt: "2026-03-09T14:05:09.000Z",
  packageName: "Pro Pack",
  credits: 150,
  bonusCredits: 25,
  amount: "25.00",
  discount: null,
  currency: "USD",
  provider: "creem",
  providerPaymentId: "ord_123",
  providerTransactionId: "tran_456",
  refundedAmount: "0.00",
  disputeStatus: null,
  buyer: { username: "ann", email: "ann@people.example" },
  seller: { name: "Veo Studio Ltd", address: "12 Nguyen Hue\nHo Chi Minh City" },
};

describe("ReceiptView", () => {
  it("lists the payment's figures, the seller and the buyer, and prints", async () => {
    await useLocale("en", "app");
    const print = vi.fn();
    vi.stubGlobal("print", print);
    const { user } = renderWeb(<ReceiptView receipt={RECEIPT} />);
    const figures = screen.getByRole("article");
    for (const text of ["Pro Pack", "150", "25", "$25.00", "Creem", "ord_123", "tran_456", "Veo Studio Ltd", "ann"])
      expect(figures.textContent).toContain(text);
    expect(figures.textContent).toContain(`Order ${RECEIPT.orderId}`);
    expect(figures.textContent).not.toContain("Amount refunded");
    await user.click(screen.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledOnce();
  });

  it("shows a discount code's price and what it took off beside what was paid", async () => {
    await useLocale("en", "app");
    renderWeb(
      <ReceiptView
        receipt={{ ...RECEIPT, amount: "20.00", discount: { code: "SPRING", listAmount: "25.00", amountOff: "5.00" } }}
      />,
    );
    const figures = screen.getByRole("article");
    expect(figures.textContent).toContain("Price$25.00");
    expect(figures.textContent).toContain("Discount (SPRING)−$5.00");
    expect(figures.textContent).toContain("Amount paid$20.00");
  });

  it("says what was refunded and the dispute, in Vietnamese", async () => {
    await useLocale("vi", "app");
    renderWeb(<ReceiptView receipt={{ ...RECEIPT, refundedAmount: "12.50", disputeStatus: "open" }} />);
    const figures = screen.getByRole("article");
    expect(figures.textContent).toContain("Biên nhận");
    expect(figures.textContent).toContain("Số tiền đã hoàn");
    expect(figures.textContent).toContain("12,50");
    expect(figures.textContent).toContain("Bị khiếu nại: đang chờ phân xử");
  });
});

describe("the purchase history", () => {
  it("links a purchase to its receipt, and nothing else", async () => {
    await useLocale("en", "app");
    const page: TransactionsPage = {
      total: 2,
      data: [
        {
          id: "t1",
          type: "purchase",
          amount: 150,
          description: "Purchased Pro Pack (150 credits) via Creem",
          videoTaskId: null,
          packageId: "p1",
          paymentOrderId: RECEIPT.orderId,
          createdAt: RECEIPT.completedAt,
        },
        {
          id: "t2",
          type: "bonus",
          amount: 25,
          description: "Bonus: Pro Pack",
          videoTaskId: null,
          packageId: "p1",
          paymentOrderId: RECEIPT.orderId,
          createdAt: RECEIPT.completedAt,
        },
      ],
    };
    stubFetch({ "GET /api/transactions": { body: page } });
    renderWeb(
      <Route path="/pricing">
        <TransactionHistory />
      </Route>,
      { path: "/pricing" },
    );
    const table = await screen.findByRole("table");
    const links = within(table).getAllByRole("link", { name: "Receipt" });
    expect(links.map((a) => a.getAttribute("href"))).toEqual([`/receipts/${RECEIPT.orderId}`]);
  });
});
