import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { VideoTaskView } from "../../../shared/videos";
import { useLiveConnected } from "@/features/live";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { schemaQueryFn } from "@/lib/api";
import { videoStatusSchema } from "../../../shared/schemas/videos";
import { parseResultUrls, type VideoStatusResponse } from "./video-api";
import { invalidateVideoTasks } from "./task-list-queries";

/** The just-submitted task is polled every 3 s while the event stream is closed (decision 0026). */
export const STATUS_POLL_MS = 3_000;
/** After it finishes, the tracked task is let go after 3 s. */
export const CLEAR_TRACKED_AFTER_MS = 3_000;
export const PROGRESS_RUNNING = 65;
export const PROGRESS_DONE = 100;

function applyStatus(task: VideoTaskView, status: VideoStatusResponse["data"] | undefined): VideoTaskView {
  if (!status || status.successFlag === 0) return task;
  if (status.successFlag === 1) {
    const resultUrls = parseResultUrls(status.resultUrls);
    return {
      ...task,
      status: "completed",
      resultUrls: resultUrls.length > 0 ? resultUrls : task.resultUrls,
      hdVideoUrl: status.hdVideoUrl ?? task.hdVideoUrl,
    };
  }
  return { ...task, status: "failed", errorMessage: status.errorMessage ?? task.errorMessage };
}

export interface TrackedTask {
  /** The tracked task with its latest known status, or null when nothing is tracked. */
  task: VideoTaskView | null;
  /** 65 while it runs, 100 once it has finished. */
  progress: number;
  track: (task: VideoTaskView) => void;
}

/**
 * Follows the task the user just submitted through GET /api/video-status every 3 s. When it ends,
 * the task lists and the user's credits are refetched (a failure refunds them) and, 3 s later,
 * the task is let go.
 */
export function useTaskTracker(listTasks: readonly VideoTaskView[] | undefined): TrackedTask {
  const [tracked, setTracked] = useState<VideoTaskView | null>(null);
  const taskId = tracked?.taskId ?? "";
  const live = useLiveConnected();
  const statusKey = queryKeys.videos.status(taskId);
  const { data } = useQuery<VideoStatusResponse>({
    queryKey: statusKey,
    queryFn: schemaQueryFn(videoStatusSchema, statusKey[0]),
    enabled: taskId !== "",
    // While live updates stream, the status arrives as an event instead.
    refetchInterval: (query) =>
      live || (query.state.data && query.state.data.data.successFlag !== 0) ? false : STATUS_POLL_MS,
  });
  const status = data?.data.taskId === taskId ? data.data : undefined;
  const base = tracked ? (listTasks?.find((t) => t.taskId === tracked.taskId) ?? tracked) : null;
  const task = base ? applyStatus(base, status) : null;
  // The status poll or the task list (kept current by live updates) may learn it first.
  const finished = task !== null && (task.status === "completed" || task.status === "failed");

  useEffect(() => {
    if (!taskId || !finished) return;
    void invalidateVideoTasks();
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    const timer = setTimeout(
      () => setTracked((current) => (current?.taskId === taskId ? null : current)),
      CLEAR_TRACKED_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [taskId, finished]);

  return {
    task,
    progress: finished ? PROGRESS_DONE : PROGRESS_RUNNING,
    track: setTracked,
  };
}
