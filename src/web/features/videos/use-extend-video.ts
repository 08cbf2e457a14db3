import { useMutation } from "@tanstack/react-query";
import { plural, t } from "@lingui/core/macro";
import type { ModelId } from "../../../shared/catalogue";
import type { ExtendMethod, ExtendVideoInput } from "../../../shared/schemas/videos";
import type { VideoTaskView } from "../../../shared/videos";
import { toast } from "@/hooks/use-toast";
import { extendVideo } from "./video-api";
import { useIdempotencyKey } from "./idempotency-key";
import { addStartedTask } from "./task-list-queries";
import { provisionalTask } from "./use-generate-video";
import { useInsufficientCredits } from "./use-insufficient-credits";
import { refreshTasksAndCredits, reportStartFailure, showRemainingCredits } from "./video-start-outcome";

export interface ExtendVariables {
  parent: VideoTaskView;
  /** How it will be made and by which model (GET …/extend): the new task until the server's view replaces it. */
  method: ExtendMethod;
  model: ModelId;
  request: ExtendVideoInput;
}

/**
 * 'Extend video' (decisions 0050, 0159): POST /api/videos/{taskId}/extend with one Idempotency-Key per
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
    onSuccess: (result, { parent, method, model, request }) => {
      settle();
      const used = result.creditsUsed;
      const remaining = result.remainingCredits;
      toast({
        title: t`Extension started`,
        description: t`Your video is being extended. ${plural(used, { one: "# credit used.", other: "# credits used." })} ${plural(remaining, { one: "# credit remaining.", other: "# credits remaining." })}`,
      });
      showRemainingCredits(result.remainingCredits);
      const made = provisionalTask(
        result,
        {
          prompt: request.prompt,
          imageUrls: [],
          model,
          // From the last frame, a new image-to-video video (the frame shows once the server's view arrives).
          mode: method === "last_frame" ? "image" : "text",
          aspectRatio: parent.aspectRatio,
          watermark: request.watermark,
          seeds: request.seeds,
        },
        parent.taskId,
      );
      const task: VideoTaskView = {
        ...made,
        extendMethod: method,
        joinStatus: method === "last_frame" ? "pending" : "none",
        joinedVideoUrl: null,
      };
      addStartedTask(task);
      onStarted?.(task);
      refreshTasksAndCredits();
    },
    onError: (error) => reportStartFailure(error, { settle, insufficientCredits, failedTitle: t`Extension failed` }),
  });
}
