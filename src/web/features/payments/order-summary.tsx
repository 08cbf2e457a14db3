import { ArrowRight, LockKeyhole } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCredits } from "@/lib/format";
import { creditsLabel } from "./credit-words";
import { bonusText, formatPricePerCredit, formatUsd, totalCredits, type DisplayPackage } from "./packages";

export interface OrderSummaryProps {
  pkg: DisplayPackage | null;
  balance: number;
  onProceed: () => void;
}

/** The summary next to the package picker: credits, bonus, price, price per credit, balance after (bonus included). */
export function OrderSummary({ pkg, balance, onProceed }: OrderSummaryProps) {
  const { t } = useLingui();
  const balanceNow = creditsLabel(balance);
  const bonus = pkg ? bonusText(pkg) : null;
  const rows = pkg
    ? [
        { term: t`Package`, value: pkg.name },
        { term: t`Credits`, value: formatCredits(pkg.credits) },
        ...(bonus ? [{ term: t`Bonus`, value: bonus }] : []),
        { term: t`Price per credit`, value: formatPricePerCredit(pkg) },
        { term: t`Balance after purchase`, value: creditsLabel(balance + totalCredits(pkg)) },
      ]
    : [];

  return (
    <Card aria-labelledby="order-summary-title" role="region" className="lg:sticky lg:top-24">
      <CardHeader>
        <CardTitle id="order-summary-title">
          <Trans>Order Summary</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Your balance today: {balanceNow}</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {pkg ? (
          <>
            <dl className="grid gap-3 text-sm">
              {rows.map(({ term, value }) => (
                <div key={term} className="flex items-baseline justify-between gap-4">
                  <dt className="text-muted-foreground">{term}</dt>
                  <dd className="truncate text-right font-medium">{value}</dd>
                </div>
              ))}
              <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-border pt-4">
                <dt className="font-semibold">
                  <Trans>Total</Trans>
                </dt>
                <dd className="text-2xl font-bold tabular-nums">{formatUsd(pkg.price)}</dd>
              </div>
            </dl>
            <Button size="lg" className="w-full" onClick={onProceed}>
              <Trans>Proceed to Payment</Trans>
              <ArrowRight aria-hidden="true" />
            </Button>
            <p className="flex items-center justify-center gap-1.5 text-center text-xs text-muted-foreground">
              <LockKeyhole className="size-3.5 shrink-0" aria-hidden="true" />
              <Trans>Secure checkout. One-time payment in USD.</Trans>
            </p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            <Trans>Choose a package to see its summary.</Trans>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
