/**
 * Explore's moderation on the admin pages (issue 72, decision 0165): a page of one filter's videos
 * with every filter's count, and an action on one video. The keys are the URLs they fetch.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { exploreApi } from "../../../../shared/api/explore";
import type { ADMIN_EXPLORE_FILTERS } from "../../../../shared/schemas/explore";
import { type AdminExploreAction, type AdminExploreVideo } from "../../../../shared/schemas/explore";
import { call, callQuery, errorMessage, urlFor } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { underPath } from "@/lib/query-keys";
import { toast } from "@/hooks/use-toast";

export type AdminExploreFilter = (typeof ADMIN_EXPLORE_FILTERS)[number];

const PATH = urlFor(exploreApi.adminList);
const listKey = (filter: AdminExploreFilter, cursor: string | undefined) =>
  [urlFor(exploreApi.adminList, { query: { filter, ...(cursor ? { cursor } : {}) } })] as const;

export function useAdminExplore(filter: AdminExploreFilter, cursor: string | undefined) {
  return useQuery({
    queryKey: listKey(filter, cursor),
    queryFn: callQuery(exploreApi.adminList, { query: { filter, cursor } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** What each action did, said once it is done. */
const DONE: Record<AdminExploreAction, MessageDescriptor> = {
  approve: msg`Approved: it is in Explore now`,
  hide: msg`Hidden from Explore`,
  restore: msg`Restored`,
  feature: msg`Featured`,
  unfeature: msg`No longer featured`,
  dismiss_reports: msg`Reports dismissed`,
  delete: msg`Video deleted for good`,
};

export function useExploreAction() {
  return useMutation({
    mutationFn: (input: { video: AdminExploreVideo; action: AdminExploreAction; reason?: string }) =>
      call(exploreApi.adminAct, {
        params: { taskId: input.video.taskId },
        body: { action: input.action, reason: input.reason?.trim() || undefined },
      }),
    onSuccess: (_result, { action }) => toast({ title: i18n._(DONE[action]) }),
    onError: (error) =>
      toast({ title: i18n._(msg`The action failed`), description: errorMessage(error), variant: "destructive" }),
    // Counts and lists change with any action (and a 409 means the list is out of date).
    onSettled: () => queryClient.invalidateQueries({ predicate: underPath(PATH) }),
  });
}
