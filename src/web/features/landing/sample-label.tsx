import { FlaskConical } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { cn } from "@/lib/cn";

/** Marks one of the simulator's sample clips (decision 0081): not a real AI video. */
export function SampleLabel({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border border-amber-500/40 bg-black/70 px-2.5 py-0.5 text-xs font-medium text-amber-200",
        className,
      )}
    >
      <FlaskConical className="size-3.5" aria-hidden="true" />
      <Trans>Sample clip (simulator)</Trans>
    </span>
  );
}
