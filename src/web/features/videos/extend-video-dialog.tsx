import { useState } from "react";
import { FastForward } from "lucide-react";
import { Trans } from "@lingui/react/macro";
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
