/** GET /api/models: the catalogue as it is now, each model in our words with its prices (issue 42). */
import { z } from "zod";
import { ASPECT_RATIOS, MODELS, MODES, SURCHARGES } from "../catalogue.js";
import { AUDIO_SUPPORT, RESOLUTIONS } from "../model-description.js";

const choices = <T extends z.ZodType>(item: T) => z.object({ options: z.array(item), default: item });

const modelViewSchema = z
  .object({
    id: z.enum(MODELS).meta({ description: "What to send as `model`." }),
    label: z.string(),
    description: z.string(),
    family: z.enum(["veo"]),
    modes: z
      .array(
        z.object({
          mode: z.enum(MODES),
          minImages: z.number().int(),
          maxImages: z.number().int(),
          /** The label of each image slot, in order. */
          imageLabels: z.array(z.string()),
        }),
      )
      .meta({ description: "The modes this model makes, with the images each takes." }),
    durations: choices(z.number().int()).extend({
      chosen: z.boolean().meta({ description: "False: every video has the default length and none is sent." }),
    }),
    resolutions: choices(z.enum(RESOLUTIONS)).meta({
      description: "The resolution a video is made in; `upgrades` say what can follow.",
    }),
    aspectRatios: choices(z.enum(ASPECT_RATIOS)),
    audio: z.enum(AUDIO_SUPPORT).meta({ description: "Sound in every video, on or off as asked, or never." }),
    seed: z
      .object({ min: z.number().int(), max: z.number().int() })
      .nullable()
      .meta({ description: "The seed range, or null when the model takes none." }),
    negativePrompt: z.boolean(),
    upgrades: z
      .object({ hd1080: z.boolean(), uhd4k: z.boolean(), extend: z.boolean() })
      .meta({ description: "What can follow a finished video: its 1080p file, a 4K version, an extension." }),
    price: z.object({ unit: z.enum(["video"]), webCredits: z.number(), apiCredits: z.number() }).meta({
      description: "Credits per video on the website and through the API (the API's rounded up, as charged).",
    }),
    status: z.enum(["available", "degraded"]).meta({
      description:
        "degraded: more than half of at least 5 videos finished in the last hour failed for the provider's reasons; videos may still be made.",
    }),
    typicalSeconds: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Median time to a video over the last day; null with none made." }),
  })
  .meta({ id: "Model" });

export const modelsViewSchema = z
  .object({
    models: z.array(modelViewSchema),
    surcharges: z
      .array(
        z.object({ surcharge: z.enum(SURCHARGES), label: z.string(), webCredits: z.number(), apiCredits: z.number() }),
      )
      .meta({
        description:
          "Added to a model's price: a 4K version, an extension. API prices here are decimals; a charge is rounded up once.",
      }),
    simulated: z.boolean().meta({ description: "True when videos are made by the built-in simulator." }),
  })
  .meta({ id: "Models" });
export type ModelsView = z.infer<typeof modelsViewSchema>;
