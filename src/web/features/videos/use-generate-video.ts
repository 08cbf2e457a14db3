import { useMutation } from "@tanstack/react-query";
import { plural, t } from "@lingui/core/macro";
import { optionsFor, type GenerationMode, type ModelId } from "../../../shared/catalogue";
import type { GenerateVideoResult } from "../../../shared/schemas/videos";
import { draftPlanOf } from "../../../shared/drafts";
import type { VideoTaskView } from "../../../shared/videos";
import { toast } from "@/hooks/use-toast";
import { generateVideo, type GenerateVideoRequest } from "./video-api";
import { useIdempotencyKey } from "./idempotency-key";
import { useInsufficientCredits } from "./use-insufficient-credits";
import { refreshTasksAndCredits, reportStartFailure, showRemainingCredits } from "./video-start-outcome";

/** What the generator sends: its mode and images always said, the seed as a number. */
export type GeneratorRequest = Omit<GenerateVideoRequest, "model" | "mode" | "imageUrls" | "seeds"> & {
  model: ModelId;
  mode: GenerationMode;
  imageUrls: string[];
  seeds?: number;
};

/**
 * The task as the lists will show it, until the server's view replaces it; `extendedFrom` for an
 * extension (decision 0050). Its options are the request's, the model's defaults where it sent none.
 */
export function provisionalTask(
  result: GenerateVideoResult,
  request: GeneratorRequest,
  extendedFrom: string | null = null,
): VideoTaskView {
  // A draft (decision 0178) is made as its draft's model and options, and says what its final is.
  const plan = request.draft ? draftPlanOf(request.model, request.mode, request, request.imageUrls.length) : undefined;
  const model = plan?.model ?? request.model;
  const options = plan?.options ?? optionsFor(request.model, request);
  return {
    id: result.taskId,
    taskId: result.taskId,
    status: "generating",
    prompt: request.prompt,
    model,
    mode: request.mode,
    aspectRatio: options.aspectRatio,
    durationSeconds: options.durationSeconds,
    resolution: options.resolution,
    audio: options.audio,
    imageUrls: request.imageUrls,
    resultUrls: [],
    hdVideoUrl: null,
    hdStatus: "none",
    extendedFrom,
    uhdStatus: request.upgrade4k ? "requested" : "none",
    uhdVideoUrl: null,
    // The answer's creditsUsed is the total (the video and its 4K): shown as such until the server's view replaces this.
    uhdCredits: 0,
    uhdError: null,
    errorMessage: null,
    watermark: request.watermark ?? null,
    seeds: request.seeds ?? null,
    batchId: result.batchId ?? null,
    createdAt: new Date().toISOString(),
    completedAt: null,
    creditsUsed: result.creditsUsed,
    createdVia: "web",
    refunded: false,
    videoExpired: false,
    isPublic: false,
    shareId: null,
    sharePromptHidden: false,
    draftOf: plan ? { model: request.model, resolution: optionsFor(request.model, request).resolution } : null,
  };
}

/**
 * POST /api/generate-video with the spec's toasts: success, 'Generation failed', and for 402
 * 'Insufficient credits' followed by /pricing.
 */
export function useGenerateVideo(onStarted: (task: VideoTaskView) => void) {
  const insufficientCredits = useInsufficientCredits();

  // One Idempotency-Key per request the person means to send (decision 0046): a double click or a
  // resend after a lost answer reuses it, so it never makes two videos; a new request, an answer
  // (success or refusal) or a change of the form gets a new one.
  const { keyFor, settle } = useIdempotencyKey();

  const mutation = useMutation({
    mutationFn: (request: GeneratorRequest) => generateVideo(request, keyFor(request)),
    onSuccess: (result, request) => {
      settle();
      const used = result.creditsUsed;
      const remaining = result.remainingCredits;
      const videos = result.taskIds?.length ?? 1;
      toast({
        title: t`Video generation started`,
        description: `${plural(videos, { one: "Your video is being generated.", other: "Your # videos are being generated." })} ${plural(used, { one: "# credit used.", other: "# credits used." })} ${plural(remaining, { one: "# credit remaining.", other: "# credits remaining." })}`,
      });
      showRemainingCredits(result.remainingCredits);
      onStarted(provisionalTask(result, request));
      refreshTasksAndCredits();
    },
    onError: (error) => reportStartFailure(error, { settle, insufficientCredits, failedTitle: t`Generation failed` }),
  });

  return { mutation, insufficientCredits };
}
