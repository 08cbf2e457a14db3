import { useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import { useCurrentUser } from "@/features/auth";

const SECOND_STEP_PATH = "/second-factor";
const SECURITY_PATH = "/account/security";

/**
 * A session half signed in goes to the second step, which comes back to the page after it (an
 * app's consent page keeps its request: decision 0170); an admin who must add a second factor goes
 * to the security page (decision 0092). The server refuses everything else to them anyway.
 */
export function SecondFactorRedirect() {
  const { user } = useCurrentUser();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const target = user?.secondFactorPending
    ? SECOND_STEP_PATH
    : user?.secondFactorEnrolmentRequired
      ? SECURITY_PATH
      : undefined;
  useEffect(() => {
    if (!target || location === target) return;
    const here = search ? `${location}?${search}` : location;
    navigate(target === SECOND_STEP_PATH ? `${target}?next=${encodeURIComponent(here)}` : target, { replace: true });
  }, [target, location, search, navigate]);
  return null;
}
