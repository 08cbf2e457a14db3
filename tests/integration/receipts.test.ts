/**
 * Receipts (decision 0086): a paid order's receipt is written with its credit, so it reaches the
 * buyer's confirmed address once however often the payment is settled (Creem's webhook twice, a
 * PayPal capture repeated, the re-check), and a real SMTP server receives it with the order's
 * figures and the link to its page. The page's API answers only the buyer's own completed orders.
 */
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminSettings, creditPackages, mailMessages, paymentOrders, users } from "../../src/server/db/schema.js";
import type { Receipt } from "../../src/shared/schemas/receipts.js";
import type { TransactionsPage } from "../../src/shared/schemas/account.js";
import { startCreemFake, type CreemFake } from "../fakes/creem-fake.mjs";
import { startPaypalFake, type PaypalFake } from "../fakes/paypal-fake.mjs";
import { startSmtpFake, type SmtpFake } from "../fakes/smtp-fake.mjs";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { Client, createTestApp, signInAdmin, signUp, type TestApp } from "../helpers/test-app.js";

const PUBLIC_URL = "http://veo.test";
const CREEM = { apiKey: "creem_test_key_0123456789abcdef", webhookSecret: "whsec_test_0123456789abcdefghij" };
const PAYPAL = { clientId: "AbCdPayPalClientId0123456789", clientSecret: "EFgh-paypal-secret-0123456789" };

let smtp: SmtpFake;
let creem: CreemFake;
let paypal: PaypalFake;
let t: TestApp;
let admin: Client;
const db = () => t.database.db;

beforeAll(async () => {
  smtp = await startSmtpFake();
  creem = await startCreemFake({
    apiKey: CREEM.apiKey,
    webhookSecret: CREEM.webhookSecret,
    products: { prod_receipt: { price: 2500, currency: "USD", name: "Receipt Pack" } },
  });
  paypal = await startPaypalFake(PAYPAL);
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL, CREEM_BASE_URL: creem.baseUrl, PAYPAL_BASE_URL: paypal.baseUrl },
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  creem.webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/creem/webhook`;
  admin = await signInAdmin(t);
  const settings = await admin.put("/api/admin/settings", {
    creemEnabled: true,
    creemApiKey: CREEM.apiKey,
    creemWebhookSecret: CREEM.webhookSecret,
    creemEnvironment: "test",
    paypalEnabled: true,
    paypalClientId: PAYPAL.clientId,
    paypalClientSecret: PAYPAL.clientSecret,
    paypalEnvironment: "sandbox",
  });
  expect(settings.statusCode, settings.body).toBe(200);
});
afterEach(() => expectLedgerBalanced(db()));
afterAll(async () => {
  await t?.close();
  await creem?.close();
  await paypal?.close();
  await smtp?.close();
});
beforeEach(() => smtp.clear());

async function seedPackage(overrides: Partial<typeof creditPackages.$inferInsert> = {}) {
  const [pkg] = await db()
    .insert(creditPackages)
    .values({ name: "Receipt Pack", credits: 150, price: "25.00", creemProductId: "prod_receipt", ...overrides })
    .returning();
  return pkg!;
}

/** A signed-in buyer with an address, confirmed or not. */
async function buyer(confirmed = true) {
  const email = `buyer-${crypto.randomUUID().slice(0, 8)}@people.example`;
  const signed = await signUp(t.app, { email });
  const [row] = await db()
    .update(users)
    .set({ emailVerified: confirmed })
    .where(eq(users.username, signed.username))
    .returning();
  // Registration wrote its confirmation link (decision 0088): not the mail under test here.
  await db().delete(mailMessages).where(eq(mailMessages.toAddress, email));
  return { ...signed, id: row!.id, email };
}

/** Pays a Creem checkout of the package at the fake; the fake delivers the signed webhook. */
async function payWithCreem(client: Client, packageId: string): Promise<{ checkoutId: string; orderId: string }> {
  const res = await client.post("/api/creem/checkout", { packageId });
  expect(res.statusCode, res.body).toBe(200);
  const checkoutId = /\/checkout\/(ch_[0-9a-f]+)$/.exec(res.json<{ checkoutUrl: string }>().checkoutUrl)![1]!;
  expect(await creem.completeCheckout(checkoutId)).toBe(200);
  const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, checkoutId));
  return { checkoutId, orderId: order!.id };
}

const receiptsTo = (userId: string) =>
  db()
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.userId, userId), eq(mailMessages.kind, "receipt")));

const receiptOf = (client: Client, orderId: string) => client.get(`/api/payments/orders/${orderId}/receipt`);

describe("the receipt mail", () => {
  it("arrives after a Creem payment with the order's figures and link, once though the webhook comes twice", async () => {
    const pkg = await seedPackage({ bonusCredits: 25 });
    const u = await buyer();
    const { checkoutId, orderId } = await payWithCreem(u.client, pkg.id);
    // Creem delivers the same event again (a retry): nothing more is written.
    expect(await creem.deliverWebhook(creem.checkoutCompletedEvent(checkoutId))).toBe(200);
    expect(await receiptsTo(u.id)).toHaveLength(1);

    expect(await t.app.jobs.mailSender.runOnce()).toMatchObject({ sent: 1 });
    const mail = await smtp.waitFor(u.email, (m) => m.subject === "Your receipt from Veo Studio");
    const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    expect(order!.providerPaymentId).toMatch(/^ord_/);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(orderId);
      expect(part).toContain("Receipt Pack");
      expect(part).toContain("$25.00");
      expect(part).toContain(order!.providerPaymentId!);
      expect(part).toContain(`${PUBLIC_URL}/receipts/${orderId}`);
    }
    expect(mail.text).toMatch(/Credits\s+150/);
    expect(mail.text).toMatch(/Bonus credits\s+25/);
    expect(mail.text).toContain(u.username);
    // A receipt is essential: no unsubscribe header, no unsubscribe link.
    expect(mail.headers).not.toHaveProperty("list-unsubscribe");
    expect(mail.text).not.toContain("/unsubscribe");

    // The return page confirming afterwards changes nothing either.
    expect((await u.client.post("/api/creem/confirm", { checkoutId })).statusCode).toBe(200);
    await t.app.jobs.mailSender.runOnce();
    expect(smtp.to(u.email)).toHaveLength(1);
  });

  it("arrives once after a PayPal capture, however often the capture is repeated", async () => {
    const pkg = await seedPackage({ name: "PayPal Pack", creemProductId: null });
    const u = await buyer();
    const made = await u.client.post("/paypal/order", { packageId: pkg.id });
    expect(made.statusCode, made.body).toBe(200);
    const paypalOrderId = made.json<{ id: string }>().id;
    paypal.approve(paypalOrderId);
    const captures = await Promise.all(
      Array.from({ length: 4 }, () => u.client.post(`/paypal/order/${paypalOrderId}/capture`, {})),
    );
    expect(captures.map((c) => c.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await receiptsTo(u.id)).toHaveLength(1);
    await t.app.jobs.mailSender.runOnce();
    const mail = await smtp.waitFor(u.email);
    const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, paypalOrderId));
    expect(mail.text).toContain("PayPal Pack");
    expect(mail.text).toMatch(/Paid with\s+PayPal/);
    expect(mail.text).toContain(order!.providerPaymentId!);
    expect(mail.text).toContain(`${PUBLIC_URL}/receipts/${order!.id}`);
  });

  it("arrives when the PayPal re-check completes a pending payment", async () => {
    const pkg = await seedPackage({ name: "Pending Pack", creemProductId: null });
    const u = await buyer();
    const paypalOrderId = (await u.client.post("/paypal/order", { packageId: pkg.id })).json<{ id: string }>().id;
    paypal.approve(paypalOrderId);
    paypal.setCaptureOutcome(paypalOrderId, "PENDING");
    expect((await u.client.post(`/paypal/order/${paypalOrderId}/capture`, {})).statusCode).toBe(202);
    expect(await receiptsTo(u.id)).toEqual([]);
    expect(paypal.completePending(paypalOrderId)).toBe(true);
    expect((await t.app.jobs.paypalRecheck.runOnce()).credited).toBe(1);
    expect((await t.app.jobs.paypalRecheck.runOnce()).credited).toBe(0);
    expect(await receiptsTo(u.id)).toHaveLength(1);
  });

  it("is written in the buyer's language", async () => {
    const pkg = await seedPackage();
    const u = await buyer();
    await db().update(users).set({ language: "vi" }).where(eq(users.id, u.id));
    await payWithCreem(u.client, pkg.id);
    const [row] = await receiptsTo(u.id);
    expect(row?.locale).toBe("vi");
    expect(row?.subject).toBe("Biên nhận của bạn từ Veo Studio");
    expect(row?.textBody).toContain("25,00");
  });

  it("is not written to an unconfirmed address, and the receipt page still works", async () => {
    const pkg = await seedPackage();
    const u = await buyer(false);
    const { orderId } = await payWithCreem(u.client, pkg.id);
    expect(await receiptsTo(u.id)).toEqual([]);
    await t.app.jobs.mailSender.runOnce();
    expect(smtp.to(u.email)).toEqual([]);
    const res = await receiptOf(u.client, orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json<Receipt>()).toMatchObject({ orderId, credits: 150 });
  });
});

describe("GET /api/payments/orders/:orderId/receipt", () => {
  it("answers the buyer's completed order with its figures, the buyer and the seller", async () => {
    const pkg = await seedPackage({ bonusCredits: 10 });
    const u = await buyer();
    const { orderId } = await payWithCreem(u.client, pkg.id);
    const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, orderId));

    const before = await receiptOf(u.client, orderId);
    expect(before.statusCode).toBe(200);
    expect(before.headers["cache-control"]).toBe("private, no-store");
    // No seller named yet: the product's name, no address.
    expect(before.json<Receipt>().seller).toEqual({ name: "Veo Studio", address: null });

    // The admin names the seller (their mail settings form, decision 0085).
    const seller = { sellerName: "Veo Studio Ltd", sellerAddress: "12 Nguyen Hue\nDistrict 1, Ho Chi Minh City" };
    await db().update(adminSettings).set(seller);
    const res = await receiptOf(u.client, orderId);
    expect(res.json<Receipt>()).toEqual({
      orderId,
      completedAt: order!.completedAt!.toISOString(),
      packageName: "Receipt Pack",
      credits: 150,
      bonusCredits: 10,
      amount: "25.00",
      discount: null,
      currency: "USD",
      provider: "creem",
      providerPaymentId: order!.providerPaymentId,
      providerTransactionId: order!.providerTransactionId,
      refundedAmount: "0.00",
      disputeStatus: null,
      buyer: { username: u.username, email: u.email },
      seller: { name: "Veo Studio Ltd", address: "12 Nguyen Hue\nDistrict 1, Ho Chi Minh City" },
    } satisfies Receipt);
    await db().update(adminSettings).set({ sellerName: null, sellerAddress: null });

    // The purchase row of the history names its order, so /pricing links it to this receipt.
    const page = (await u.client.get("/api/transactions?page=1")).json<TransactionsPage>();
    expect(page.data.find((row) => row.type === "purchase")?.paymentOrderId).toBe(orderId);
  });

  it("says what was refunded and whether it is disputed", async () => {
    const pkg = await seedPackage();
    const u = await buyer();
    const { orderId } = await payWithCreem(u.client, pkg.id);
    await db()
      .update(paymentOrders)
      .set({ refundedCents: 1250, disputeStatus: "open" })
      .where(eq(paymentOrders.id, orderId));
    expect((await receiptOf(u.client, orderId)).json<Receipt>()).toMatchObject({
      refundedAmount: "12.50",
      disputeStatus: "open",
    });
  });

  it("is the same 404 for another person's order, an unknown id, a malformed id and an order not paid", async () => {
    const pkg = await seedPackage();
    const owner = await buyer();
    const { orderId } = await payWithCreem(owner.client, pkg.id);
    const [unpaid] = await db()
      .insert(paymentOrders)
      .values({ userId: owner.id, packageName: "Unpaid", provider: "creem", amount: "5.00", credits: 5 })
      .returning();
    const other = await buyer();
    const answers = [
      await receiptOf(other.client, orderId),
      await receiptOf(owner.client, crypto.randomUUID()),
      await receiptOf(owner.client, "not-an-order"),
      await receiptOf(owner.client, "'; drop table payment_orders; --"),
      await receiptOf(owner.client, unpaid!.id),
      // The admin reads orders on the admin pages, not as a buyer's receipt.
      await receiptOf(admin, orderId),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Receipt not found", code: "not_found" });
    }
    expect((await receiptOf(new Client(t.app), orderId)).statusCode).toBe(401);
  });
});
