import { Trans } from "@lingui/react/macro";
import { cn } from "@/lib/cn";
import { formatUsd } from "./usd";

/** A price after a discount code: the list price struck through, then what is paid. */
export function DiscountedPrice({ list, price, className }: { list: string; price: string; className?: string }) {
  return (
    <span className={cn("inline-flex items-baseline gap-2", className)}>
      <span className="sr-only">
        <Trans>List price</Trans>
      </span>
      <del className="text-sm font-normal text-muted-foreground">{formatUsd(list)}</del>
      <span className="sr-only">
        <Trans>Price with the code</Trans>
      </span>
      <span data-testid="discounted-price">{formatUsd(price)}</span>
    </span>
  );
}
