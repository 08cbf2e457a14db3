import { useLingui } from "@lingui/react/macro";
import { ChoiceField, TextField } from "@/features/admin/admin-fields";
import type { PlanDraft } from "./plan-draft";

type Setter = <K extends keyof PlanDraft>(key: K) => (value: PlanDraft[K]) => void;

/** What a plan costs and grants: its prices per month and per year, credits, a yearly plan's grant, the rollover. */
export function PlanAmountFields({ draft: d, set }: { draft: PlanDraft; set: Setter }) {
  const { t } = useLingui();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="plan-monthly-price"
          label={t`Price per month (USD)`}
          hint={t`Empty: not sold monthly.`}
          inputMode="decimal"
          placeholder="19.00"
          value={d.monthlyPrice}
          onValueChange={set("monthlyPrice")}
        />
        <TextField
          id="plan-yearly-price"
          label={t`Price per year (USD)`}
          hint={t`Empty: not sold yearly.`}
          inputMode="decimal"
          placeholder="190.00"
          value={d.yearlyPrice}
          onValueChange={set("yearlyPrice")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="plan-credits"
          label={t`Credits per month`}
          inputMode="numeric"
          value={d.creditsPerMonth}
          onValueChange={set("creditsPerMonth")}
        />
        <ChoiceField
          id="plan-yearly-grant"
          label={t`A yearly plan's credits`}
          value={d.yearlyGrant}
          options={[
            { value: "monthly", label: t`Each month` },
            { value: "upfront", label: t`The whole year's at once` },
          ]}
          onValueChange={(value) => set("yearlyGrant")(value === "upfront" ? "upfront" : "monthly")}
        />
      </div>
      <TextField
        id="plan-rollover"
        label={t`Rollover cap`}
        hint={t`How many unused plan credits carry into the next period, at most; 0: none. Rolled-over credits expire one period later.`}
        inputMode="numeric"
        value={d.rolloverCap}
        onValueChange={set("rolloverCap")}
      />
    </>
  );
}
