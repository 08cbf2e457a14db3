/**
 * Step 3 of making a video (generate-service.ts): the reserved task submitted through the port,
 * failing over between keys and vendors (decision 0098), and what the person is told when none
 * took it: the vendors' refusals in our words, next to the loop that meets them. Whatever ends it
 * without a vendor's id, the task is failed and refunded at once.
 */
import { AppError } from "../../http/errors.js";
import { VendorError } from "../../integrations/video/errors.js";
import type { VideoJob } from "../../integrations/video/port.js";
import type { GenerateVideoInput, GenerateVideoResult } from "../../../shared/schemas/videos.js";
import type { ModelId } from "../../../shared/catalogue.js";
import { type FailureKind, isContentRefusal, modelLabel, TASK_FAILURES } from "../../../shared/videos.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { refundedSentence, videoFailureOf, videoFailureSentence } from "../../../shared/video-failures.js";
import type { VideoReservation } from "../credits/ledger.js";
import { forCustomers } from "./customer-wording.js";
import type { GenerateDeps } from "./generate-service.js";
import { recordSubmission } from "./generate-record.js";
import type { Reserved } from "./generate-reserve.js";
import { failTask, type TaskRow } from "./task-state.js";
import { WATERMARKING_VENDORS, WELCOME_WATERMARK } from "./welcome-mark.js";

/**
 * Submits the reserved task to the first key that takes it: key problems move on to the vendor's
 * next key, a vendor that is down to the next vendor; anything else ends it. Taken, the task
 * learns the vendor's id (generate-record.ts); not taken, it is failed and refunded, and the
 * person is told why.
 */
export async function submitWithFailover(
  deps: GenerateDeps,
  asked: GenerateVideoInput,
  reservation: VideoReservation,
  reserved: Reserved,
  extend?: TaskRow,
): Promise<GenerateVideoResult> {
  const { db } = deps;
  // Paid with welcome credits while they are marked (decision 0155): our watermark, not theirs.
  const input = reserved.welcomeMarked ? { ...asked, watermark: WELCOME_WATERMARK } : asked;
  // The video's credits and a 4K upgrade's, charged and refunded together.
  const charged = reservation.cost + (reservation.uhd?.cost ?? 0);
  let lastError: VendorError | undefined;
  const options = {
    durationSeconds: input.durationSeconds,
    resolution: input.resolution,
    aspectRatio: input.aspectRatio,
    audio: input.audio,
  };
  const job: VideoJob = {
    model: input.model,
    mode: input.mode,
    prompt: input.prompt,
    images: reservation.task.imageUrls.map((url) => ({ url, read: () => deps.uploads.readByUrl(url) })),
    ...options,
    seed: input.seeds,
    watermark: input.watermark,
  };
  // An extension continues a task its vendor knows under one account: only that key can extend it.
  const everyGroup = extend
    ? [[await deps.provider.keyOf(extend)]]
    : await deps.provider.candidatesFor(input.model, options);
  // A marked video goes only where a watermark can be put on it (not Google's Gemini API).
  const groups = reserved.welcomeMarked
    ? everyGroup.map((g) => g.filter((key) => WATERMARKING_VENDORS.includes(key.vendor))).filter((g) => g.length > 0)
    : everyGroup;
  vendors: for (const group of groups) {
    for (const key of group) {
      try {
        const callBackUrl = deps.callbackUrlFor(key.source);
        const made = extend
          ? await key.maker.extend!({
              vendorTaskId: extend.taskId,
              model: input.model,
              prompt: input.prompt,
              seed: input.seeds,
              watermark: input.watermark,
              callBackUrl,
            })
          : { ...(await key.maker.submit({ ...job, callBackUrl })), surface: key.maker.surface };
        const taskId = made.vendorTaskId;
        const learned = await recordSubmission(db, {
          videoTaskId: reserved.id,
          placeholder: reservation.task.taskId,
          vendorTaskId: taskId,
          source: key.source,
          surface: made.surface,
          vendor: key.vendor,
          vendorModel: key.maker.vendorModel(job),
          vendorAccountId: key.vendorAccountId,
          nextCheckAt: new Date(Date.now() + deps.firstCheckMs),
        });
        if (key.vendorAccountId) await deps.provider.recordAccountUse(key.vendorAccountId, input.model, options);
        if (!learned) {
          // No vendor offers a way to cancel a task (kie-2026.md, video-vendors-2026.md), so it may
          // still make this video: the log names it for an operator; the person keeps the refund.
          deps.log?.warn(
            {
              videoTaskId: reserved.id,
              providerTaskId: taskId,
              vendor: key.vendor,
              source: key.source,
              vendorAccountId: key.vendorAccountId,
            },
            "provider accepted a video after its task was failed and refunded; left failed",
          );
          throw refusal(undefined, charged, input.model).error;
        }
        deps.wake();
        return { taskId, creditsUsed: charged, remainingCredits: reserved.remaining };
      } catch (err) {
        if (!(err instanceof VendorError)) {
          // (A task accepted too late is failed already: this finds nothing to do.)
          await failTask(db, reserved.id, TASK_FAILURES.notSubmitted, null, null);
          throw err;
        }
        // A retired id says nothing to the person when another vendor's outage came first.
        if (err.kind !== "model_retired" || !lastError) lastError = err;
        if (key.vendorAccountId && (err.kind === "insufficient_credits" || err.kind === "unauthorized")) {
          await deps.provider.markAccount(key.vendorAccountId, err.kind);
        }
        if (err.kind === "model_retired")
          await deps.retireVendorModel?.({
            model: input.model,
            vendor: key.vendor,
            vendorModelId: key.maker.vendorModel(job),
            message: err.message,
          });
        // Key problems move on to the vendor's next key; a vendor that is down (or whose keys are
        // all refused) to the next vendor. A refusal would repeat anywhere, and after a timeout
        // the vendor may have taken the video: a second try could make it twice.
        if (err.tryAnotherKey) continue;
        if (err.tryAnotherVendor) continue vendors;
        break vendors;
      }
    }
  }

  // failTask gives back the video's credits and a 4K upgrade's together. No mail: this request's
  // answer tells the person (decision 0086).
  const refused = refusal(lastError, charged, input.model);
  await failTask(db, reserved.id, refused.reason, refused.kind ?? null, null);
  throw refused.error;
}

/** Why an extension was refused (the provider's rule, decision 0050), in the customer's words. */
export const EXTEND_AFTER_HD = "A video cannot be extended after its 1080p version was made.";

/**
 * What the user is told when no key took the video (the last vendor error, or none when it was
 * taken too late); their `cost` credits are back by then. `reason` is kept on the task, `kind`
 * marks a refusal of the person's content (decision 0082).
 */
export function refusal(
  err: VendorError | undefined,
  cost: number,
  model: ModelId,
): { reason: string; error: AppError; kind?: FailureKind } {
  const refunded = refundedSentence(cost);
  switch (err?.kind) {
    case "rejected":
      if (/after 1080P generation cannot be extended/i.test(err.message)) {
        const reason = EXTEND_AFTER_HD;
        return {
          reason,
          error: new AppError(
            "unprocessable",
            `This video cannot be extended after its 1080p version was made. ${refunded}`,
            reasoned("extend_refused", { detail: reason }),
          ),
        };
      }
      {
        // Refused for its content (decision 0082): the person's prompt, not a failure of the service.
        const refused = isContentRefusal(err.message);
        // Said in our words with a next step (decision 0163); the task keeps the vendor's.
        const failure = videoFailureOf(err.message, { refused, code: err.code });
        const label = modelLabel(model);
        return {
          reason: forCustomers(err.message),
          ...(refused ? { kind: "refused" as const } : {}),
          error: new AppError(
            "unprocessable",
            `${videoFailureSentence(failure, label)} ${refunded}`,
            reasoned("video_refused", { failure, model: label, credits: cost, detail: forCustomers(err.message) }),
          ),
        };
      }
    case "model_retired":
      return {
        reason: "The video service no longer offers this model",
        error: new AppError(
          "conflict",
          `${modelLabel(model)} is no longer offered by its video service. Choose another model. ${refunded}`,
          reasoned("model_unavailable", { model: modelLabel(model), models: "" }),
        ),
      };
    case "rate_limited":
      return {
        reason: "The video service was busy",
        error: new AppError(
          "service_unavailable",
          `The video service is busy right now. Please try again in a minute. ${refunded}`,
          {
            headers: { "retry-after": "60" },
            ...reasoned("provider_busy"),
          },
        ),
      };
    default:
      return {
        reason: forCustomers(err?.message ?? "The video service is unavailable"),
        error: new AppError(
          "service_unavailable",
          `Video generation is temporarily unavailable. Please try again later. ${refunded}`,
          reasoned("generation_unavailable"),
        ),
      };
  }
}
