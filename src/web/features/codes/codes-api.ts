/**
 * A person's code calls (issue 70, decision 0156) through the routes' shared contracts: redeem a
 * grant code, and quote a discount code for a package or a plan before the checkout.
 */
import { useMutation } from "@tanstack/react-query";
import { codesApi } from "../../../shared/api/codes";
import type { PlanInterval } from "../../../shared/schemas/plans";
import { call } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys, underPath } from "@/lib/query-keys";
import "./code-reason-texts";

/** What is being bought: a package, or a plan for a period. */
export type QuoteTarget = { packageId: string } | { planId: string; interval: PlanInterval };

export type DiscountQuote = Awaited<ReturnType<typeof quoteCode>>;

/** The server's price of `target` with the discount code `code` (its reason when the code does not apply). */
export function quoteCode(code: string, target: QuoteTarget) {
  return call(codesApi.quote, { body: { code, ...target } });
}

/** The balance and its history, read again after a grant. */
function refreshBalance(): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
    queryClient.invalidateQueries({ queryKey: queryKeys.payments.stats }),
    queryClient.invalidateQueries({ predicate: underPath(queryKeys.payments.transactionsPath) }),
  ]);
}

/** Redeems a grant code; the balance is read again once it is added. */
export function useRedeemCode() {
  return useMutation({
    mutationFn: (code: string) => call(codesApi.redeem, { body: { code } }),
    onSuccess: () => void refreshBalance(),
  });
}
