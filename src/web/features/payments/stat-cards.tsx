import { CalendarClock, Clapperboard, Coins, Flame, type LucideIcon } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import type { UserStats } from "../../../shared/schemas/account";
import { cn } from "@/lib/cn";
import { creditSplitText } from "@/lib/credit-split";
import { formatCredits } from "@/lib/format";

interface Stat {
  label: string;
  value: number | undefined;
  hint: string;
  icon: LucideIcon;
  toneClassName: string;
}

/**
 * The three figures (decision 0015): Credits Remaining, Videos Created, Credits Used; under them,
 * when some of the balance expires, which and when (decision 0151).
 */
export function StatCards({
  stats,
  loading,
  error,
}: {
  stats: UserStats | undefined;
  loading: boolean;
  error: boolean;
}) {
  const { t } = useLingui();
  const items: Stat[] = [
    {
      label: t`Credits Remaining`,
      value: stats?.credits,
      hint: t`Available for new videos`,
      icon: Coins,
      toneClassName: "text-violet-300 bg-violet-500/10 ring-violet-500/25",
    },
    {
      label: t`Videos Created`,
      value: stats?.videosCreated,
      hint: t`On the web and through the API`,
      icon: Clapperboard,
      toneClassName: "text-fuchsia-300 bg-fuchsia-500/10 ring-fuchsia-500/25",
    },
    {
      label: t`Credits Used`,
      value: stats?.totalSpent,
      hint: t`Net of refunds`,
      icon: Flame,
      toneClassName: "text-amber-300 bg-amber-500/10 ring-amber-500/25",
    },
  ];
  const split = stats ? creditSplitText(stats.credits, stats.expiring) : null;
  return (
    <section aria-label={t`Your credits`} className="grid grid-cols-3 gap-2.5 sm:gap-4">
      {items.map(({ label, value, hint, icon: Icon, toneClassName }) => (
        <div
          key={label}
          className="flex items-center gap-4 rounded-2xl border border-border bg-surface/80 p-3 shadow-xl shadow-black/30 backdrop-blur sm:p-5"
        >
          <span
            className={cn(
              "hidden size-11 shrink-0 items-center justify-center rounded-xl ring-1 sm:flex",
              toneClassName,
            )}
          >
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <dl className="min-w-0">
            <dt className="text-xs leading-tight text-muted-foreground sm:text-sm">{label}</dt>
            <dd className="mt-1 text-xl font-bold tabular-nums tracking-tight sm:mt-0 sm:text-2xl" aria-busy={loading}>
              {value !== undefined ? (
                formatCredits(value)
              ) : loading ? (
                <span className="inline-block h-7 w-14 animate-pulse rounded bg-zinc-800 align-middle" />
              ) : (
                "—"
              )}
            </dd>
            <dd className="hidden truncate text-xs text-muted-foreground sm:block">
              {error && value === undefined ? t`Could not be loaded` : hint}
            </dd>
          </dl>
        </div>
      ))}
      {split ? (
        <p className="col-span-3 flex items-start gap-2 text-sm text-amber-200/90">
          <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {split}
        </p>
      ) : null}
    </section>
  );
}
