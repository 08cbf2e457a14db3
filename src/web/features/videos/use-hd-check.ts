import { useEffect, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { t } from "@lingui/core/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { forceUpdateHd, type TaskList } from "./video-api";
import { invalidateVideoTasks, isTaskListQuery } from "./task-list-queries";
import { HD_NOTE } from "./video-display";

const hdNotReadyFallback = () => t`1080p video is still being processed. Please try again later.`;

/**
 * Every aspect ratio gets a 1080p version (issue 22): a finished video still waiting for its own is checked.
 * A held 1080p (kept extendable, decision 0050) is not: asking for it ends Veo's own extending (decision 0159).
 */
function needsHdCheck(task: Pick<VideoTaskView, "status" | "hdVideoUrl" | "hdStatus">): boolean {
  return task.status === "completed" && !task.hdVideoUrl && task.hdStatus === "pending";
}

/** How a check was asked for: on opening the details, 'Check HD Status', or 'Make 1080p' of a held video. */
type CheckKind = "auto" | "manual" | "release";

/** Shows a task's 1080p as being made, in every list that holds it, until the lists answer again. */
function markHdPending(taskId: string): void {
  queryClient.setQueriesData<TaskList>({ predicate: isTaskListQuery }, (data) =>
    data?.tasks.some((t) => t.taskId === taskId && (t.hdStatus === "held" || t.hdStatus === "none"))
      ? {
          ...data,
          tasks: data.tasks.map((t): VideoTaskView => (t.taskId === taskId ? { ...t, hdStatus: "pending" } : t)),
        }
      : data,
  );
}

/**
 * The 1080p check of the details view (decision 0010): automatic when a completed task still
 * waiting for its 1080p is opened, and manual through 'Check HD Status'. Only the manual check reports
 * "not ready" and errors; a found 1080p file is announced either way. `release` asks for a held
 * 1080p (decision 0050): from then on the worker fetches it, and Veo can no longer continue the video
 * itself (it is extended from its last frame instead, decision 0159).
 */
export function useHdCheck(task: VideoTaskView | null) {
  const [found, setFound] = useState<Readonly<Record<string, string>>>({});
  const autoChecked = useRef<string | null>(null);
  const mutation = useMutation({
    mutationFn: ({ taskId }: { taskId: string; kind: CheckKind }) => forceUpdateHd(taskId),
    onSuccess: (result, { taskId, kind }) => {
      if (result.success && result.hdVideoUrl) {
        const url = result.hdVideoUrl;
        setFound((current) => ({ ...current, [taskId]: url }));
        toast({ title: t`HD Video Ready!`, description: t`The 1080p HD version is ready to watch and download.` });
        void invalidateVideoTasks();
      } else if (kind === "release") {
        markHdPending(taskId);
        const hdNote = i18n._(HD_NOTE);
        toast({
          title: t`Making 1080p`,
          description: t`${hdNote} Extending this video now continues it from its last frame.`,
        });
        void invalidateVideoTasks();
      } else if (kind === "manual") {
        // The server's only "not ready" answer, in the active language (its `message` is English).
        toast({ title: t`HD Video Not Ready`, description: hdNotReadyFallback() });
      }
    },
    onError: (error, { kind }) => {
      if (kind === "release") {
        toast({ title: t`Make 1080p failed`, description: errorMessage(error), variant: "destructive" });
        void invalidateVideoTasks();
      } else if (kind === "manual") {
        toast({ title: t`Check Failed`, description: t`Failed to check HD video status`, variant: "destructive" });
      } else {
        console.warn("Automatic HD check failed", error);
      }
    },
  });

  const withHd =
    task && !task.hdVideoUrl && found[task.taskId] ? { ...task, hdVideoUrl: found[task.taskId] ?? null } : task;
  const autoKey = withHd && needsHdCheck(withHd) ? withHd.taskId : null;
  const { mutate } = mutation;

  useEffect(() => {
    if (!autoKey) {
      if (!task) autoChecked.current = null; // the view closed: the next opening checks again
      return;
    }
    if (autoChecked.current === autoKey) return;
    autoChecked.current = autoKey;
    mutate({ taskId: autoKey, kind: "auto" });
  }, [autoKey, task, mutate]);

  return {
    task: withHd,
    isChecking: mutation.isPending,
    check: (taskId: string) => mutation.mutate({ taskId, kind: "manual" }),
    /** 'Make 1080p': the release just asked for the file, so no automatic check follows it. */
    release: (taskId: string) => {
      autoChecked.current = taskId;
      mutation.mutate({ taskId, kind: "release" });
    },
  };
}
