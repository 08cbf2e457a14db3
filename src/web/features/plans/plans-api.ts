/**
 * The plan calls of /pricing, /my-account and the shell's past-due banner (issue 69), through the
 * routes' shared contracts (decision 0040). After anything that changes a plan, the plan, the
 * balance and the stats are read again.
 */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { plansApi } from "../../../shared/api/plans";
import type { MySubscription, PlanInterval } from "../../../shared/schemas/plans";
import { call, callQuery } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { isLive } from "./plan-prices";

/** The plans on sale (public), cheapest first. */
export function usePlansOnSale() {
  return useQuery({ queryKey: queryKeys.plans.onSale, queryFn: callQuery(plansApi.list), staleTime: 60_000 });
}

/** How long a plan just paid for is looked for, and how often. */
const WELCOME_POLL_MS = 3_000;
const WELCOME_POLL_FOR_MS = 2 * 60_000;

/**
 * The signed-in person's plan and their other credits; asked only while signed in. Back from a
 * checkout (`awaitingPlan`), asked again every 3 s for two minutes until the plan is live.
 */
export function useMySubscription(signedIn: boolean, awaitingPlan = false) {
  const [since] = useState(Date.now);
  return useQuery<MySubscription>({
    queryKey: queryKeys.plans.mine,
    queryFn: callQuery(plansApi.mine),
    enabled: signedIn,
    staleTime: 60_000,
    refetchInterval: (query) =>
      awaitingPlan && !isLive(query.state.data?.subscription) && Date.now() - since < WELCOME_POLL_FOR_MS
        ? WELCOME_POLL_MS
        : false,
  });
}

/** After a plan changed: the plan, the balance, the stats and the portal link are read again. */
export function refreshAfterPlanChange(): Promise<unknown> {
  return Promise.all(
    [queryKeys.plans.mine, queryKeys.plans.portal, queryKeys.currentUser, queryKeys.payments.stats].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** Starts a subscription: Creem answers its checkout page, PayPal a subscription for its subscribe button. */
export function startSubscription(
  planId: string,
  interval: PlanInterval,
  provider: "creem" | "paypal",
  /** A discount code applied in the dialog (issue 70): it takes off the first payment. */
  code?: string,
) {
  return call(plansApi.checkout, { body: { planId, interval, provider, ...(code ? { code } : {}) } });
}

/** After PayPal's approval: the server reads the subscription ACTIVE at PayPal before it believes it. */
export function confirmPaypalSubscription(subscriptionId: string) {
  return call(plansApi.paypalConfirm, { body: { subscriptionId } });
}

export const cancelPlan = () => call(plansApi.cancel);
export const resumePlan = () => call(plansApi.resume);
export const changePlan = (planId: string, interval: PlanInterval) =>
  call(plansApi.change, { body: { planId, interval } });
export const readPortalLink = callQuery(plansApi.portal);
