import { useMutation } from "@tanstack/react-query";
import { plural, t } from "@lingui/core/macro";
import { MODEL_CATALOGUE } from "../../../shared/catalogue";
import type { VideoTaskView } from "../../../shared/videos";
import { toast } from "@/hooks/use-toast";
import { useIdempotencyKey } from "./idempotency-key";
import { addStartedTask } from "./task-list-queries";
import { provisionalTask } from "./use-generate-video";
import { useInsufficientCredits } from "./use-insufficient-credits";
import { makeFinal } from "./video-api";
import { refreshTasksAndCredits, reportStartFailure, showRemainingCredits } from "./video-start-outcome";

/**
 * "Make it final" (issue 74 §3, decision 0178): POST /api/videos/{taskId}/final with one
 * Idempotency-Key per intended click, like generation, so a double click makes one final. The new
 * video goes to the top of the lists (and to `onStarted`) until the server's view replaces it.
 */
export function useMakeFinal(onStarted?: (task: VideoTaskView) => void) {
  const insufficientCredits = useInsufficientCredits();
  const { keyFor, settle } = useIdempotencyKey();
  return useMutation({
    mutationFn: (draft: VideoTaskView) => makeFinal(draft.taskId, keyFor({ final: draft.taskId })),
    onSuccess: (result, draft) => {
      settle();
      const used = result.creditsUsed;
      const remaining = result.remainingCredits;
      toast({
        title: t`Final video started`,
        description: t`Your final video is being made. ${plural(used, { one: "# credit used.", other: "# credits used." })} ${plural(remaining, { one: "# credit remaining.", other: "# credits remaining." })}`,
      });
      showRemainingCredits(remaining);
      const model = draft.draftOf!.model;
      const task = provisionalTask(result, {
        prompt: draft.prompt,
        imageUrls: draft.imageUrls,
        model,
        mode: draft.mode,
        aspectRatio: draft.aspectRatio,
        resolution: draft.draftOf!.resolution,
        durationSeconds: draft.durationSeconds ?? undefined,
        audio: draft.audio ?? undefined,
        watermark: draft.watermark ?? undefined,
        seeds: MODEL_CATALOGUE[model].seed ? (draft.seeds ?? undefined) : undefined,
      });
      addStartedTask(task);
      onStarted?.(task);
      refreshTasksAndCredits();
    },
    onError: (error) => reportStartFailure(error, { settle, insufficientCredits, failedTitle: t`Final video failed` }),
  });
}
