/** The Prompt help card's save (decision 0160): the mode, the chat endpoint and its key, on their own route. */
import { msg, t } from "@lingui/core/macro";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { promptHelpApi } from "../../../../shared/api/prompt-help";
import type { promptHelpSettingsSchema } from "../../../../shared/schemas/prompt-help";
import { call, errorMessage } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { adminQueryKeys } from "@/features/admin/admin-query-keys";
import { toast } from "@/hooks/use-toast";

export function useSavePromptHelpSettings() {
  return useMutation({
    mutationFn: (body: z.input<typeof promptHelpSettingsSchema>) => call(promptHelpApi.updateSettings, { body }),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(adminQueryKeys.settings, settings);
      void queryClient.invalidateQueries({ queryKey: queryKeys.promptHelp });
      toast({ title: t`Prompt help settings updated` });
    },
    onError: (error) =>
      toast({
        title: i18n._(msg`Update failed`),
        description: `${i18n._(msg`Failed to update prompt help settings`)}: ${errorMessage(error)}`,
        variant: "destructive",
      }),
  });
}
