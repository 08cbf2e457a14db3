/**
 * Camera, style and sound presets as chips under the prompt (decision 0160): a chip adds its words
 * to the prompt; a chip whose words are in the prompt shows as applied (pressed, with a tick) and
 * takes them off again. The chips follow the model and whether the video has sound (presets.ts).
 */
import { Check } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import type { ModelId } from "../../../shared/catalogue";
import { cn } from "@/lib/cn";
import { applyPreset, isApplied, makesSound, presetGroupsFor, PRESETS_ID, removePreset } from "./presets";

export function PresetChips({
  prompt,
  model,
  audio,
  onChange,
}: {
  prompt: string;
  model: ModelId;
  audio: boolean;
  onChange: (prompt: string) => void;
}) {
  const { t } = useLingui();
  return (
    <div id={PRESETS_ID} className="-mt-2 grid gap-1.5">
      {presetGroupsFor(model, makesSound(model, audio)).map((group) => (
        <div
          key={group.id}
          role="group"
          aria-labelledby={`preset-${group.id}-label`}
          className="flex flex-wrap items-center gap-1.5"
        >
          <span id={`preset-${group.id}-label`} className="w-14 text-xs text-muted-foreground">
            {t(group.label)}
          </span>
          {group.presets.map((preset) => {
            const applied = isApplied(prompt, preset.words);
            return (
              <button
                key={preset.id}
                type="button"
                aria-pressed={applied}
                title={preset.words}
                onClick={() =>
                  onChange(applied ? removePreset(prompt, preset.words) : applyPreset(prompt, preset.words))
                }
                className={cn(
                  "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  applied
                    ? "border-violet-400/70 bg-violet-500/20 text-white"
                    : "border-border bg-surface-raised text-zinc-200 hover:border-violet-400/60 hover:text-white",
                )}
              >
                {applied ? <Check className="size-3" aria-hidden /> : null}
                {t(preset.label)}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
