import { useMutation } from "@tanstack/react-query";
import { t } from "@lingui/core/macro";
import type { CurrentUser } from "../../../shared/schemas/auth";
import type { VideoTaskView } from "../../../shared/videos";
import { toast } from "@/hooks/use-toast";
import { ApiError, errorMessage } from "@/lib/api";
import { withBalance } from "@/lib/credit-split";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { upgradeTo4k } from "./video-api";
import { invalidateVideoTasks, isTaskListQuery } from "./task-list-queries";
import { useInsufficientCredits } from "./use-insufficient-credits";
import type { TaskList } from "./video-api";
import { creditsText, UHD_NOTE } from "./video-display";

/** Shows a task as having its 4K version made, in every list that holds it, until the lists answer again. */
function markPending(taskId: string): void {
  queryClient.setQueriesData<TaskList>({ predicate: isTaskListQuery }, (data) =>
    data?.tasks.some((t) => t.taskId === taskId)
      ? {
          ...data,
          tasks: data.tasks.map((t): VideoTaskView =>
            t.taskId === taskId ? { ...t, uhdStatus: "pending", uhdError: null } : t,
          ),
        }
      : data,
  );
}

/**
 * 'Upgrade to 4K' of the details dialog (decision 0049): POST /api/videos/{taskId}/upgrade-4k, then
 * the new balance and the task's 4K status. 402 is the generator's 'Insufficient credits' (then
 * /pricing); any other refusal shows the server's message.
 */
export function useUpgrade4k() {
  const insufficientCredits = useInsufficientCredits();
  const mutation = useMutation({
    mutationFn: (taskId: string) => upgradeTo4k(taskId),
    onSuccess: (result) => {
      const uhdNote = i18n._(UHD_NOTE);
      const used = creditsText(result.creditsUsed);
      const remaining = creditsText(result.remainingCredits);
      toast({ title: t`4K upgrade started`, description: t`${uhdNote} ${used} used. ${remaining} remaining.` });
      queryClient.setQueryData<CurrentUser | null>(queryKeys.currentUser, (user) =>
        user ? withBalance(user, result.remainingCredits) : user,
      );
      markPending(result.taskId);
      void invalidateVideoTasks();
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === "insufficient_credits") {
        insufficientCredits(errorMessage(error));
      } else {
        toast({ title: t`4K upgrade failed`, description: errorMessage(error), variant: "destructive" });
      }
      // A refusal may mean the task changed meanwhile (already upgraded, expired): show it as it is.
      void invalidateVideoTasks();
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
  return {
    upgrade: (taskId: string) => mutation.mutate(taskId),
    isUpgrading: (taskId: string) => mutation.isPending && mutation.variables === taskId,
  };
}
