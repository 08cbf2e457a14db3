import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useLiveConnected } from "@/features/live";
import { callQuery } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { videosApi } from "../../../shared/api/videos";
import { listQuery, type GalleryFilters } from "./gallery-filters";
import { GALLERY_PAGE_SIZE, RECENT_DAYS } from "./video-api";

/** Task lists refresh every 5 s when live updates are not streaming (decision 0026). */
const TASK_LIST_REFETCH_MS = 5_000;

/** GET /api/video-tasks?days=14, newest first, polled every 5 s while signed in. */
export function useRecentVideoTasks(enabled: boolean) {
  const live = useLiveConnected();
  return useQuery({
    queryKey: queryKeys.videos.recent(RECENT_DAYS),
    queryFn: callQuery(videosApi.list, { query: { days: RECENT_DAYS } }),
    enabled,
    refetchInterval: enabled && !live ? TASK_LIST_REFETCH_MS : false,
  });
}

/** GET /api/video-tasks?page=&limit=20 (with the gallery's filters) for the gallery, polled every 5 s. */
export function useVideoTaskPage(page: number, filters: GalleryFilters, enabled: boolean) {
  const live = useLiveConnected();
  const query = listQuery(filters);
  return useQuery({
    queryKey: queryKeys.videos.page(page, GALLERY_PAGE_SIZE, query),
    queryFn: callQuery(videosApi.list, { query: { page, limit: GALLERY_PAGE_SIZE, ...query } }),
    enabled,
    refetchInterval: enabled && !live ? TASK_LIST_REFETCH_MS : false,
    placeholderData: keepPreviousData,
  });
}
