/**
 * Who makes each model and when a model rests (issue 42, decisions 0098, 0100): the order of the
 * vendors of each model made by more than one (Veo: KIE, Google's Gemini API and Vertex AI), the pause of a
 * model while it fails often, and what a KIE credit costs for the overview's margins.
 */
import { useLingui } from "@lingui/react/macro";
import { MODEL_CATALOGUE, MODELS, type ModelId, type Vendor } from "../../../../shared/catalogue";
import { CheckboxField, ChoiceField, TextField } from "@/features/admin/admin-fields";
import { vendorLabel } from "@/features/admin/vendors/account-vendors";

/** The admin's order of a model's vendors, or the catalogue's when the admin has set none. */
const orderOf = (model: ModelId, order: Record<string, Vendor[]>): Vendor[] =>
  order[model]?.length ? order[model] : [...MODEL_CATALOGUE[model].vendors];

/** Every order of a model's vendors worth offering: each first with the others after, and each alone. */
function choicesOf(model: ModelId): Vendor[][] {
  const vendors = MODEL_CATALOGUE[model].vendors;
  return [...vendors.map((first) => [first, ...vendors.filter((v) => v !== first)]), ...vendors.map((v) => [v])];
}

export function ModelVendorFields({
  vendorOrder,
  pauseDegradedModels,
  kieCreditUsd,
  kieCreditProblem,
  onVendorOrder,
  onPause,
  onKieCredit,
}: {
  vendorOrder: Record<string, Vendor[]>;
  pauseDegradedModels: boolean;
  kieCreditUsd: string;
  /** What is wrong with the KIE credit's cost as typed, in the owner's words. */
  kieCreditProblem?: string | undefined;
  onVendorOrder: (order: Record<string, Vendor[]>) => void;
  onPause: (pause: boolean) => void;
  onKieCredit: (value: string) => void;
}) {
  const { t } = useLingui();
  const shared = MODELS.filter((m) => MODEL_CATALOGUE[m].vendors.length > 1);
  const words = (vendors: Vendor[]) => {
    const [first, ...rest] = vendors.map(vendorLabel);
    const then = rest.join(", ");
    return rest.length === 0 ? t`${first} only` : t`${first}, then ${then}`;
  };
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {shared.map((model) => {
          const label = MODEL_CATALOGUE[model].label;
          return (
            <ChoiceField
              key={model}
              id={`vendors-${model}`}
              label={t`Who makes ${label}`}
              value={orderOf(model, vendorOrder).join(",")}
              options={choicesOf(model).map((vendors) => ({ value: vendors.join(","), label: words(vendors) }))}
              onValueChange={(v) => onVendorOrder({ ...vendorOrder, [model]: v.split(",") as Vendor[] })}
            />
          );
        })}
      </div>
      <CheckboxField
        id="pauseDegradedModels"
        label={t`Pause a model while it fails often (more than half of at least 5 videos in the last hour); it comes back when it recovers`}
        checked={pauseDegradedModels}
        onCheckedChange={onPause}
      />
      <TextField
        id="kieCreditUsd"
        label={t`What one KIE credit costs you, in US dollars`}
        hint={t`For the overview's cost and margin per model. KIE's price list: about 0.005.`}
        inputMode="decimal"
        value={kieCreditUsd}
        error={kieCreditProblem}
        onValueChange={onKieCredit}
      />
    </div>
  );
}
