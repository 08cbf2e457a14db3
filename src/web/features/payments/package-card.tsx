import { Check } from "lucide-react";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { usePricing, type ModelPricing } from "@/features/pricing";
import { cn } from "@/lib/cn";
import { formatCredits } from "@/lib/format";
import { i18n } from "@/lib/i18n";
import { creditsLabel } from "./credit-words";
import { formatPricePerCredit, formatUsd, savingsPercent, totalCredits, type DisplayPackage } from "./packages";
import { BonusNote, PopularBadge, SavingBadge } from "./package-terms";

/**
 * "About 150 videos with Veo3 (Quality), 750 with Veo3 Fast or 750 with Veo3 Lite" at today's web
 * prices, every model of the catalogue, in the active language (called while rendering).
 */
function videosEstimate(credits: number, models: readonly Pick<ModelPricing, "label" | "web">[]): string {
  const counts = models.map((m, i) => {
    const n = Math.floor(credits / m.web);
    const label = m.label;
    const count = formatCredits(n);
    // The first count names its unit ("150 videos with Veo3"), the others only their model.
    return i === 0
      ? i18n._(msg`${plural(n, { one: "# video", other: "# videos" })} with ${label}`)
      : i18n._(msg`${count} with ${label}`);
  });
  const first = counts.slice(0, -1).join(", ");
  const last = counts.at(-1) ?? "";
  const list = counts.length <= 1 ? last : i18n._(msg`${first} or ${last}`);
  return i18n._(msg`About ${list}`);
}

export interface PackageCardProps {
  pkg: DisplayPackage;
  all: readonly DisplayPackage[];
  onBuy: (pkg: DisplayPackage) => void;
}

/** A package on /pricing: price, credits, bonus and a buy button. */
export function PackageCard({ pkg, all, onBuy }: PackageCardProps) {
  const { t } = useLingui();
  const { models } = usePricing();
  const saving = savingsPercent(pkg, all);
  const titleId = `package-${pkg.id}-title`;
  const perCredit = formatPricePerCredit(pkg);
  const packageName = pkg.name;
  const features = [
    t`${perCredit} per credit`,
    videosEstimate(totalCredits(pkg), models),
    t`For the web generator and the API`,
  ];

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "relative flex flex-col rounded-2xl border bg-surface/80 p-6 shadow-xl shadow-black/30 backdrop-blur transition-colors",
        pkg.popular
          ? "border-violet-500/60 ring-1 ring-violet-500/40 shadow-violet-500/10"
          : "border-border hover:border-zinc-600",
      )}
    >
      {pkg.popular ? <PopularBadge className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap" /> : null}
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="text-lg font-semibold tracking-tight [overflow-wrap:anywhere]">
          {pkg.name}
        </h3>
        <SavingBadge saving={saving} />
      </div>
      {pkg.description ? <p className="mt-1 text-sm text-muted-foreground">{pkg.description}</p> : null}

      <p className="mt-5 flex items-baseline gap-1.5">
        <span className="text-4xl font-bold tracking-tight tabular-nums">{formatUsd(pkg.price)}</span>
        <span className="text-sm text-muted-foreground">
          <Trans>one-time</Trans>
        </span>
      </p>
      <p className="mt-2 text-lg font-semibold tabular-nums text-violet-200">{creditsLabel(pkg.credits)}</p>
      <BonusNote
        pkg={pkg}
        className="mt-2 inline-flex w-fit gap-1.5 rounded-full bg-emerald-500/10 px-2.5 py-1 ring-1 ring-emerald-500/25"
      />

      <ul className="mt-5 grid flex-1 content-start gap-2.5 text-sm text-zinc-300">
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-emerald-300" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>

      <Button
        className="mt-6 w-full"
        size="lg"
        variant={pkg.popular ? "default" : "secondary"}
        onClick={() => onBuy(pkg)}
        aria-label={t`Buy Now: ${packageName}`}
      >
        <Trans>Buy Now</Trans>
      </Button>
    </article>
  );
}

/** Placeholders while the packages load, the same size as the cards (no layout jump). */
export function PackageCardSkeletons({ count = 3 }: { count?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          className="h-[25rem] animate-pulse rounded-2xl border border-border bg-surface/60"
          aria-hidden="true"
        />
      ))}
    </>
  );
}
