import { Trans, useLingui } from "@lingui/react/macro";
import { CircleCheck, CircleDot, Save, Undo2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

/** A settings section's save bar: at the section's end, and kept in view while there are unsaved changes. */
export function UnsavedChangesBar({
  dirty,
  saving,
  onDiscard,
}: {
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
}) {
  const { t } = useLingui();
  return (
    <div
      role="region"
      aria-label={t`Save this section`}
      className={cn(
        "flex flex-wrap items-center justify-between gap-3 rounded-xl border px-4 py-3",
        // Kept in view only while there is something to save; otherwise it waits at the section's end.
        dirty
          ? "sticky bottom-0 z-20 border-amber-400/50 bg-amber-950/80 backdrop-blur"
          : "border-border bg-zinc-950/85",
      )}
    >
      <p role="status" className="flex items-center gap-2 text-sm">
        {dirty ? (
          <>
            <CircleDot className="size-4 text-amber-300" aria-hidden="true" />
            <Trans>Unsaved changes</Trans>
          </>
        ) : (
          <>
            <CircleCheck className="size-4 text-emerald-400" aria-hidden="true" />
            <Trans>Everything here is saved</Trans>
          </>
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        {dirty && (
          <Button variant="outline" onClick={onDiscard} disabled={saving}>
            <Undo2 aria-hidden="true" />
            <Trans>Discard</Trans>
          </Button>
        )}
        <Button type="submit" disabled={!dirty || saving}>
          <Save aria-hidden="true" />
          {saving ? <Trans>Saving...</Trans> : <Trans>Save changes</Trans>}
        </Button>
      </div>
    </div>
  );
}
