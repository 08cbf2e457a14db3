import { useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { VideoTaskView } from "../../../shared/videos";
import { useLiveConnected } from "@/features/live";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { callQuery } from "@/lib/api";
import { videosApi } from "../../../shared/api/videos";
import { parseResultUrls, type VideoStatusResponse } from "./video-api";
import { invalidateVideoTasks } from "./task-list-queries";

/** The just-submitted task is polled every 3 s while the event stream is closed (decision 0026). */
const STATUS_POLL_MS = 3_000;
/** After it finishes, the tracked task is let go after 3 s. */
const CLEAR_TRACKED_AFTER_MS = 3_000;
/** The status query's key while no task is tracked (it is disabled then). */
const NOT_TRACKING = ["video-status", null] as const;

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
  track: (task: VideoTaskView) => void;
}

/**
 * Follows the task the user just submitted through GET /api/video-status every 3 s. When it ends,
 * the task lists and the user's credits are refetched (a failure refunds them) and, 3 s later,
 * the task is let go. `onFinished` hears of each tracked task's end once (decision 0077: toast, title, notification).
 */
export function useTaskTracker(
  listTasks: readonly VideoTaskView[] | undefined,
  onFinished?: (task: VideoTaskView) => void,
): TrackedTask {
  const [tracked, setTracked] = useState<VideoTaskView | null>(null);
  const taskId = tracked?.taskId ?? "";
  const live = useLiveConnected();
  const { data } = useQuery<VideoStatusResponse>({
    queryKey: taskId ? queryKeys.videos.status(taskId) : NOT_TRACKING,
    queryFn: callQuery(videosApi.status, { params: { taskId } }),
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

  const latest = useRef({ task, onFinished });
  useEffect(() => {
    latest.current = { task, onFinished };
  });
  const told = useRef(new Set<string>());

  useEffect(() => {
    if (!taskId || !finished) return;
    const { task: ended, onFinished: tell } = latest.current;
    if (ended && !told.current.has(taskId)) {
      told.current.add(taskId);
      tell?.(ended);
    }
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
    track: setTracked,
  };
}
