import { useLingui } from "@lingui/react/macro";
import { CheckboxField, TextField } from "@/features/admin/admin-fields";
import { ModelChoiceField } from "./model-choice-field";
import type { PlanDraft } from "./plan-draft";

type Setter = <K extends keyof PlanDraft>(key: K) => (value: PlanDraft[K]) => void;

/** The perks the plan's card lists: commercial use, the API at the same price, videos at once, models. */
export function PlanPerkFields({ draft: d, set }: { draft: PlanDraft; set: Setter }) {
  const { t } = useLingui();
  return (
    <>
      <div className="flex flex-wrap gap-5">
        <CheckboxField
          id="plan-commercial-use"
          label={t`Commercial use`}
          checked={d.commercialUse}
          onCheckedChange={set("commercialUse")}
        />
        <CheckboxField
          id="plan-api-access"
          label={t`API access at the same price`}
          checked={d.apiAccess}
          onCheckedChange={set("apiAccess")}
        />
      </div>
      <TextField
        id="plan-videos-at-once"
        label={t`Videos at once`}
        hint={t`Empty: the site's fair-use limit.`}
        inputMode="numeric"
        value={d.videosAtOnce}
        onValueChange={set("videosAtOnce")}
      />
      <ModelChoiceField value={d.models} onChange={set("models")} />
    </>
  );
}
