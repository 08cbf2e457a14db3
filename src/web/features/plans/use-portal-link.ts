/**
 * The provider's page for cards and invoices (GET /api/subscription/portal). Creem's is asked for
 * on the click and opened; PayPal may have none (the server answers 404 or 409), so for a PayPal
 * plan it is asked ahead and its button is left out when there is none.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import type { SubscriptionView } from "../../../shared/schemas/plans";
import { ApiError } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { readPortalLink } from "./plans-api";

const isNoPortal = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 409);

export interface PortalLink {
  /** False while a PayPal plan's page is being asked for, and when it has none. */
  offered: boolean;
  /** Goes to the page (asked for now when not known yet). */
  open: () => void;
  opening: boolean;
  /** Why the page could not be opened, for the app's error display. */
  error: unknown;
}

export function usePortalLink(provider: SubscriptionView["provider"]): PortalLink {
  const ahead = useQuery({
    queryKey: queryKeys.plans.portal,
    queryFn: readPortalLink,
    enabled: provider === "paypal",
    staleTime: 60_000,
  });
  const opening = useMutation({
    mutationFn: () => readPortalLink({}),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  if (provider === "paypal") {
    return {
      offered: ahead.data !== undefined || (ahead.isError && !isNoPortal(ahead.error)),
      open: () => (ahead.data ? window.location.assign(ahead.data.url) : void ahead.refetch()),
      opening: ahead.isFetching,
      error: ahead.error,
    };
  }
  return { offered: true, open: () => opening.mutate(), opening: opening.isPending, error: opening.error };
}
