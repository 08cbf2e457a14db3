import { Link } from "wouter";
import { Coins } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ExpiringCredits } from "../../../shared/schemas/credit-split";
import { creditSplitText } from "@/lib/credit-split";
import { formatCredits } from "@/lib/format";

/**
 * The signed-in user's balance; links to /pricing to buy more. When some of it expires, its
 * tooltip and accessible name say which and when (decision 0151).
 */
export function CreditsBadge({ credits, expiring }: { credits: number; expiring?: ExpiringCredits }) {
  const { t } = useLingui();
  const text = formatCredits(credits);
  const split = creditSplitText(credits, expiring);
  const buy = t`Buy credits`;
  return (
    <Link
      href="/pricing"
      aria-label={split ?? t`${plural(credits, { one: "# credit", other: "# credits" })}`}
      title={split ? `${split}\n${buy}` : buy}
      className="inline-flex h-9 items-center gap-1.5 rounded-full border border-violet-500/30 bg-violet-500/10 px-3 text-sm font-semibold text-violet-100 transition-colors hover:border-violet-400/50 hover:bg-violet-500/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Coins className="size-4 text-fuchsia-300" aria-hidden="true" />
      <span>{text}</span>
    </Link>
  );
}
