import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { CREDIT_VALUE_LIMITS } from "../../../../shared/schemas/settings";
import { Input } from "@/components/ui/input";
import { formatCreditValue, usePricing } from "@/features/pricing";
import { useSaveSettings } from "@/features/admin/admin-api";
import { SectionCard } from "@/components/ui/section-card";
import { savedOrNot, useSavedDraft, useSectionPart } from "@/features/admin/settings/section/section-parts";

const VALUE_PATTERN = /^\d+(\.\d{1,4})?$/;

/**
 * What one credit is worth on the landing page's price table and FAQ (decision 0075): derived
 * from the packages on sale (the lowest price per credit), or the admin's own value. A part of
 * the Prices section, saved with it (decision 0148).
 */
export function CreditValueCard({ stored }: { stored: string | null }) {
  const { t } = useLingui();
  const { creditValue } = usePricing();
  const { draft, set, dirty, resetTo } = useSavedDraft(stored, (kept) => ({
    own: kept !== null,
    value: kept === null ? "" : String(Number(kept)),
  }));
  const { own, value } = draft;
  const [problem, setProblem] = useState<string>();
  const mutation = useSaveSettings();
  const derived =
    creditValue?.source === "packages"
      ? formatCreditValue(creditValue)
      : creditValue
        ? null
        : t`none: no package on sale`;

  const trimmed = value.trim();
  useSectionPart({
    dirty,
    check: () => {
      const usd = Number(trimmed);
      const { min, max } = CREDIT_VALUE_LIMITS;
      const ok = !own || (VALUE_PATTERN.test(trimmed) && usd >= min && usd <= max);
      setProblem(ok ? undefined : t`Enter a dollar amount between ${min} and ${max}, with at most four decimals.`);
      return ok;
    },
    save: () =>
      savedOrNot(
        mutation
          .mutateAsync({ creditValueUsd: own ? trimmed : null })
          .then(({ settings: now }) => resetTo(now.creditValueUsd)),
      ),
  });

  return (
    <SectionCard
      id="credit-value-title"
      title={t`Value of a credit`}
      description={t`What the landing page's price table and FAQ reckon one credit is worth.`}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">
          <Trans>Value of one credit on the price table and FAQ</Trans>
        </legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="credit-value" checked={!own} onChange={() => set("own")(false)} />
          {derived ? (
            <Trans>The cheapest credit among the packages on sale (now {derived})</Trans>
          ) : (
            <Trans>The cheapest credit among the packages on sale</Trans>
          )}
        </label>
        <label className="flex flex-wrap items-center gap-2 text-sm">
          <input type="radio" name="credit-value" checked={own} onChange={() => set("own")(true)} />
          <Trans>
            My own value: US${" "}
            <Input
              id="creditValueUsd"
              aria-label={t`Dollars per credit`}
              aria-invalid={problem ? true : undefined}
              className="w-28"
              inputMode="decimal"
              placeholder="0.15"
              value={value}
              disabled={!own}
              onChange={(e) => set("value")(e.target.value)}
            />{" "}
            per credit
          </Trans>
        </label>
      </fieldset>
      <p className="text-xs text-muted-foreground">
        <Trans>With neither a package on sale nor a value of your own, the pages show prices in credits only.</Trans>
      </p>
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-red-400">
          {problem}
        </p>
      ) : null}
    </SectionCard>
  );
}
