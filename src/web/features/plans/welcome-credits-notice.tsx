/**
 * What a new person has to try the product with (issue 70): "You have 8 free credits until
 * 12/13/2026: enough for a Veo3 Fast video.", near the generator's button and at the top of
 * /pricing. Said while some of the balance expires (welcome credits, a grant that expires) and
 * none of it is a plan's: plan credits expire too, but they are paid for. While the admin marks
 * videos paid with welcome credits and some of them are, it adds that such videos are 720p with a
 * watermark (decision 0155). Reads what the pages already read: the current user's split (decision
 * 0151), the prices and the plan query.
 */
import { Gift } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useCurrentUser } from "@/features/auth";
import { usePricing } from "@/features/pricing";
import { modelLabel } from "@/lib/catalogue-text";
import { cn } from "@/lib/cn";
import { currentSplit } from "@/lib/credit-split";
import { formatDate } from "@/lib/format";
import { useMySubscription } from "./plans-api";

export function WelcomeCreditsNotice({ className }: { className?: string }) {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const { byModel, offered, welcomeVideosMarked } = usePricing();
  const mine = useMySubscription(user !== null);
  const split = user ? currentSplit(user.credits, user.expiring) : [];
  const [soonest] = split;
  // Said only once the plan is known to hold none of the balance.
  if (!soonest || !mine.data || (mine.data.subscription?.planCredits.remaining ?? 0) > 0) return null;

  const credits = soonest.credits;
  const date = formatDate(soonest.expiresAt);
  const model = modelLabel("veo3_fast");
  const price = byModel.veo3_fast.web;
  // How many Fast videos they make, while the admin offers the model.
  const videos = offered.includes("veo3_fast") && price > 0 ? Math.floor(credits / price) : 0;
  const text =
    videos > 0
      ? t`You have ${plural(credits, { one: "# free credit", other: "# free credits" })} until ${date}: ${plural(
          videos,
          { one: `enough for a ${model} video`, other: `enough for # ${model} videos` },
        )}.`
      : t`You have ${plural(credits, { one: "# free credit", other: "# free credits" })} until ${date}.`;
  const marked = welcomeVideosMarked && split.some((day) => (day.welcome ?? 0) > 0);
  return (
    <p
      role="note"
      className={cn(
        "flex items-start gap-2 rounded-lg border border-emerald-500/30 bg-emerald-500/10 px-3 py-2 text-sm text-emerald-100",
        className,
      )}
    >
      <Gift className="mt-0.5 size-4 shrink-0 text-emerald-300" aria-hidden="true" />
      <span>
        {text}
        {marked && (
          <> {t`Videos paid with welcome credits are 720p with a watermark; bought credits make them without one.`}</>
        )}
      </span>
    </p>
  );
}
