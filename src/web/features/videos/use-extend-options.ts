import { useQuery } from "@tanstack/react-query";
import { videosApi } from "../../../shared/api/videos";
import type { ModelId } from "../../../shared/catalogue";
import type { ExtendOptions } from "../../../shared/schemas/videos";
import type { VideoTaskView } from "../../../shared/videos";
import { callQuery } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/**
 * How a finished video would be extended (decision 0159): by Veo itself or from its last frame,
 * with which model, at what price, or why not. Asked only for finished videos; `model` is the one
 * chosen for an extension from the last frame (none: the server's default).
 */
export function useExtendOptions(
  task: Pick<VideoTaskView, "taskId" | "status" | "hdStatus" | "resultUrls">,
  model?: ModelId,
) {
  const [url] = queryKeys.videos.extendOptions(task.taskId, model);
  return useQuery({
    // Asked again when what decides it changes: its 1080p (Veo's own extension) or its file being kept.
    queryKey: [url, task.hdStatus, task.resultUrls[0] ?? null],
    // Meanwhile the last answer for this video stays: an open Extend dialog is not unmounted by it.
    placeholderData: (previous: ExtendOptions | undefined, previousQuery?: { queryKey: readonly unknown[] }) =>
      previousQuery?.queryKey[0] === url ? previous : undefined,
    queryFn: callQuery(videosApi.extendOptions, { params: { taskId: task.taskId }, query: model ? { model } : {} }),
    enabled: task.status === "completed",
    staleTime: 30_000,
    // A video just finished is being saved: asked again every few seconds until it is.
    refetchInterval: (query: { state: { data?: ExtendOptions } }) =>
      query.state.data?.reasonCode === "extend_file_saving" ? 3_000 : false,
  });
}
