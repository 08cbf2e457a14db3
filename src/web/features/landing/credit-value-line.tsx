import { Trans } from "@lingui/react/macro";
import { formatCreditValue, type CreditValue } from "@/features/pricing";

/** The line under the heading: what a credit is worth in dollars only when the server knows it (decision 0075). */
export function CreditValueLine({ value }: { value: CreditValue | null }) {
  if (!value)
    return (
      <Trans>
        What one video costs in credits at each model's standard length and resolution, with no subscription and no
        daily limits.
      </Trans>
    );
  const worth = formatCreditValue(value);
  return value.source === "setting" ? (
    <Trans>
      What one video costs at each model's standard length and resolution. One credit is worth {worth}, with no
      subscription and no daily limits.
    </Trans>
  ) : (
    <Trans>
      What one video costs at each model's standard length and resolution. Credits cost from {worth} each, depending on
      the package, with no subscription and no daily limits.
    </Trans>
  );
}
