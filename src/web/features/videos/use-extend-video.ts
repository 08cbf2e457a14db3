import { useMutation } from "@tanstack/react-query";
import { plural, t } from "@lingui/core/macro";
import type { CurrentUser } from "../../../shared/schemas/auth";
import type { ExtendVideoInput } from "../../../shared/schemas/videos";
import type { VideoTaskView } from "../../../shared/videos";
import { toast } from "@/hooks/use-toast";
import { ApiError, errorMessage } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { extendVideo } from "./video-api";
import { useIdempotencyKey } from "./idempotency-key";
import { addStartedTask, invalidateVideoTasks } from "./task-list-queries";
import { provisionalTask } from "./use-generate-video";
import { useInsufficientCredits } from "./use-insufficient-credits";

export interface ExtendVariables {
  parent: VideoTaskView;
  request: ExtendVideoInput;
}

/**
 * 'Extend video' (decision 0050): POST /api/videos/{taskId}/extend with one Idempotency-Key per
 * intended request, like generation. The new task goes to the top of the lists (and to `onStarted`)
 * until the server's view replaces it; 402 is the generator's 'Insufficient credits' (then /pricing),
 * any other refusal shows the server's message.
 */
export function useExtendVideo(onStarted?: (task: VideoTaskView) => void) {
  const insufficientCredits = useInsufficientCredits();
  const { keyFor, settle } = useIdempotencyKey();

  return useMutation({
    mutationFn: ({ parent, request }: ExtendVariables) =>
      extendVideo(parent.taskId, request, keyFor({ taskId: parent.taskId, ...request })),
    onSuccess: (result, { parent, request }) => {
      settle();
      const used = result.creditsUsed;
      const remaining = result.remainingCredits;
      toast({
        title: t`Extension started`,
        description: t`Your video is being extended. ${plural(used, { one: "# credit used.", other: "# credits used." })} ${plural(remaining, { one: "# credit remaining.", other: "# credits remaining." })}`,
      });
      queryClient.setQueryData<CurrentUser | null>(queryKeys.currentUser, (user) =>
        user ? { ...user, credits: result.remainingCredits } : user,
      );
      const task = provisionalTask(
        result,
        {
          prompt: request.prompt,
          imageUrls: [],
          model: parent.model,
          mode: "text",
          aspectRatio: parent.aspectRatio,
          watermark: request.watermark,
          seeds: request.seeds,
        },
        parent.taskId,
      );
      addStartedTask(task);
      onStarted?.(task);
      void invalidateVideoTasks();
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
    onError: (error) => {
      // The server answered: this request is decided. Without an answer it may have run, so a resend keeps the key.
      if (error instanceof ApiError) settle();
      if (error instanceof ApiError && error.code === "insufficient_credits") {
        insufficientCredits(errorMessage(error));
      } else {
        toast({ title: t`Extension failed`, description: errorMessage(error), variant: "destructive" });
      }
      // A refusal may mean the video changed meanwhile (its 1080p asked for) or was refunded: show it as it is.
      void invalidateVideoTasks();
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}
