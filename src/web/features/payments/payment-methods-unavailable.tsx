import { Link } from "wouter";
import { TriangleAlert } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { Callout } from "@/components/ui/callout";

/** In the payment dialog when no provider is enabled: nothing to choose, and where to turn instead. */
export function PaymentMethodsUnavailable() {
  return (
    <Callout tone="warning" icon={TriangleAlert} role="alert">
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
    </Callout>
  );
}

/** In the payment dialog when payments are on but none can sell this package: said, with no dead button. */
export function PackageNotForSale() {
  return (
    <Callout tone="warning" icon={TriangleAlert} role="alert">
      <p className="text-amber-100">
        <Trans>
          This package cannot be bought right now. Please choose another package, or{" "}
          <Link href="/contact" className="font-medium text-amber-100 underline underline-offset-4">
            contact us
          </Link>
          .
        </Trans>
      </p>
    </Callout>
  );
}
