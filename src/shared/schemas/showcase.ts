/**
 * The landing page's showcase (issue 38, decision 0081): GET /api/showcase for everyone, and the
 * admin's choice under /api/admin/showcase.
 */
import { z } from "zod";
import { ASPECT_RATIOS, MODELS } from "../catalogue.js";
import { isoTimestamp } from "./common.js";

/** How many videos the showcase holds at most. */
export const SHOWCASE_MAX = 6;
/** The longest caption the admin may write. */
export const SHOWCASE_CAPTION_MAX = 200;

const promptField = z.string().nullable().meta({
  description: "The prompt the video was made from; null when its owner shared it with the prompt hidden.",
});

/** One video of the showcase, as the landing page shows it. */
const showcaseVideoSchema = z
  .object({
    id: z.string().meta({ description: "The video's task id, or sample-N for a sample clip." }),
    videoUrl: z.string().meta({
      description: "The video to play: a path on this site (signed where it needs to be), or the provider's URL.",
    }),
    posterUrl: z.string().nullable().meta({
      description:
        "A frame of the video (JPEG), taken when it was kept: a path on this site (signed where it needs to be); null when there is none.",
    }),
    prompt: promptField,
    caption: z.string().nullable().meta({ description: "The admin's caption, shown instead of the prompt." }),
    model: z.enum(MODELS),
    aspectRatio: z.enum(ASPECT_RATIOS),
    sample: z.boolean().meta({ description: "True for the simulator's sample clips (no video was chosen yet)." }),
  })
  .meta({ id: "ShowcaseVideo" });
export type ShowcaseVideo = z.infer<typeof showcaseVideoSchema>;

export const showcaseViewSchema = z
  .object({
    source: z.enum(["chosen", "samples", "none"]).meta({
      description:
        "chosen: the admin's videos; samples: none is chosen and videos are simulated, so the sample clips; none: nothing to show yet.",
    }),
    videos: z.array(showcaseVideoSchema),
    modelSamples: z.array(showcaseVideoSchema).meta({
      description:
        "One sample per model that has one, in the catalogue's order: the admin's choice, or while videos are simulated the sample clip for the model's shape (sample: true). A model with none is left out.",
    }),
  })
  .meta({ id: "Showcase" });
export type ShowcaseView = z.infer<typeof showcaseViewSchema>;

/** A finished video the admin may choose, or has chosen. */
const showcaseCandidateSchema = z
  .object({
    taskId: z.string(),
    videoUrl: z.string().meta({ description: "A path on this site the admin's browser can play." }),
    posterUrl: z.string().nullable().meta({ description: "Its frame, a path on this site; null when there is none." }),
    prompt: promptField,
    promptHidden: z
      .boolean()
      .meta({ description: "Its owner shares it without the prompt: the prompt is never shown." }),
    model: z.enum(MODELS),
    aspectRatio: z.enum(ASPECT_RATIOS),
    owner: z.string().meta({ description: "The owner's username." }),
    ownVideo: z.boolean().meta({ description: "True for the admins' own videos; false for a customer's shared one." }),
    createdAt: isoTimestamp,
  })
  .meta({ id: "ShowcaseCandidate" });
export type ShowcaseCandidate = z.infer<typeof showcaseCandidateSchema>;

const chosenSchema = showcaseCandidateSchema.extend({ caption: z.string().nullable() }).meta({ id: "ShowcaseChoice" });
export type ShowcaseChoice = z.infer<typeof chosenSchema>;

/** A model's sample as the admin chooses it (decision 0166). */
const adminModelSampleSchema = z
  .object({
    model: z.enum(MODELS),
    chosen: showcaseCandidateSchema.nullable().meta({
      description: "The chosen sample while it may still be shown (finished, kept, the admins' own or still shared).",
    }),
    candidates: z.array(showcaseCandidateSchema).meta({
      description: "The most recent finished videos of this model that may be chosen.",
    }),
  })
  .meta({ id: "AdminModelSample" });
export type AdminModelSample = z.infer<typeof adminModelSampleSchema>;

export const adminShowcaseSchema = z
  .object({
    max: z.number().int().meta({ description: "How many videos the showcase holds at most." }),
    chosen: z.array(chosenSchema).meta({ description: "The showcase in its order (videos that left it are gone)." }),
    candidates: z.array(showcaseCandidateSchema).meta({
      description: "The most recent finished videos that may be chosen: the admins' own and customers' shared ones.",
    }),
    modelSamples: z.array(adminModelSampleSchema).meta({ description: "Every model of the catalogue, in its order." }),
  })
  .meta({ id: "AdminShowcase" });
export type AdminShowcase = z.infer<typeof adminShowcaseSchema>;

export const showcaseInputSchema = z.object({
  videos: z
    .array(
      z.object({
        taskId: z.string().trim().min(1, "taskId is required").max(200),
        caption: z
          .string()
          .trim()
          .max(SHOWCASE_CAPTION_MAX, `A caption can have at most ${SHOWCASE_CAPTION_MAX} characters`)
          .nullable()
          .optional()
          .transform((c) => (c ? c : null)),
      }),
    )
    .max(SHOWCASE_MAX, `The showcase holds at most ${SHOWCASE_MAX} videos`)
    .refine((videos) => new Set(videos.map((v) => v.taskId)).size === videos.length, "A video can be chosen once")
    .meta({ description: `The showcase in its order, at most ${SHOWCASE_MAX} videos; an empty list clears it.` }),
});
export type ShowcaseInput = z.input<typeof showcaseInputSchema>;

/** PUT /api/admin/showcase/model-samples/{model}: that model's sample, or none. */
export const modelSampleParams = z.object({
  model: z.enum(MODELS, { error: "model must be one of the catalogue's models" }),
});
export const modelSampleInputSchema = z.object({
  taskId: z
    .string()
    .trim()
    .min(1, "taskId is required")
    .max(200)
    .nullable()
    .meta({ description: "A finished video of this model (the admins' own or a shared one); null: no sample." }),
});
