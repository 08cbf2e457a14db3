import { useEffect, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import type { VideoTaskView } from "../../../shared/videos";
import { toast } from "@/hooks/use-toast";
import { forceUpdateHd } from "./video-api";
import { invalidateVideoTasks } from "./task-list-queries";

export const HD_NOT_READY_FALLBACK = "1080p video is still being processed. Please try again later.";

/** Every aspect ratio gets a 1080p version (issue 22): a finished video still waiting for its own is checked. */
export function needsHdCheck(task: Pick<VideoTaskView, "status" | "hdVideoUrl" | "hdStatus">): boolean {
  return task.status === "completed" && !task.hdVideoUrl && task.hdStatus === "pending";
}

/**
 * The 1080p check of the details view (decision 0010): automatic when a completed task still
 * waiting for its 1080p is opened, and manual through 'Check HD Status'. Only the manual check reports
 * "not ready" and errors; a found 1080p file is announced either way.
 */
export function useHdCheck(task: VideoTaskView | null) {
  const [found, setFound] = useState<Readonly<Record<string, string>>>({});
  const mutation = useMutation({
    mutationFn: ({ taskId }: { taskId: string; manual: boolean }) => forceUpdateHd(taskId),
    onSuccess: (result, { taskId, manual }) => {
      if (result.success && result.hdVideoUrl) {
        const url = result.hdVideoUrl;
        setFound((current) => ({ ...current, [taskId]: url }));
        toast({ title: "HD Video Ready!", description: "The 1080p HD version is ready to watch and download." });
        void invalidateVideoTasks();
      } else if (manual) {
        toast({ title: "HD Video Not Ready", description: result.message || HD_NOT_READY_FALLBACK });
      }
    },
    onError: (error, { manual }) => {
      if (manual) toast({ title: "Check Failed", description: "Failed to check HD video status", variant: "destructive" });
      else console.warn("Automatic HD check failed", error);
    },
  });

  const withHd = task && !task.hdVideoUrl && found[task.taskId] ? { ...task, hdVideoUrl: found[task.taskId] ?? null } : task;
  const autoKey = withHd && needsHdCheck(withHd) ? withHd.taskId : null;
  const autoChecked = useRef<string | null>(null);
  const { mutate } = mutation;

  useEffect(() => {
    if (!autoKey) {
      if (!task) autoChecked.current = null; // the view closed: the next opening checks again
      return;
    }
    if (autoChecked.current === autoKey) return;
    autoChecked.current = autoKey;
    mutate({ taskId: autoKey, manual: false });
  }, [autoKey, task, mutate]);

  return {
    task: withHd,
    isChecking: mutation.isPending,
    check: (taskId: string) => mutation.mutate({ taskId, manual: true }),
  };
}
