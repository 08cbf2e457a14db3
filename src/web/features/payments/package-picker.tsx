import { RadioGroup } from "radix-ui";
import { useLingui } from "@lingui/react/macro";
import { cn } from "@/lib/cn";
import { formatUsd, savingsPercent, type DisplayPackage } from "./packages";
import { BonusNote, CreditsAndRate, PopularBadge, SavingBadge } from "./package-terms";

export interface PackagePickerProps {
  packages: readonly DisplayPackage[];
  selectedId: string | null;
  onSelect: (pkg: DisplayPackage) => void;
}

/** Package selection on /purchase-credits: one radio card per package (arrow keys move). */
export function PackagePicker({ packages, selectedId, onSelect }: PackagePickerProps) {
  const { t } = useLingui();
  return (
    <RadioGroup.Root
      aria-label={t`Credit package`}
      value={selectedId ?? ""}
      onValueChange={(id) => {
        const pkg = packages.find((p) => p.id === id);
        if (pkg) onSelect(pkg);
      }}
      className="grid gap-3"
    >
      {packages.map((pkg) => {
        const saving = savingsPercent(pkg, packages);
        const nameId = `pick-${pkg.id}-name`;
        return (
          <RadioGroup.Item
            key={pkg.id}
            value={pkg.id}
            aria-labelledby={nameId}
            className={cn(
              "group relative flex w-full items-center gap-4 rounded-2xl border bg-surface/80 p-4 text-left shadow-lg shadow-black/20 transition-colors sm:p-5",
              "hover:border-zinc-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
              "border-border data-[state=checked]:border-violet-500/70 data-[state=checked]:bg-violet-500/[0.07] data-[state=checked]:ring-1 data-[state=checked]:ring-violet-500/40",
            )}
          >
            <span
              className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-zinc-600 transition-colors group-data-[state=checked]:border-violet-400"
              aria-hidden="true"
            >
              <RadioGroup.Indicator className="size-2.5 rounded-full bg-violet-400" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-2">
                <span id={nameId} className="min-w-0 font-semibold text-foreground [overflow-wrap:anywhere]">
                  {pkg.name}
                </span>
                {pkg.popular ? <PopularBadge /> : null}
                <SavingBadge saving={saving} />
              </span>
              <span className="mt-1 block text-sm text-muted-foreground">
                <CreditsAndRate pkg={pkg} />
              </span>
              <BonusNote pkg={pkg} className="mt-1 flex gap-1" />
            </span>
            <span className="shrink-0 text-xl font-bold tabular-nums">{formatUsd(pkg.price)}</span>
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}
