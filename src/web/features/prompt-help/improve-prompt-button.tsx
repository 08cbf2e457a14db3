/**
 * "Improve prompt" beside the generator's prompt (decision 0160): sends the idea with the chosen
 * model and options, replaces the prompt with the answer, says so, and offers Undo back to the
 * person's own words. Hidden while the owner has prompt help off; its price shown when not free.
 */
import { useState } from "react";
import { LoaderCircle, Undo2, WandSparkles } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MODEL_CATALOGUE, type AspectRatio, type GenerationMode, type ModelId } from "../../../shared/catalogue";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { withBalance } from "@/lib/credit-split";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { useImprovePrompt, usePromptHelpOffer } from "./prompt-help-api";
import "./prompt-help-reason-texts";

export interface PromptContext {
  prompt: string;
  model: ModelId;
  mode: GenerationMode;
  audio: boolean;
  aspectRatio: AspectRatio;
  /** Puts a new text in the prompt box. */
  onChange: (prompt: string) => void;
}

/** The person's own words before the first improvement, and what the last one gave. */
interface Improved {
  own: string;
  improved: string;
}

export function ImprovePromptButton({ prompt, model, mode, audio, aspectRatio, onChange }: PromptContext) {
  const { t } = useLingui();
  const offer = usePromptHelpOffer();
  const improve = useImprovePrompt();
  const [last, setLast] = useState<Improved | null>(null);
  if (!offer.data?.enabled) return null;
  const price = offer.data.webCredits;
  // Still showing the last answer: Undo goes back to the words before it, however often improved.
  const showing = last !== null && last.improved === prompt;

  const run = () =>
    improve.mutate(
      { prompt, model, mode, audio, aspectRatio },
      {
        onSuccess: (answer) => {
          setLast({ own: showing ? last.own : prompt, improved: answer.prompt });
          onChange(answer.prompt);
          if (answer.remainingCredits !== null) {
            const remaining = answer.remainingCredits;
            queryClient.setQueryData<CurrentUser | null>(queryKeys.currentUser, (user) =>
              user ? withBalance(user, remaining) : user,
            );
          }
        },
        onError: (error) =>
          toast({ title: t`The prompt was not improved`, description: errorMessage(error), variant: "destructive" }),
      },
    );
  const undo = () => {
    if (!last) return;
    onChange(last.own);
    setLast(null);
  };

  const label = MODEL_CATALOGUE[model].label;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={run}
        disabled={improve.isPending || prompt.trim() === ""}
        aria-describedby={prompt.trim() === "" ? "improve-prompt-hint" : undefined}
      >
        {improve.isPending ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
        ) : (
          <WandSparkles className="size-4" aria-hidden />
        )}
        {price > 0
          ? plural(price, { one: "Improve prompt · # credit", other: "Improve prompt · # credits" })
          : t`Improve prompt`}
      </Button>
      {prompt.trim() === "" ? (
        <span id="improve-prompt-hint" className="text-xs text-muted-foreground">
          <Trans>Write a few words first.</Trans>
        </span>
      ) : null}
      <p role="status" className="text-xs text-emerald-300">
        {showing ? <Trans>Prompt improved for {label}. Check it before you generate.</Trans> : null}
      </p>
      {showing ? (
        <Button type="button" variant="ghost" size="sm" onClick={undo}>
          <Undo2 className="size-4" aria-hidden />
          <Trans>Undo</Trans>
        </Button>
      ) : null}
    </div>
  );
}
