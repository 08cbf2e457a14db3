import { BadgePercent, X } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { DiscountCode } from "./use-discount-code";
import { formatUsd } from "./usd";

/** The code applied and what it takes off, with Remove. */
function AppliedLine({ discount }: { discount: DiscountCode }) {
  const { t } = useLingui();
  if (!discount.applied) return null;
  const code = discount.applied.quote.code;
  const saving = formatUsd(discount.applied.quote.discount);
  return (
    <div className="flex items-center justify-between gap-2 rounded-lg border border-emerald-500/30 bg-emerald-500/10 px-3 py-2 text-sm">
      <p role="status" className="flex items-center gap-2 text-emerald-100">
        <BadgePercent className="size-4 shrink-0 text-emerald-300" aria-hidden="true" />
        <Trans>
          Code {code} applied: you save {saving}.
        </Trans>
      </p>
      <Button variant="ghost" size="sm" onClick={discount.remove} aria-label={t`Remove the discount code`}>
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}

/**
 * "Discount code" and Apply in a purchase dialog (issue 70): the server quotes the code for what
 * is being bought; the price then shows struck through beside the new one (DiscountedPrice).
 */
export function DiscountCodeField({ discount, disabled }: { discount: DiscountCode; disabled?: boolean }) {
  const { t } = useLingui();
  if (discount.applied) return <AppliedLine discount={discount} />;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="discount-code" className="text-xs text-muted-foreground">
        <Trans>Discount code</Trans>
      </Label>
      <div className="flex gap-2">
        <Input
          id="discount-code"
          className="h-9"
          value={discount.typed}
          onChange={(event) => discount.setTyped(event.target.value)}
          onKeyDown={(event) => {
            // Enter applies the code; the dialog has no form of its own to send.
            if (event.key !== "Enter") return;
            event.preventDefault();
            discount.apply();
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={disabled}
          aria-invalid={discount.error ? true : undefined}
        />
        <Button
          variant="secondary"
          className="h-9"
          disabled={disabled || discount.pending || discount.typed.trim() === ""}
          onClick={discount.apply}
        >
          {discount.pending ? t`Applying…` : t`Apply`}
        </Button>
      </div>
      <ErrorAlert error={discount.error} />
    </div>
  );
}
