/**
 * Creem's subscription objects read tolerantly (decision 0153): ids or expanded objects, dates as
 * ISO text or epoch numbers, and a checkout.completed that names the subscription it made.
 */
import { describe, expect, it } from "vitest";
import {
  asDate,
  parseCreemSubscription,
  parseCreemSubscriptionEvent,
} from "../../src/server/integrations/creem/subscription-events.js";

describe("Creem subscription objects", () => {
  it("reads the documented subscription.paid object", () => {
    const s = parseCreemSubscription({
      id: "sub_1",
      object: "subscription",
      product: { id: "prod_1", price: 1000, currency: "eur", billing_type: "recurring", billing_period: "every-month" },
      customer: { id: "cust_1", email: "text@example.com" },
      status: "Active",
      last_transaction_id: "tran_1",
      current_period_start_date: "2024-10-12T11:58:38.000Z",
      current_period_end_date: "2024-11-12T11:58:38.000Z",
      canceled_at: null,
      updated_at: "2024-10-12T11:58:45.425Z",
      metadata: { subscriptionId: "ours" },
    });
    expect(s).toEqual({
      id: "sub_1",
      status: "active",
      productId: "prod_1",
      billingPeriod: "every-month",
      productPrice: 1000,
      productCurrency: "EUR",
      customerId: "cust_1",
      customerEmail: "text@example.com",
      currentPeriodStart: new Date("2024-10-12T11:58:38.000Z"),
      currentPeriodEnd: new Date("2024-11-12T11:58:38.000Z"),
      canceledAt: undefined,
      lastTransactionId: "tran_1",
      lastTransaction: undefined,
      metadata: { subscriptionId: "ours" },
      updatedAt: new Date("2024-10-12T11:58:45.425Z"),
    });
  });

  it("takes ids for product and customer, epoch dates, and the expanded last transaction", () => {
    const s = parseCreemSubscription({
      id: "sub_2",
      product: "prod_2",
      customer: "cust_2",
      current_period_start_date: 1728734318000,
      current_period_end_date: "1731412718",
      last_transaction: { id: "tran_2", amount: "1900", amount_paid: 2299, currency: "usd", order: { id: "ord_2" } },
    });
    expect(s).toMatchObject({
      productId: "prod_2",
      customerId: "cust_2",
      currentPeriodStart: new Date(1728734318000),
      currentPeriodEnd: new Date(1731412718000),
      lastTransactionId: "tran_2",
      lastTransaction: { id: "tran_2", amount: 1900, amountPaid: 2299, currency: "USD", orderId: "ord_2" },
      metadata: {},
    });
    expect(parseCreemSubscription({ object: "subscription" })).toBeUndefined();
    expect(asDate("not a date")).toBeUndefined();
    expect(asDate(-5)).toBeUndefined();
  });

  it("reads a checkout.completed's subscription with the checkout's metadata and request id", () => {
    const event = parseCreemSubscriptionEvent({
      id: "evt_1",
      eventType: "checkout.completed",
      created_at: 1728734325927,
      object: {
        id: "ch_1",
        request_id: "our-sub",
        metadata: { subscriptionId: "our-sub" },
        product: { id: "prod_1" },
        customer: { id: "cust_1", email: "a@example.com" },
        order: { id: "ord_1", transaction: "tran_1" },
        subscription: { id: "sub_1", product: "prod_1", customer: "cust_1", status: "active" },
      },
    });
    expect(event).toMatchObject({
      id: "evt_1",
      eventType: "checkout.completed",
      createdAt: new Date(1728734325927),
      requestId: "our-sub",
      subscription: {
        id: "sub_1",
        productId: "prod_1",
        customerEmail: "a@example.com",
        lastTransactionId: "tran_1",
        metadata: { subscriptionId: "our-sub" },
      },
    });
    // A pack's checkout names no subscription.
    expect(parseCreemSubscriptionEvent({ eventType: "checkout.completed", object: { id: "ch_2" } })).toBeUndefined();
  });
});
