/**
 * The generator's creative help in the prompt's label row (decision 0160): the Presets toggle and
 * Improve prompt beside the count of characters, so the form's first screen is no taller than it
 * was; the chips (PresetChips) open under the prompt.
 */
import { ChevronDown, SlidersHorizontal } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { ImprovePromptButton, type PromptContext } from "./improve-prompt-button";
import { appliedCount, makesSound, PRESETS_ID } from "./presets";

export function PromptHelpBar({
  presetsOpen,
  onTogglePresets,
  ...context
}: PromptContext & { presetsOpen: boolean; onTogglePresets: () => void }) {
  const applied = appliedCount(context.prompt, context.model, makesSound(context.model, context.audio));
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-1">
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="h-6 px-2"
        aria-expanded={presetsOpen}
        aria-controls={PRESETS_ID}
        onClick={onTogglePresets}
      >
        <SlidersHorizontal className="size-4" aria-hidden />
        {applied > 0 ? <Trans>Presets ({applied})</Trans> : <Trans>Presets</Trans>}
        <ChevronDown className={cn("size-3.5 transition", presetsOpen && "rotate-180")} aria-hidden />
      </Button>
      <ImprovePromptButton {...context} />
    </span>
  );
}
