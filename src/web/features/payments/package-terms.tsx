import { Gift, Sparkles } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { creditsLabel } from "./credit-words";
import { bonusText, formatPricePerCredit, type DisplayPackage } from "./packages";

/** "150 credits · $0.17 per credit": the line under a package's name in the picker and the payment dialog. */
export function CreditsAndRate({ pkg }: { pkg: DisplayPackage }) {
  const credits = creditsLabel(pkg.credits);
  const perCredit = formatPricePerCredit(pkg);
  return (
    <Trans>
      {credits} · {perCredit} per credit
    </Trans>
  );
}

/** "Save 20%" beside a package that is cheaper per credit than the smallest one. */
export function SavingBadge({ saving }: { saving: number | null }) {
  if (!saving) return null;
  return (
    <Badge variant="success">
      <Trans>Save {saving}%</Trans>
    </Badge>
  );
}

/** The package the admin marked as the one most people buy. */
export function PopularBadge({ className }: { className?: string }) {
  return (
    <Badge
      className={cn(
        "border-fuchsia-400/40 bg-gradient-to-r from-violet-500 to-fuchsia-500 text-white shadow-lg shadow-violet-500/30",
        className,
      )}
    >
      <Sparkles aria-hidden="true" />
      <Trans>Most Popular</Trans>
    </Badge>
  );
}

/** The package's bonus credits with a gift icon, or nothing; `className` sets its look (a pill on the card). */
export function BonusNote({ pkg, className }: { pkg: DisplayPackage; className: string }) {
  const bonus = bonusText(pkg);
  if (!bonus) return null;
  return (
    <span className={cn("items-center text-xs font-medium text-emerald-300", className)}>
      <Gift className="size-3.5" aria-hidden="true" />
      {bonus}
    </span>
  );
}
