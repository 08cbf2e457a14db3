import { Trans } from "@lingui/react/macro";
import { useCurrentUser } from "@/features/auth";
import { formatCredits } from "@/lib/format";
import { CreditsLine } from "./credits-line";
import { creditsText } from "./video-display";

/** What the extension costs (the server's quote: its model's video plus the extension surcharge), and the credits held. */
export function ExtendCost({ credits }: { credits: number }) {
  const { user } = useCurrentUser();
  return (
    <div className="grid gap-2 rounded-xl border border-violet-500/20 bg-gradient-to-br from-violet-500/10 via-fuchsia-500/5 to-transparent p-4 text-sm">
      <CreditsLine label={<Trans>Cost</Trans>} testId="extend-cost" className="justify-between gap-3">
        {creditsText(credits)}
      </CreditsLine>
      {user ? (
        <CreditsLine label={<Trans>Your credits</Trans>} className="justify-between gap-3">
          {formatCredits(user.credits)}
        </CreditsLine>
      ) : null}
    </div>
  );
}
