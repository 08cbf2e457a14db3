import type { TaskList } from "../../../shared/schemas/videos";
import type { VideoTaskView } from "../../../shared/videos";
import { queryClient } from "@/lib/query-client";
import { queryKeys, underPath } from "@/lib/query-keys";

/** A task list query (generator or gallery page): its key is a URL under /api/video-tasks. */
export const isTaskListQuery = underPath(queryKeys.videos.listsPath);

/** Refetches every task list (generator and gallery pages). */
export function invalidateVideoTasks(): Promise<void> {
  return queryClient.invalidateQueries({ predicate: isTaskListQuery });
}

/**
 * The lists that start with the newest task: the generator's recent list and the gallery's first
 * page, unfiltered (a filtered or oldest-first list learns of the task when it answers again).
 */
function startsWithNewest(url: unknown): boolean {
  if (typeof url !== "string") return false;
  const query = new URLSearchParams(url.slice(url.indexOf("?") + 1));
  if (["q", "status", "model", "sort"].some((name) => query.has(name))) return false;
  return query.has("days") || query.get("page") === "1";
}

/** Puts a just-started task at the top of the lists that start with the newest, until they answer again. */
export function addStartedTask(task: VideoTaskView): void {
  for (const [key, data] of queryClient.getQueriesData<TaskList>({ predicate: isTaskListQuery })) {
    if (!data || !startsWithNewest(key[0]) || data.tasks.some((t) => t.taskId === task.taskId)) continue;
    queryClient.setQueryData<TaskList>(key, {
      ...data,
      tasks: [task, ...data.tasks],
      ...(data.total === undefined ? {} : { total: data.total + 1 }),
    });
  }
}
