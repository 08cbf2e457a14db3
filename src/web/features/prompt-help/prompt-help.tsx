/**
 * The generator's creative help beside the prompt (decision 0160): Improve prompt, and the preset
 * chips behind one "Presets" toggle, so the form's first screen stays as short as it was.
 */
import { useState } from "react";
import { ChevronDown, SlidersHorizontal } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { ImprovePromptButton, type PromptContext } from "./improve-prompt-button";
import { PresetChips } from "./preset-chips";
import { appliedCount, makesSound } from "./presets";

export function PromptHelp(props: PromptContext) {
  const [open, setOpen] = useState(false);
  const applied = appliedCount(props.prompt, props.model, makesSound(props.model, props.audio));
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-start gap-2">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls="prompt-presets"
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontal className="size-4" aria-hidden />
          {applied > 0 ? <Trans>Presets ({applied})</Trans> : <Trans>Presets</Trans>}
          <ChevronDown className={cn("size-4 transition", open && "rotate-180")} aria-hidden />
        </Button>
        <ImprovePromptButton {...props} />
      </div>
      {open ? (
        <div id="prompt-presets">
          <PresetChips prompt={props.prompt} model={props.model} audio={props.audio} onChange={props.onChange} />
        </div>
      ) : null}
    </div>
  );
}
