import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { FastForward, LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { modelLabel, PROMPT_MAX, SEED_MAX, SEED_MIN, type VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormField, fieldErrorId } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useCurrentUser } from "@/features/auth";
import { formatCredits } from "@/lib/format";
import { webCost } from "../../../shared/prices";
import { isSeed, promptRequiredMessage, promptTooLongMessage, seedMessage } from "./generate-form-schema";
import { useExtendVideo } from "./use-extend-video";
import { useWebPriceTable } from "./use-web-prices";
import { creditsText, KEEP_EXTENDABLE_HINT } from "./video-display";

const extendFormSchema = z.object({
  // Lazy messages: zod makes them when it validates, in the language of that moment.
  prompt: z
    .string()
    .trim()
    .min(1, { error: () => promptRequiredMessage() })
    .max(PROMPT_MAX, { error: () => promptTooLongMessage() }),
  seed: z
    .string()
    .trim()
    .refine(isSeed, { error: () => seedMessage() }),
  keepExtendable: z.boolean(),
});
type ExtendFormValues = z.infer<typeof extendFormSchema>;

const EMPTY: ExtendFormValues = { prompt: "", seed: "", keepExtendable: false };

/** What extending `task` costs on the website: its model's price plus the extension surcharge. */
function useExtendCost(task: VideoTaskView): number {
  return webCost(useWebPriceTable(), task.model, ["extend"]);
}

function ExtendForm({ task, onStarted }: { task: VideoTaskView; onStarted: (extension: VideoTaskView) => void }) {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const cost = useExtendCost(task);
  const mutation = useExtendVideo(onStarted);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ExtendFormValues>({ resolver: zodResolver(extendFormSchema), defaultValues: EMPTY });
  const prompt = useWatch({ control, name: "prompt" });
  const promptError = errors.prompt?.message;
  const seedError = errors.seed?.message;

  const onSubmit = handleSubmit((values) =>
    mutation.mutate({
      parent: task,
      request: {
        prompt: values.prompt,
        seeds: values.seed ? Number(values.seed) : undefined,
        watermark: undefined,
        keepExtendable: values.keepExtendable,
      },
    }),
  );

  return (
    <form noValidate className="grid gap-5" onSubmit={onSubmit}>
      <FormField id="extend-prompt" label={t`Prompt`} error={promptError} hint={`${prompt.length}/${PROMPT_MAX}`}>
        <Textarea
          id="extend-prompt"
          rows={4}
          maxLength={PROMPT_MAX}
          placeholder={t`What happens next…`}
          aria-invalid={promptError ? true : undefined}
          aria-describedby={promptError ? fieldErrorId("extend-prompt") : undefined}
          {...register("prompt")}
        />
      </FormField>
      <FormField id="extend-seed" label={t`Seed`} hint={t`Optional`} error={seedError}>
        <Input
          id="extend-seed"
          inputMode="numeric"
          autoComplete="off"
          placeholder={`${SEED_MIN}-${SEED_MAX}`}
          aria-invalid={seedError ? true : undefined}
          aria-describedby={seedError ? fieldErrorId("extend-seed") : undefined}
          {...register("seed")}
        />
      </FormField>
      <div className="grid gap-1">
        <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-violet-500"
            aria-describedby="extend-keep-extendable-hint"
            {...register("keepExtendable")}
          />
          <Trans>Keep extendable</Trans>
        </label>
        <p id="extend-keep-extendable-hint" className="pl-6.5 text-xs text-muted-foreground">
          {t(KEEP_EXTENDABLE_HINT)}
        </p>
      </div>
      <div className="grid gap-2 rounded-xl border border-violet-500/20 bg-gradient-to-br from-violet-500/10 via-fuchsia-500/5 to-transparent p-4 text-sm">
        <div className="flex items-center justify-between gap-3">
          <span className="text-muted-foreground">
            <Trans>Cost</Trans>
          </span>
          <span className="font-semibold text-foreground" data-testid="extend-cost">
            {creditsText(cost)}
          </span>
        </div>
        {user ? (
          <div className="flex items-center justify-between gap-3">
            <span className="text-muted-foreground">
              <Trans>Your credits</Trans>
            </span>
            <span className="font-semibold text-foreground">{formatCredits(user.credits)}</span>
          </div>
        ) : null}
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="ghost">
            <Trans>Cancel</Trans>
          </Button>
        </DialogClose>
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {mutation.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <FastForward aria-hidden="true" />
          )}
          <Trans>Extend</Trans>
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * 'Extend video' of the details dialog (decision 0050): a small dialog with the next prompt, an
 * optional seed, 'Keep extendable' and the cost. The extension is a new video with the same model
 * and aspect ratio; `onStarted` gets it as soon as the server accepted it.
 */
export function ExtendVideoButton({
  task,
  onStarted,
}: {
  task: VideoTaskView;
  onStarted: (extension: VideoTaskView) => void;
}) {
  const [open, setOpen] = useState(false);
  const model = modelLabel(task.model);
  const { aspectRatio } = task;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <FastForward aria-hidden="true" />
          <Trans>Extend video</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Extend video</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              A new video that continues this one with your prompt, made with {model} in {aspectRatio}.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <ExtendForm
          task={task}
          onStarted={(extension) => {
            setOpen(false);
            onStarted(extension);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
