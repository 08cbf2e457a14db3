/** Plans and a person's plan as the server answers them, for the plan tests (issue 69). */
import type { MySubscription, PlanView, SubscriptionView } from "../../src/shared/schemas/plans";

// Noon UTC: the same calendar day in every time zone the tests may run in.
export const DEC_1 = "2026-12-01T12:00:00.000Z";
const NOV_1 = "2026-11-01T12:00:00.000Z";

export const plan = (over: Partial<PlanView> = {}): PlanView => ({
  id: "11111111-1111-4111-8111-111111111111",
  name: "Starter",
  description: null,
  monthlyPrice: "10.00",
  yearlyPrice: "100.00",
  creditsPerMonth: 100,
  yearlyGrant: "monthly",
  rolloverCap: 0,
  perks: { commercialUse: false, apiAccess: false, videosAtOnce: null, models: [] },
  popular: false,
  providers: { month: ["creem", "paypal"], year: ["creem", "paypal"] },
  ...over,
});

export const PRO = plan({
  id: "22222222-2222-4222-8222-222222222222",
  name: "Pro",
  monthlyPrice: "30.00",
  yearlyPrice: "288.00",
  creditsPerMonth: 400,
  yearlyGrant: "upfront",
  rolloverCap: 200,
  popular: true,
});

export const subscription = (over: Partial<SubscriptionView> = {}): SubscriptionView => ({
  id: "33333333-3333-4333-8333-333333333333",
  planId: plan().id,
  planName: "Starter",
  interval: "month",
  provider: "creem",
  status: "active",
  cancelAtPeriodEnd: false,
  price: "10.00",
  currency: "USD",
  creditsPerMonth: 100,
  currentPeriodStart: NOV_1,
  currentPeriodEnd: DEC_1,
  nextRenewal: { at: DEC_1, amount: "10.00" },
  planCredits: { remaining: 80, expiresAt: DEC_1 },
  scheduledChange: null,
  pastDueSince: null,
  ...over,
});

export const mine = (sub: SubscriptionView | null, otherCredits = 150): MySubscription => ({
  subscription: sub,
  otherCredits,
});
