import { useState } from "react";
import { FastForward } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import type { ModelId } from "../../../shared/catalogue";
import type { ExtendOptions } from "../../../shared/schemas/videos";
import { modelLabel, type VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { ExtendForm } from "./extend-form";
import { useExtendOptions } from "./use-extend-options";

/**
 * 'Extend video' of the details dialog (decisions 0050, 0159): a small dialog that says in one line
 * how the video will be continued (by Veo itself, or from its last frame with a model, both parts
 * joined), then the next prompt, the model where there is a choice to make, and the price.
 * `onStarted` gets the new video as soon as the server accepted it.
 */
export function ExtendVideoButton({
  task,
  options,
  onStarted,
}: {
  task: VideoTaskView;
  options: ExtendOptions;
  onStarted: (extension: VideoTaskView) => void;
}) {
  const [open, setOpen] = useState(false);
  // A model to choose only when the video's own model cannot continue it now.
  const choosing = options.method === "last_frame" && !options.models.includes(task.model);
  const [chosen, setChosen] = useState<ModelId | undefined>(undefined);
  const model = chosen ?? options.model ?? task.model;
  const priced = useExtendOptions(task, chosen);
  const current = chosen && priced.data?.method ? priced.data : options;
  const label = modelLabel(model);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" data-testid="extend-video">
          <FastForward aria-hidden="true" />
          <Trans>Extend video</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Extend video</Trans>
          </DialogTitle>
          <DialogDescription data-testid="extend-method">
            {options.method === "native" ? (
              <Trans>Veo continues this video itself.</Trans>
            ) : (
              <Trans>Continues from its last frame with {label}; both parts are joined into one video.</Trans>
            )}
          </DialogDescription>
        </DialogHeader>
        <ExtendForm
          task={task}
          method={current.method ?? options.method!}
          model={model}
          models={choosing ? options.models : []}
          onModel={setChosen}
          credits={current.credits}
          onStarted={(extension) => {
            setOpen(false);
            onStarted(extension);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
