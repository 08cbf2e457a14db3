import { Info } from "lucide-react";

/** Above the fallback packages: why they cannot be bought right now (decision 0016). */
export function FallbackNotice() {
  return (
    <div className="mb-6 flex items-start gap-3 rounded-xl border border-amber-500/30 bg-amber-500/10 p-4 text-sm text-amber-50" role="note">
      <Info className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
      <p>
        <span className="font-semibold">Showing our standard packages.</span>{" "}
        <span className="text-amber-100/80">
          The current packages could not be loaded, so purchases are unavailable right now. Please try again in a few minutes.
        </span>
      </p>
    </div>
  );
}
