import { useState, type FormEvent } from "react";
import { BellRing, Loader2 } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { LOW_CREDITS_MAX, lowCreditsThresholdSchema } from "../../../shared/schemas/webhooks";
import { Button } from "@/components/ui/button";
import { fieldErrorId, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useSetLowCreditsThreshold } from "./use-webhooks";
import { WebhookSideCard } from "./webhook-side-card";

/** The credits.low threshold: the balance below which the event fires; empty turns it off. */
export function LowCreditsCard({ threshold }: { threshold: number | null }) {
  // Re-mounted (key) when the saved value changes, so the field starts from it.
  return <LowCreditsForm key={String(threshold)} threshold={threshold} />;
}

function LowCreditsForm({ threshold }: { threshold: number | null }) {
  const { t } = useLingui();
  const [value, setValue] = useState(threshold === null ? "" : String(threshold));
  const [error, setError] = useState<string>();
  const save = useSetLowCreditsThreshold();

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = value.trim();
    const parsed = lowCreditsThresholdSchema.safeParse({ threshold: text === "" ? null : Number(text) });
    if (!parsed.success) {
      // The shared schema's messages are the server's English: the same said in the active language.
      const code = parsed.error.issues[0]?.code;
      setError(
        code === "too_small"
          ? t`The threshold must be at least 1 credit`
          : code === "too_big"
            ? plural(LOW_CREDITS_MAX, {
                one: "The threshold must be at most # credit",
                other: "The threshold must be at most # credits",
              })
            : t`The threshold must be a whole number of credits`,
      );
      return;
    }
    setError(undefined);
    save.mutate(parsed.data.threshold);
  }

  return (
    <WebhookSideCard
      id="low-credits-title"
      title={
        <>
          <BellRing className="size-4 text-violet-300" aria-hidden="true" />
          <Trans>Low balance alert</Trans>
        </>
      }
      description={
        <Trans>
          When your balance falls below this number of credits, a credits.low event goes to the endpoints that receive
          it. Leave it empty to turn the alert off.
        </Trans>
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <div className="w-48">
          <FormField id="low-credits-threshold" label={t`Alert below (credits)`} error={error}>
            <Input
              id="low-credits-threshold"
              type="number"
              inputMode="numeric"
              min={1}
              max={LOW_CREDITS_MAX}
              step={1}
              placeholder={t`Off`}
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? fieldErrorId("low-credits-threshold") : undefined}
              onChange={(e) => setValue(e.target.value)}
            />
          </FormField>
        </div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          <Trans>Save alert</Trans>
        </Button>
      </form>
    </WebhookSideCard>
  );
}
