import { useEffect } from "react";
import { useLocation } from "wouter";
import { useCurrentUser } from "@/features/auth";

const SECOND_STEP_PATH = "/second-factor";
const SECURITY_PATH = "/account/security";

/**
 * A session half signed in goes to the second step; an admin who must add a second factor goes
 * to the security page (decision 0092). The server refuses everything else to them anyway.
 */
export function SecondFactorRedirect() {
  const { user } = useCurrentUser();
  const [location, navigate] = useLocation();
  const target = user?.secondFactorPending
    ? SECOND_STEP_PATH
    : user?.secondFactorEnrolmentRequired
      ? SECURITY_PATH
      : undefined;
  useEffect(() => {
    if (target && location !== target) navigate(target, { replace: true });
  }, [target, location, navigate]);
  return null;
}
