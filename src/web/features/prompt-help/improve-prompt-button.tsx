/**
 * "Improve prompt" (decision 0160): sends the idea with the chosen model and options, replaces the
 * prompt with the answer, says so, and offers Undo back to the person's own words. Hidden while the
 * owner has prompt help off and from a visitor signed out; its price shown when not free. Small enough for the prompt's label row.
 */
import { useState } from "react";
import { skipToken, useQuery } from "@tanstack/react-query";
import { Check, LoaderCircle, Undo2, WandSparkles } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MODEL_CATALOGUE, type AspectRatio, type GenerationMode, type ModelId } from "../../../shared/catalogue";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { withBalance } from "@/lib/credit-split";
import { queryClient } from "@/lib/query-client";
import { firstLoadKeys } from "@/lib/first-load-keys";
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
  // Read from the shell's cache, never fetched here: a visitor known to be signed out sees no button.
  const signedOut =
    useQuery<CurrentUser | null>({ queryKey: firstLoadKeys.currentUser, queryFn: skipToken }).data === null;
  if (!offer.data?.enabled || signedOut) return null;
  const price = offer.data.webCredits;
  // Still showing the last answer: Undo goes back to the words before it, however often improved.
  const showing = last !== null && last.improved === prompt;
  const empty = prompt.trim() === "";

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
  const name =
    price > 0
      ? plural(price, { one: "Improve prompt · # credit", other: "Improve prompt · # credits" })
      : t`Improve prompt`;
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="h-6 px-2"
        onClick={run}
        disabled={improve.isPending || empty}
        title={empty ? t`Write a few words first.` : undefined}
      >
        {improve.isPending ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
        ) : (
          <WandSparkles className="size-4" aria-hidden />
        )}
        <span className="sr-only sm:not-sr-only">{name}</span>
      </Button>
      {showing ? (
        <>
          <span className="hidden items-center gap-1 text-emerald-300 sm:inline-flex" aria-hidden>
            <Check className="size-3.5" />
            <Trans>Improved</Trans>
          </span>
          <Button type="button" variant="ghost" size="sm" className="h-6 px-2" onClick={undo}>
            <Undo2 className="size-4" aria-hidden />
            <Trans>Undo</Trans>
          </Button>
        </>
      ) : null}
      <span role="status" className="sr-only">
        {showing ? <Trans>Prompt improved for {label}. Check it before you generate.</Trans> : null}
      </span>
    </>
  );
}
