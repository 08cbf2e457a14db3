/**
 * The admin's showcase calls (decision 0081): GET and PUT /api/admin/showcase, and each model's
 * sample (PUT /api/admin/showcase/model-samples/<model>, decision 0166). A save refreshes the
 * landing page's showcase and the set-up checklist, whose step it ticks.
 */
import { msg, t } from "@lingui/core/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { showcaseApi } from "../../../../shared/api/showcase";
import type { ModelId } from "../../../../shared/catalogue";
import type { ShowcaseInput } from "../../../../shared/schemas/showcase";
import { call, callQuery, errorMessage } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { adminQueryKeys } from "@/features/admin/admin-query-keys";
import { toast } from "@/hooks/use-toast";

const readShowcase = callQuery(showcaseApi.adminRead);

export const useAdminShowcase = () =>
  useQuery({ queryKey: adminQueryKeys.showcase, queryFn: readShowcase, staleTime: 0 });

const SAVE_FAILED = msg`The showcase could not be saved`;

export function useSaveShowcase() {
  return useMutation({
    mutationFn: (body: ShowcaseInput) => call(showcaseApi.adminSave, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminQueryKeys.showcase, saved);
      for (const queryKey of [queryKeys.showcase, adminQueryKeys.setup])
        void queryClient.invalidateQueries({ queryKey });
      toast({ title: t`Showcase saved` });
    },
    onError: (error) => toast({ title: i18n._(SAVE_FAILED), description: errorMessage(error), variant: "destructive" }),
  });
}

const SAMPLE_FAILED = msg`The sample could not be saved`;

/** A model's sample, or none (null): saved at once, as the admin chooses it. */
export function useSaveModelSample() {
  return useMutation({
    mutationFn: ({ model, taskId }: { model: ModelId; taskId: string | null }) =>
      call(showcaseApi.adminSaveModelSample, { params: { model }, body: { taskId } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminQueryKeys.showcase, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.showcase });
      toast({ title: t`Sample saved` });
    },
    onError: (error) =>
      toast({ title: i18n._(SAMPLE_FAILED), description: errorMessage(error), variant: "destructive" }),
  });
}
