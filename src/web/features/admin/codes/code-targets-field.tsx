import { Trans, useLingui } from "@lingui/react/macro";
import { CheckboxField } from "@/features/admin/admin-fields";
import { useAdminPackages } from "@/features/admin/packages/packages-api";
import { useAdminPlans } from "@/features/admin/plans/plans-api";

interface Choice {
  id: string;
  name: string;
}

/** "Every package" or some of them: null stands for every one, a list for those ticked. */
function TargetGroup({
  id,
  legend,
  every,
  choices,
  value,
  onChange,
}: {
  id: string;
  legend: string;
  every: string;
  choices: Choice[];
  value: string[] | null;
  onChange: (next: string[] | null) => void;
}) {
  const toggle = (choice: string, on: boolean) => {
    const now = value ?? [];
    onChange(on ? [...now, choice] : now.filter((x) => x !== choice));
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <CheckboxField
        id={`${id}-every`}
        label={every}
        checked={value === null}
        onCheckedChange={(on) => onChange(on ? null : [])}
      />
      {value === null ? null : (
        <div className="flex flex-wrap gap-x-5 gap-y-2 pl-6">
          {choices.map((c) => (
            <CheckboxField
              key={c.id}
              id={`${id}-${c.id}`}
              label={c.name}
              checked={value.includes(c.id)}
              onCheckedChange={(on) => toggle(c.id, on)}
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}

/** Which packages and plans a discount applies to, from the admin's own lists. */
export function CodeTargetsField({
  packageIds,
  planIds,
  onPackagesChange,
  onPlansChange,
}: {
  packageIds: string[] | null;
  planIds: string[] | null;
  onPackagesChange: (next: string[] | null) => void;
  onPlansChange: (next: string[] | null) => void;
}) {
  const { t } = useLingui();
  const packages = useAdminPackages();
  const plans = useAdminPlans();
  return (
    <div className="grid gap-4 rounded-lg border border-border p-3">
      <p className="text-xs text-muted-foreground">
        <Trans>Untick “every” to choose; choose none of a kind to leave it out.</Trans>
      </p>
      <TargetGroup
        id="code-packages"
        legend={t`Packages`}
        every={t`Every package`}
        choices={packages.data ?? []}
        value={packageIds}
        onChange={onPackagesChange}
      />
      <TargetGroup
        id="code-plans"
        legend={t`Plans`}
        every={t`Every plan`}
        choices={plans.data ?? []}
        value={planIds}
        onChange={onPlansChange}
      />
    </div>
  );
}
