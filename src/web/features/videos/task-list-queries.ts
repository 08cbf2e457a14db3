import { queryClient } from "@/lib/query-client";
import { TASKS_URL } from "./video-api";

/** A task list query (generator or gallery page): its key is a URL under TASKS_URL. */
export function isTaskListQuery(query: { queryKey: readonly unknown[] }): boolean {
  const [url] = query.queryKey;
  return typeof url === "string" && url.startsWith(TASKS_URL);
}

/** Refetches every task list (generator and gallery pages). */
export function invalidateVideoTasks(): Promise<void> {
  return queryClient.invalidateQueries({ predicate: isTaskListQuery });
}
