/** Prompt screening's calls on the admin pages (decision 0089): the settings card, the log's pages and filters, marking reviewed. */
import { msg, t } from "@lingui/core/macro";
import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { adminModerationApi } from "../../../../shared/api/admin-moderation";
import type { QueryInput } from "../../../../shared/api/contract";
import {
  MODERATION_DECISIONS,
  MODERATION_OUTCOMES,
  MODERATION_SCREENERS,
  MODERATION_SOURCES,
  type moderationSettingsUpdateSchema,
} from "../../../../shared/schemas/moderation";
import { call, callQuery, errorMessage } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { underPath } from "@/lib/query-keys";
import { adminQueryKeys } from "@/features/admin/admin-query-keys";
import { toast } from "@/hooks/use-toast";

export const useModerationSettings = () =>
  useQuery({
    queryKey: adminQueryKeys.moderationSettings,
    queryFn: callQuery(adminModerationApi.settings),
    staleTime: 0,
  });

export function useSaveModerationSettings() {
  return useMutation({
    mutationFn: (body: z.input<typeof moderationSettingsUpdateSchema>) =>
      call(adminModerationApi.saveSettings, { body }),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(adminQueryKeys.moderationSettings, settings);
      toast({ title: t`Prompt screening saved` });
    },
    onError: (error) =>
      toast({
        title: i18n._(msg`Prompt screening not saved`),
        description: errorMessage(error),
        variant: "destructive",
      }),
  });
}

/** The log's filters as the address and the route name them; "" is no filter. */
export interface ModerationFilters {
  decision: string;
  screener: string;
  source: string;
  outcome: string;
  needsReview: string;
  userId: string;
  username: string;
  dateFrom: string;
  dateTo: string;
}

export const NO_MODERATION_FILTERS: ModerationFilters = {
  decision: "",
  screener: "",
  source: "",
  outcome: "",
  needsReview: "",
  userId: "",
  username: "",
  dateFrom: "",
  dateTo: "",
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const oneOf = (values: readonly string[], value: string | null) => (value && values.includes(value) ? value : "");

/** The filters in the address; anything malformed is left out. */
export function moderationFiltersFromParams(params: URLSearchParams): ModerationFilters {
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return DAY.test(value) ? value : "";
  };
  const userId = params.get("userId") ?? "";
  return {
    decision: oneOf(MODERATION_DECISIONS, params.get("decision")),
    screener: oneOf(MODERATION_SCREENERS, params.get("screener")),
    source: oneOf(MODERATION_SOURCES, params.get("source")),
    outcome: oneOf(MODERATION_OUTCOMES, params.get("outcome")),
    needsReview: oneOf(["true"], params.get("needsReview")),
    userId: UUID.test(userId) ? userId : "",
    username: params.get("username") ?? "",
    dateFrom: day("dateFrom"),
    dateTo: day("dateTo"),
  };
}

type ModerationQuery = Partial<Record<keyof QueryInput<typeof adminModerationApi.log>, string>>;

/** The filters as query parameters, blanks left out. */
export function moderationFiltersToParams(filters: ModerationFilters): ModerationQuery {
  const params: ModerationQuery = {};
  for (const [name, value] of Object.entries(filters) as [keyof ModerationFilters, string][]) {
    if (value.trim()) params[name] = value.trim();
  }
  return params;
}

/** The log with these filters, 50 a page, newest first ("Load older" follows nextCursor). */
export function useModerationLog(filters: ModerationFilters) {
  const query = moderationFiltersToParams(filters);
  return useInfiniteQuery({
    queryKey: adminQueryKeys.moderationLog(query),
    queryFn: ({ pageParam, signal }) =>
      call(adminModerationApi.log, { query: { ...query, cursor: pageParam }, signal }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}

export function useMarkReviewed() {
  return useMutation({
    mutationFn: (id: string) => call(adminModerationApi.review, { params: { id } }),
    onSuccess: () => {
      toast({ title: t`Marked reviewed` });
      void queryClient.invalidateQueries({ predicate: underPath(adminQueryKeys.moderationPath) });
    },
    onError: (error) => {
      toast({ title: i18n._(msg`Not marked reviewed`), description: errorMessage(error), variant: "destructive" });
      void queryClient.invalidateQueries({ predicate: underPath(adminQueryKeys.moderationPath) });
    },
  });
}
