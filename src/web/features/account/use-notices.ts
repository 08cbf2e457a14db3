/** The mail notices the signed-in person gets (decision 0086): read, and changed one at a time. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { noticesApi } from "../../../shared/api/notices";
import type { NoticePreferences, NoticePreferencesUpdate } from "../../../shared/schemas/notices";
import { call, callQuery } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export function useNotices() {
  return useQuery({ queryKey: queryKeys.notices, queryFn: callQuery(noticesApi.preferences), staleTime: 0 });
}

/** A switch follows the click at once; the server's answer replaces it, a refusal puts it back. */
export function useUpdateNotices(onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: NoticePreferencesUpdate) => call(noticesApi.updatePreferences, { body: change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notices });
      const before = queryClient.getQueryData<NoticePreferences>(queryKeys.notices);
      if (before) queryClient.setQueryData<NoticePreferences>(queryKeys.notices, { ...before, ...change });
      return before;
    },
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.notices, saved),
    onError: (error, _change, before) => {
      if (before) queryClient.setQueryData(queryKeys.notices, before);
      onError(error);
    },
  });
}
