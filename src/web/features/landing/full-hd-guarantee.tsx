import { BadgeCheck } from "lucide-react";
import { Trans } from "@lingui/react/macro";

/** Below the price table: what resolution a video is delivered in. */
export function FullHdGuarantee() {
  return (
    <div className="mt-6 flex items-start gap-4 rounded-2xl border border-emerald-500/25 bg-gradient-to-br from-emerald-500/10 via-emerald-500/5 to-transparent p-5 sm:p-6">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-emerald-500/15 ring-1 ring-emerald-400/30">
        <BadgeCheck className="size-5 text-emerald-300" aria-hidden="true" />
      </span>
      <div>
        <h3 className="font-semibold text-emerald-100">
          <Trans>Full HD 1080p guarantee with Veo3</Trans>
        </h3>
        <p className="mt-1 text-sm text-emerald-100/75">
          <Trans>
            Veo3 videos are delivered in Full HD 1080p, in 16:9 and 9:16, via the web or the API. With the other models
            you choose the resolution in the generator.
          </Trans>
        </p>
      </div>
    </div>
  );
}
