import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";

/** Example scenes, written for each language (decision 0077): a short name and the whole prompt. */
const EXAMPLES: { label: MessageDescriptor; prompt: MessageDescriptor }[] = [
  {
    label: msg`Surfing dog`,
    prompt: msg`A golden retriever surfing a wave at sunset, slow motion, ocean sounds and a cheering crowd on the beach.`,
  },
  {
    label: msg`Night market`,
    prompt: msg`A street food vendor flips a sizzling pancake on a busy night market, neon signs, steam rising, crowd chatter and sizzling sounds.`,
  },
  {
    label: msg`Paper boat`,
    prompt: msg`Macro shot of a paper boat drifting down a rainy street, raindrops splashing around it, soft piano music and distant thunder.`,
  },
  {
    label: msg`Perfume ad`,
    prompt: msg`A glass perfume bottle slowly turning on a marble table, golden light sweeping across it, a calm voice says: "Made to be remembered."`,
  },
];

/** Clickable example prompts under the prompt: one fills the prompt with its whole text. */
export function ExamplePrompts({ onPick }: { onPick: (prompt: string) => void }) {
  const { t } = useLingui();
  return (
    <div className="-mt-2 flex flex-wrap items-center gap-1.5" role="group" aria-labelledby="example-prompts-label">
      <span id="example-prompts-label" className="text-xs text-muted-foreground">
        <Trans>Examples:</Trans>
      </span>
      {EXAMPLES.map(({ label, prompt }) => (
        <button
          key={label.id}
          type="button"
          title={t(prompt)}
          onClick={() => onPick(t(prompt))}
          className="rounded-full border border-border bg-surface-raised px-2.5 py-0.5 text-xs text-zinc-200 transition hover:border-violet-400/60 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t(label)}
        </button>
      ))}
    </div>
  );
}
