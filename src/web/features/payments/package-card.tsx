import { Link } from "wouter";
import { Check } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { VideosPerModel } from "@/features/pricing";
import { cn } from "@/lib/cn";
import { creditsLabel } from "./credit-words";
import { formatPricePerCredit, formatUsd, savingsPercent, totalCredits, type DisplayPackage } from "./packages";
import { BonusNote, PopularBadge, SavingBadge } from "./package-terms";

export interface PackageCardProps {
  pkg: DisplayPackage;
  all: readonly DisplayPackage[];
  onBuy: (pkg: DisplayPackage) => void;
  /** Signed out: the sign-up form's address, the card's button instead of Buy Now (decision 0167). */
  signUpHref?: string | null;
}

/**
 * A package on /pricing: price, credits, bonus, one headline of what it buys with the detail per
 * model folded beneath (decision 0167), and its button: Buy Now, or signed out, "Create a free account".
 */
export function PackageCard({ pkg, all, onBuy, signUpHref = null }: PackageCardProps) {
  const { t } = useLingui();
  const saving = savingsPercent(pkg, all);
  const titleId = `package-${pkg.id}-title`;
  const perCredit = formatPricePerCredit(pkg);
  const packageName = pkg.name;
  const features = [t`${perCredit} per credit`, t`For the web generator and the API`];
  const look = pkg.popular ? "default" : "secondary";

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

      <VideosPerModel credits={totalCredits(pkg)} className="mt-4" />

      <ul className="mt-5 grid flex-1 content-start gap-2.5 text-sm text-zinc-300">
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-emerald-300" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>

      {signUpHref !== null ? (
        <Button asChild className="mt-6 w-full" size="lg" variant={look}>
          <Link href={signUpHref} aria-label={t`Create a free account to buy ${packageName}`}>
            <Trans>Create a free account</Trans>
          </Link>
        </Button>
      ) : (
        <Button
          className="mt-6 w-full"
          size="lg"
          variant={look}
          onClick={() => onBuy(pkg)}
          aria-label={t`Buy Now: ${packageName}`}
        >
          <Trans>Buy Now</Trans>
        </Button>
      )}
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
