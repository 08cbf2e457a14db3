/** The signed-in person's referral link and figures (decision 0157), through the route's contract. */
import { useQuery } from "@tanstack/react-query";
import { referralsApi } from "../../../shared/api/referrals";
import type { MyReferrals } from "../../../shared/schemas/referrals";
import { callQuery } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** `signedIn` false: nothing is asked (the route is the signed-in person's). */
export function useMyReferrals(signedIn = true) {
  return useQuery<MyReferrals>({
    queryKey: queryKeys.referrals,
    queryFn: callQuery(referralsApi.mine),
    enabled: signedIn,
    staleTime: 60_000,
  });
}
