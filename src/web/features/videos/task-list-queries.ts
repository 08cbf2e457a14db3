import { queryClient } from "@/lib/query-client";
import { queryKeys, underPath } from "@/lib/query-keys";

/** A task list query (generator or gallery page): its key is a URL under /api/video-tasks. */
export const isTaskListQuery = underPath(queryKeys.videos.listsPath);

/** Refetches every task list (generator and gallery pages). */
export function invalidateVideoTasks(): Promise<void> {
  return queryClient.invalidateQueries({ predicate: isTaskListQuery });
}
