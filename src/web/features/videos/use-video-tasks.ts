import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useLiveConnected } from "@/features/live";
import { schemaQueryFn } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { taskListSchema } from "../../../shared/schemas/videos";
import { GALLERY_PAGE_SIZE, RECENT_DAYS } from "./video-api";

/** Task lists refresh every 5 s when live updates are not streaming (decision 0026). */
export const TASK_LIST_REFETCH_MS = 5_000;

/** GET /api/video-tasks?days=14, newest first, polled every 5 s while signed in. */
export function useRecentVideoTasks(enabled: boolean) {
  const live = useLiveConnected();
  const queryKey = queryKeys.videos.recent(RECENT_DAYS);
  return useQuery({
    queryKey,
    queryFn: schemaQueryFn(taskListSchema, queryKey[0]),
    enabled,
    refetchInterval: enabled && !live ? TASK_LIST_REFETCH_MS : false,
  });
}

/** GET /api/video-tasks?page=&limit=20 for the gallery, polled every 5 s. */
export function useVideoTaskPage(page: number, enabled: boolean) {
  const live = useLiveConnected();
  const queryKey = queryKeys.videos.page(page, GALLERY_PAGE_SIZE);
  return useQuery({
    queryKey,
    queryFn: schemaQueryFn(taskListSchema, queryKey[0]),
    enabled,
    refetchInterval: enabled && !live ? TASK_LIST_REFETCH_MS : false,
    placeholderData: keepPreviousData,
  });
}
