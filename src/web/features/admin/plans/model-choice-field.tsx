import { useLingui } from "@lingui/react/macro";
import { MODELS } from "../../../../shared/catalogue";
import { CheckboxField } from "@/features/admin/admin-fields";
import { modelLabel } from "@/lib/catalogue-text";

/** The catalogue's models as checkboxes: the ones a plan's card names; none chosen means every model. */
export function ModelChoiceField({ value, onChange }: { value: string[]; onChange: (models: string[]) => void }) {
  const { t } = useLingui();
  const toggle = (model: string, on: boolean) =>
    onChange(on ? MODELS.filter((m) => m === model || value.includes(m)) : value.filter((m) => m !== model));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{t`Models on the card`}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {MODELS.map((model) => (
          <CheckboxField
            key={model}
            id={`plan-model-${model}`}
            label={modelLabel(model)}
            checked={value.includes(model)}
            onCheckedChange={(on) => toggle(model, on)}
          />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">{t`None chosen: the card says every model.`}</p>
    </fieldset>
  );
}
