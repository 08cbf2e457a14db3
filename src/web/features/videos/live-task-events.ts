/**
 * The live stream's task news applied to the task lists and the tracked task's status (features/live
 * hands them over; app/live-wiring.ts connects the two): in place when a list holds the task, else
 * the lists are asked again.
 */
import type { TaskEventHandler } from "@/features/live";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { successFlagOf, type VideoTaskView } from "../../../shared/videos";
import { invalidateVideoTasks, isTaskListQuery } from "./task-list-queries";
import type { TaskList, VideoStatusResponse } from "./video-api";

async function applyTask(task: VideoTaskView): Promise<void> {
  // A list answer still on its way may be older than this event: it must not land over it. If one
  // was cancelled, the lists are asked again (that answer is at least as new as this event).
  const wasFetching = queryClient.isFetching({ predicate: isTaskListQuery }) > 0;
  await queryClient.cancelQueries({ predicate: isTaskListQuery });
  let known = false;
  for (const [key, data] of queryClient.getQueriesData<TaskList>({ predicate: isTaskListQuery })) {
    if (!data?.tasks.some((t) => t.taskId === task.taskId)) continue;
    known = true;
    queryClient.setQueryData(key, { ...data, tasks: data.tasks.map((t) => (t.taskId === task.taskId ? task : t)) });
  }
  // A new task belongs at the top of lists the server pages and counts: ask it.
  if (!known || wasFetching) void invalidateVideoTasks();
  const statusKey = queryKeys.videos.status(task.taskId);
  if (queryClient.getQueryCache().find({ queryKey: statusKey })) {
    // An answer still on its way may be older than this event: it must not win.
    await queryClient.cancelQueries({ queryKey: statusKey });
    const status: VideoStatusResponse = {
      data: {
        taskId: task.taskId,
        status: task.status,
        successFlag: successFlagOf(task.status),
        errorMessage: task.errorMessage,
        resultUrls: JSON.stringify(task.resultUrls),
        hdVideoUrl: task.hdVideoUrl,
      },
    };
    queryClient.setQueryData(statusKey, status);
  }
}

export const taskEventHandler: TaskEventHandler = { applyTask, refreshTasks: invalidateVideoTasks };
