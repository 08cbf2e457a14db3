import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { BusyIcon } from "./busy-icon";
import { invalidateVideoTasks } from "./task-list-queries";
import { deleteVideo } from "./video-api";

/** Delete a finished video and its files, after a second click to confirm. */
export function DeleteVideoButton({ task, onDeleted }: { task: VideoTaskView; onDeleted: () => void }) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({
    mutationFn: () => deleteVideo(task.taskId),
    onSuccess: () => {
      toast({ title: t`Video deleted`, description: t`The video and its files are gone.` });
      void invalidateVideoTasks();
      onDeleted();
    },
    onError: (error) => toast({ title: t`Delete failed`, description: errorMessage(error), variant: "destructive" }),
  });
  if (task.status !== "completed" && task.status !== "failed") return null;
  return confirming ? (
    <div
      className="grid gap-2 rounded-lg border border-red-500/30 bg-red-500/10 p-3"
      role="group"
      aria-label={t`Confirm delete`}
    >
      <p className="text-sm text-red-100">
        <Trans>Delete this video and its files for good? Your credit history keeps its record.</Trans>
      </p>
      <div className="flex gap-2">
        <Button variant="destructive" size="sm" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
          <BusyIcon busy={mutation.isPending} icon={Trash2} />
          <Trans>Yes, delete</Trans>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
          <Trans>Keep it</Trans>
        </Button>
      </div>
    </div>
  ) : (
    <Button variant="ghost" className="text-red-300 hover:text-red-200" onClick={() => setConfirming(true)}>
      <Trash2 aria-hidden="true" />
      <Trans>Delete Video</Trans>
    </Button>
  );
}
