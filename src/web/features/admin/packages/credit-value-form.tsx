import { useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { CREDIT_VALUE_LIMITS } from "../../../../shared/schemas/settings";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { formatCreditValue, usePricing } from "@/features/pricing";
import { useSaveSettings } from "@/features/admin/admin-api";

const VALUE_PATTERN = /^\d+(\.\d{1,4})?$/;

/**
 * What one credit is worth on the landing page's price table and FAQ (decision 0075): derived
 * from the packages on sale (the lowest price per credit), or the admin's own value.
 */
export function CreditValueForm({ stored }: { stored: string | null }) {
  const { t } = useLingui();
  const { creditValue } = usePricing();
  const [own, setOwn] = useState(stored !== null);
  const [value, setValue] = useState(stored === null ? "" : String(Number(stored)));
  const [problem, setProblem] = useState<string>();
  const save = useSaveSettings();
  const derived =
    creditValue?.source === "packages"
      ? formatCreditValue(creditValue)
      : creditValue
        ? null
        : t`none: no package on sale`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    const usd = Number(trimmed);
    if (own && (!VALUE_PATTERN.test(trimmed) || usd < CREDIT_VALUE_LIMITS.min || usd > CREDIT_VALUE_LIMITS.max)) {
      const min = CREDIT_VALUE_LIMITS.min;
      const max = CREDIT_VALUE_LIMITS.max;
      setProblem(t`Enter a dollar amount between ${min} and ${max}, with at most four decimals.`);
      return;
    }
    setProblem(undefined);
    save.mutate({ creditValueUsd: own ? trimmed : null });
  };

  return (
    <form onSubmit={submit} className="mt-6 grid gap-3 border-t border-border pt-5" aria-label={t`Value of a credit`}>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">
          <Trans>Value of one credit on the price table and FAQ</Trans>
        </legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="credit-value" checked={!own} onChange={() => setOwn(false)} />
          {derived ? (
            <Trans>The cheapest credit among the packages on sale (now {derived})</Trans>
          ) : (
            <Trans>The cheapest credit among the packages on sale</Trans>
          )}
        </label>
        <label className="flex flex-wrap items-center gap-2 text-sm">
          <input type="radio" name="credit-value" checked={own} onChange={() => setOwn(true)} />
          <Trans>
            My own value: US${" "}
            <Input
              aria-label={t`Dollars per credit`}
              className="w-28"
              inputMode="decimal"
              placeholder="0.15"
              value={value}
              disabled={!own}
              onChange={(e) => setValue(e.target.value)}
            />{" "}
            per credit
          </Trans>
        </label>
      </fieldset>
      <p className="text-xs text-muted-foreground">
        <Trans>With neither a package on sale nor a value of your own, the pages show prices in credits only.</Trans>
      </p>
      {problem ? (
        <p role="alert" className="text-sm text-red-400">
          {problem}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {save.isPending ? <Trans>Saving...</Trans> : <Trans>Save Credit Value</Trans>}
        </Button>
      </div>
    </form>
  );
}
