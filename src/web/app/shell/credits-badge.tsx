import { Link } from "wouter";
import { Coins } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { formatCredits } from "@/lib/format";

/** The signed-in user's balance; links to /pricing to buy more. */
export function CreditsBadge({ credits }: { credits: number }) {
  const { t } = useLingui();
  const text = formatCredits(credits);
  return (
    <Link
      href="/pricing"
      aria-label={t`${plural(credits, { one: "# credit", other: "# credits" })}`}
      title={t`Buy credits`}
      className="inline-flex h-9 items-center gap-1.5 rounded-full border border-violet-500/30 bg-violet-500/10 px-3 text-sm font-semibold text-violet-100 transition-colors hover:border-violet-400/50 hover:bg-violet-500/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Coins className="size-4 text-fuchsia-300" aria-hidden="true" />
      <span>{text}</span>
    </Link>
  );
}
