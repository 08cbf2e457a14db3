/**
 * A first frame made from text (issue 71, decision 0161): the request and the image task as its
 * owner sees it. The image becomes one of the person's uploads; its address goes in the first-frame
 * slot like any upload's.
 */
import { z } from "zod";
import { ASPECT_RATIOS } from "../catalogue.js";
import { PROMPT_MAX } from "../videos.js";
import { isoTimestamp } from "./common.js";

/** The image model's prompt is the video's, so it has the video's limit. */
export const createFirstFrameSchema = z.object({
  prompt: z
    .string({ error: "Prompt is required" })
    .trim()
    .min(1, "Prompt is required")
    .max(PROMPT_MAX, `Prompt must be at most ${PROMPT_MAX} characters`),
  aspectRatio: z
    .enum(ASPECT_RATIOS, { error: `aspectRatio must be one of ${ASPECT_RATIOS.join(", ")}` })
    .default("16:9"),
});
export type CreateFirstFrameInput = z.output<typeof createFirstFrameSchema>;

const FIRST_FRAME_STATUSES = ["generating", "completed", "failed"] as const;

export const firstFrameSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(FIRST_FRAME_STATUSES),
    prompt: z.string(),
    aspectRatio: z.string(),
    creditsUsed: z.number().int(),
    /** The kept image (one of the person's uploads) once completed; null before and on failure. */
    imageUrl: z.string().nullable(),
    /** Why it failed, in English; the web words `failureKind` in the person's language. */
    error: z.string().nullable(),
    /** "refused": the image model refused the prompt for its content; null for any other failure. */
    failureKind: z.enum(["refused"]).nullable(),
    /** The credits were given back (a failed image is refunded once). */
    refunded: z.boolean(),
    createdAt: isoTimestamp,
  })
  .meta({ id: "FirstFrame" });
export type FirstFrameView = z.infer<typeof firstFrameSchema>;

export const firstFrameStartedSchema = z
  .object({ firstFrame: firstFrameSchema, remainingCredits: z.number().int() })
  .meta({ id: "FirstFrameStarted" });

export const firstFrameParams = z.object({ id: z.uuid({ error: "id must be a first frame's id" }) });
