/** The signed-in person's referral link and figures (decision 0157), through the route's contract. */
import { useQuery } from "@tanstack/react-query";
import { referralsApi } from "../../../shared/api/referrals";
import type { MyReferrals } from "../../../shared/schemas/referrals";
import { callQuery } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export function useMyReferrals() {
  return useQuery<MyReferrals>({
    queryKey: queryKeys.referrals,
    queryFn: callQuery(referralsApi.mine),
    staleTime: 60_000,
  });
}
