import { Trans } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { webCost } from "../../../shared/prices";
import { useCurrentUser } from "@/features/auth";
import { formatCredits } from "@/lib/format";
import { CreditsLine } from "./credits-line";
import { useWebPriceTable } from "./use-web-prices";
import { creditsText } from "./video-display";

/** What extending `task` costs on the website (its model's price plus the extension surcharge), and the credits held. */
export function ExtendCost({ task }: { task: VideoTaskView }) {
  const { user } = useCurrentUser();
  const cost = webCost(useWebPriceTable(), task.model, ["extend"]);
  return (
    <div className="grid gap-2 rounded-xl border border-violet-500/20 bg-gradient-to-br from-violet-500/10 via-fuchsia-500/5 to-transparent p-4 text-sm">
      <CreditsLine label={<Trans>Cost</Trans>} testId="extend-cost" className="justify-between gap-3">
        {creditsText(cost)}
      </CreditsLine>
      {user ? (
        <CreditsLine label={<Trans>Your credits</Trans>} className="justify-between gap-3">
          {formatCredits(user.credits)}
        </CreditsLine>
      ) : null}
    </div>
  );
}
