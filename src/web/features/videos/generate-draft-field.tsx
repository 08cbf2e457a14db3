import { Trans } from "@lingui/react/macro";
import type { DraftPlan } from "../../../shared/drafts";
import { creditsText } from "./video-display";

/**
 * "Draft" (issue 74 §3, decision 0178): make a cheap, fast version of the video to try the prompt,
 * then "Make it final" from its details. Shown only where the model has a draft that costs less
 * than the video now (shared/drafts.ts usableDraft, at the admin's prices), with both prices.
 */
export function DraftField({
  draft,
  checked,
  onChange,
}: {
  draft: (DraftPlan & { cost: number; finalCost: number }) | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  if (!draft) return null;
  const draftText = creditsText(draft.cost);
  const finalText = creditsText(draft.finalCost);
  return (
    <div className="grid gap-1">
      <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-violet-500"
          aria-describedby="draft-hint"
          data-testid="draft-choice"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        <Trans>
          Draft · {draftText} (final {finalText})
        </Trans>
      </label>
      <p id="draft-hint" className="pl-6.5 text-xs text-muted-foreground">
        <Trans>
          A cheaper, faster version to try your prompt. Make it final later at full quality, with the same seed.
        </Trans>
      </p>
    </div>
  );
}
