/** Prompt help's calls (decision 0160): whether the button shows and its price, and one improvement. */
import { useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { promptHelpApi } from "../../../shared/api/prompt-help";
import type { promptHelpRequestSchema } from "../../../shared/schemas/prompt-help";
import { call, callQuery } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** Whether the owner has prompt help on, and what one improved prompt costs; read again each minute. */
export function usePromptHelpOffer() {
  return useQuery({
    queryKey: queryKeys.promptHelp,
    queryFn: callQuery(promptHelpApi.offer),
    staleTime: 60_000,
  });
}

export function useImprovePrompt() {
  return useMutation({
    mutationFn: (body: z.input<typeof promptHelpRequestSchema>) => call(promptHelpApi.improve, { body }),
  });
}
