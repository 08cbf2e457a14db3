import { useLingui } from "@lingui/react/macro";
import { ChoiceField, TextField } from "@/features/admin/admin-fields";
import type { CodeDraft, CodeKind, DiscountType } from "./code-draft";

export type CodeSetter = <K extends keyof CodeDraft>(key: K) => (value: CodeDraft[K]) => void;

/** A grant's credits and how long they last. */
function GrantFields({ draft: d, set }: { draft: CodeDraft; set: CodeSetter }) {
  const { t } = useLingui();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id="code-credits"
        label={t`Credits`}
        inputMode="numeric"
        value={d.credits}
        onValueChange={set("credits")}
      />
      <TextField
        id="code-credit-days"
        label={t`Days the credits last`}
        hint={t`Empty: they never expire.`}
        inputMode="numeric"
        value={d.creditDays}
        onValueChange={set("creditDays")}
      />
    </div>
  );
}

/** A discount: a percent or a fixed amount off. */
function DiscountFields({ draft: d, set }: { draft: CodeDraft; set: CodeSetter }) {
  const { t } = useLingui();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ChoiceField
        id="code-discount-type"
        label={t`Discount`}
        value={d.discountType}
        options={[
          { value: "percent", label: t`Percent off` },
          { value: "amount", label: t`Amount off (USD)` },
        ]}
        onValueChange={(value) => set("discountType")(value as DiscountType)}
      />
      {d.discountType === "percent" ? (
        <TextField
          id="code-percent-off"
          label={t`Percent off`}
          inputMode="numeric"
          placeholder="20"
          value={d.percentOff}
          onValueChange={set("percentOff")}
        />
      ) : (
        <TextField
          id="code-amount-off"
          label={t`Amount off (USD)`}
          inputMode="decimal"
          placeholder="5.00"
          value={d.amountOff}
          onValueChange={set("amountOff")}
        />
      )}
    </div>
  );
}

/** What a code gives: its kind, then a grant's credits or a discount's amount. `kindFixed`: an existing code's kind stays. */
export function CodeValueFields({ draft, set, kindFixed }: { draft: CodeDraft; set: CodeSetter; kindFixed?: boolean }) {
  const { t } = useLingui();
  return (
    <>
      {kindFixed ? null : (
        <ChoiceField
          id="code-kind"
          label={t`Kind`}
          value={draft.kind}
          options={[
            { value: "grant", label: t`Credits (a grant)` },
            { value: "discount", label: t`A discount on a package or plan` },
          ]}
          onValueChange={(value) => set("kind")(value as CodeKind)}
        />
      )}
      {draft.kind === "grant" ? <GrantFields draft={draft} set={set} /> : <DiscountFields draft={draft} set={set} />}
    </>
  );
}
