import { useLingui } from "@lingui/react/macro";
import { CheckboxField, TextField } from "@/features/admin/admin-fields";
import type { CodeDraft } from "./code-draft";
import type { CodeSetter } from "./code-value-fields";

/** The limits of a code: total uses, once per person, first purchase only, the days it is valid. */
export function CodeLimitFields({ draft: d, set, batch }: { draft: CodeDraft; set: CodeSetter; batch?: boolean }) {
  const { t } = useLingui();
  return (
    <>
      {batch ? null : (
        <TextField
          id="code-max-uses"
          label={t`Total uses`}
          hint={t`Empty: no limit.`}
          inputMode="numeric"
          value={d.maxUses}
          onValueChange={set("maxUses")}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="code-valid-from"
          label={t`Valid from`}
          type="date"
          value={d.validFrom}
          onValueChange={set("validFrom")}
        />
        <TextField
          id="code-valid-until"
          label={t`Valid until`}
          type="date"
          value={d.validUntil}
          onValueChange={set("validUntil")}
        />
      </div>
      <div className="flex flex-wrap gap-5">
        {batch ? null : (
          <CheckboxField
            id="code-once-per-person"
            label={t`Once per person`}
            checked={d.oncePerPerson}
            onCheckedChange={set("oncePerPerson")}
          />
        )}
        <CheckboxField
          id="code-first-purchase"
          label={d.kind === "grant" ? t`Only for people who never bought` : t`First purchase only`}
          checked={d.firstPurchaseOnly}
          onCheckedChange={set("firstPurchaseOnly")}
        />
      </div>
    </>
  );
}
