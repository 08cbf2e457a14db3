import { useState } from "react";
import { Sparkles } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { webCost } from "../../../shared/prices";
import type { VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { modelLabel } from "@/lib/catalogue-text";
import { resolutionLabel } from "./option-text";
import { useMakeFinal } from "./use-make-final";
import { useWebPriceTable } from "./use-web-prices";
import { creditsText } from "./video-display";

/**
 * "Make it final" (issue 74 §3, decision 0178) on a finished draft: its price on the button, then
 * a confirmation of the charge saying what the final is (the model and resolution chosen, the same
 * prompt, seed and images) before anything is charged.
 */
export function MakeFinalAction({
  task,
  onStarted,
}: {
  task: VideoTaskView;
  onStarted: (final: VideoTaskView) => void;
}) {
  const [open, setOpen] = useState(false);
  const prices = useWebPriceTable();
  const mutation = useMakeFinal((final) => {
    setOpen(false);
    onStarted(final);
  });
  const final = task.draftOf;
  if (!final || task.status !== "completed") return null;
  const price = webCost(prices, {
    model: final.model,
    resolution: final.resolution,
    durationSeconds: task.durationSeconds ?? undefined,
    audio: task.audio ?? undefined,
  });
  const priceText = creditsText(price);
  const modelName = modelLabel(final.model);
  const resolutionText = resolutionLabel(final.resolution);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button data-testid="make-final">
          <Sparkles aria-hidden="true" />
          <Trans>Make it final ({priceText})</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Make it final</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              A new video at full quality with {modelName} in {resolutionText}: the same prompt, seed and images as this
              draft. {priceText} will be charged.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            data-testid="make-final-confirm"
            disabled={mutation.isPending}
            aria-busy={mutation.isPending}
            onClick={() => mutation.mutate(task)}
          >
            <Trans>Make it final for {priceText}</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
