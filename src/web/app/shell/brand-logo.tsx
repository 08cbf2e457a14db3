import { Link } from "wouter";
import { Play } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import { cn } from "@/lib/cn";

/** The product's name (a name: the same in every language), its second word in the gradient. */
const BRAND_FIRST = "Veo";
const BRAND_SECOND = "Studio";

export function BrandLogo({ className, onClick }: { className?: string; onClick?: () => void }) {
  const { t } = useLingui();
  return (
    <Link
      href="/"
      onClick={onClick}
      aria-label={t`Veo Studio home`}
      className={cn(
        "group flex items-center gap-2.5 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-violet-500 to-fuchsia-500 shadow-lg shadow-fuchsia-500/20 transition-transform group-hover:scale-105">
        <Play className="size-4 translate-x-px fill-white text-white" aria-hidden="true" />
      </span>
      <span className="whitespace-nowrap text-base font-semibold tracking-tight text-foreground">
        {BRAND_FIRST} <span className="text-gradient">{BRAND_SECOND}</span>
      </span>
    </Link>
  );
}
