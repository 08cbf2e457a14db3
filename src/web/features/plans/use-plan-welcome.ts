import { useEffect, useState } from "react";
import { useLocation, useSearchParams } from "wouter";

/**
 * Back from Creem's checkout of a plan (/my-account?plan=welcome&checkout_id=…): true for the
 * rest of the visit, while the address becomes plain /my-account so a reload does not repeat it.
 * The address proves nothing: the plan shows once the provider's event has made it live.
 */
export function usePlanWelcome(): boolean {
  const [params] = useSearchParams();
  const [location, navigate] = useLocation();
  const [welcome] = useState(() => params.get("plan") === "welcome");
  const hasQuery = params.size > 0;
  useEffect(() => {
    if (welcome && hasQuery) navigate(location, { replace: true });
  }, [welcome, hasQuery, location, navigate]);
  return welcome;
}
