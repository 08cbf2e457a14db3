/**
 * Why new videos are blocked (decision 0084), said plainly where they are made: credits owed for a
 * payment refunded after its credits were spent (buying credits settles it), or a payment under
 * dispute with the payment provider (it ends with the dispute's decision).
 */
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { TriangleAlert } from "lucide-react";
import { Link } from "wouter";
import { Callout } from "@/components/ui/callout";
import { useUserStats } from "./use-payment-queries";

// eslint-disable-next-line lingui/no-unlocalized-strings -- class names
const linkClass = "font-semibold text-red-100 underline underline-offset-2 hover:text-white";

export function PaymentHoldBanner({ signedIn }: { signedIn: boolean }) {
  const { t } = useLingui();
  const stats = useUserStats(signedIn);
  const hold = signedIn ? stats.data?.paymentHold : null;
  if (!hold) return null;
  const owed = stats.data?.creditsOwed ?? 0;
  return (
    <Callout
      tone="danger"
      icon={TriangleAlert}
      role="alert"
      data-testid="payment-hold-banner"
      className="mb-6 rounded-2xl px-4 py-3.5 leading-relaxed text-red-200"
    >
      <div className="grid gap-1">
        <p className="font-semibold text-red-100">
          <Trans>New videos are blocked for now</Trans>
        </p>
        {hold === "credits_owed" ? (
          <p>
            {t`${plural(owed, {
              one: "A payment of yours was refunded after its credits were spent, so # credit is owed. Buying credits settles it first; then you can make videos again.",
              other:
                "A payment of yours was refunded after its credits were spent, so # credits are owed. Buying credits settles them first; then you can make videos again.",
            })}`}{" "}
            <Link href="/pricing" className={linkClass}>
              <Trans>Buy credits</Trans>
            </Link>
          </p>
        ) : (
          <p>
            {/* One message with its link, so the sentence ends with its stop in every language. */}
            <Trans>
              A payment of yours is disputed with the payment provider. You can make videos again once the dispute is
              settled. If this is a mistake,{" "}
              <Link href="/contact" className={linkClass}>
                contact us
              </Link>
              .
            </Trans>
          </p>
        )}
      </div>
    </Callout>
  );
}
