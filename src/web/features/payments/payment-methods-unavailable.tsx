import { Link } from "wouter";
import { TriangleAlert } from "lucide-react";
import { Trans } from "@lingui/react/macro";

/** In the payment dialog when no provider is enabled: nothing to choose, and where to turn instead. */
export function PaymentMethodsUnavailable() {
  return (
    <div className="flex gap-3 rounded-xl border border-amber-500/30 bg-amber-500/10 p-4 text-sm" role="alert">
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-300" aria-hidden="true" />
      <div>
        <p className="font-semibold text-amber-100">
          <Trans>Payment methods temporarily unavailable</Trans>
        </p>
        <p className="mt-1 text-amber-100/75">
          <Trans>
            Please try again in a few minutes, or{" "}
            <Link href="/contact" className="font-medium text-amber-100 underline underline-offset-4">
              contact us
            </Link>{" "}
            to buy credits.
          </Trans>
        </p>
      </div>
    </div>
  );
}
