import { CloudOff } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { useServiceUnavailable } from "@/lib/service-status";

/** A calm note while the server is briefly unavailable (decision 0057); pages keep what they show and retry. */
export function ServiceBanner() {
  if (!useServiceUnavailable()) return null;
  return (
    <div
      role="status"
      className="border-b border-amber-500/30 bg-amber-500/10 px-4 py-2.5 text-center text-sm text-amber-50 print:hidden"
    >
      <CloudOff className="mr-2 inline size-4 align-[-3px] text-amber-300" aria-hidden="true" />
      <Trans>The service is briefly unavailable. We keep trying, and nothing you have is lost.</Trans>
    </div>
  );
}
