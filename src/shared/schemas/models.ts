/** GET /api/models: the catalogue as it is now, each model in our words with its prices (issue 42). */
import { z } from "zod";
import { ASPECT_RATIOS, MODELS, MODES, SURCHARGES } from "../catalogue.js";
import { AUDIO_SUPPORT, MODEL_FAMILIES, RESOLUTIONS, VENDORS } from "../model-description.js";

const choices = <T extends z.ZodType>(item: T) => z.object({ options: z.array(item), default: item });

const modelViewSchema = z
  .object({
    id: z.enum(MODELS).meta({ description: "What to send as `model`." }),
    label: z.string(),
    description: z.string(),
    family: z.enum(MODEL_FAMILIES),
    vendors: z
      .array(z.enum(VENDORS))
      .meta({ description: "Who makes it, in the order tried: the next one takes over when one is down." }),
    modes: z
      .array(
        z.object({
          mode: z.enum(MODES),
          minImages: z.number().int(),
          maxImages: z.number().int(),
          /** The label of each image slot, in order. */
          imageLabels: z.array(z.string()),
          shapeFollowsImage: z.boolean().meta({
            description: "True: in this mode the video takes its image's shape and `aspectRatio` is not used.",
          }),
        }),
      )
      .meta({ description: "The modes this model makes, with the images each takes." }),
    durations: choices(z.number().int()).extend({
      chosen: z.boolean().meta({ description: "False: every video has the default length and none is sent." }),
    }),
    resolutions: choices(z.enum(RESOLUTIONS)).meta({
      description: "The resolution a video is made in; `upgrades` say what can follow.",
    }),
    aspectRatios: choices(z.enum(ASPECT_RATIOS)).extend({
      chosen: z
        .boolean()
        .meta({ description: "False: the video follows its image (or the model's shape); send none." }),
    }),
    limits: z
      .array(z.object({ resolution: z.enum(RESOLUTIONS), durations: z.array(z.number().int()) }))
      .meta({ description: "Lengths allowed only at some resolutions." }),
    audio: z.enum(AUDIO_SUPPORT).meta({ description: "Sound in every video, on or off as asked, or never." }),
    seed: z
      .object({ min: z.number().int(), max: z.number().int() })
      .nullable()
      .meta({ description: "The seed range, or null when the model takes none." }),
    negativePrompt: z.boolean(),
    watermark: z.boolean().meta({ description: "Takes a watermark text to write on the video." }),
    upgrades: z
      .object({ hd1080: z.boolean(), uhd4k: z.boolean(), extend: z.boolean() })
      .meta({ description: "What can follow a finished video: its 1080p file, a 4K version, an extension." }),
    draft: z
      .union([z.object({ resolution: z.enum(RESOLUTIONS) }), z.object({ model: z.enum(MODELS) })])
      .nullable()
      .optional()
      .meta({
        description:
          "How `draft: true` makes a cheap draft of this model's video (decision 0178): the same model at `resolution`, or `model`, a cheaper sibling with the same options; null when it has none. Offered only while the draft costs less than the video.",
      }),
    price: z
      .object({
        unit: z.enum(["video", "second"]),
        webCredits: z.number().meta({ description: "A video with the default options, as charged on the website." }),
        apiCredits: z.number().meta({ description: "The same through the API, rounded up as charged." }),
        cells: z
          .array(
            z.object({
              resolution: z.enum(RESOLUTIONS),
              audio: z.boolean(),
              webCredits: z.number(),
              apiCredits: z.number(),
            }),
          )
          .meta({
            description:
              "The price per unit (a video, or a second of it) at each resolution, with or without sound. A video costs the unit price × its seconds (per-second models), rounded up to whole credits.",
          }),
      })
      .meta({ description: "What a video costs in credits." }),
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
    firstFrame: z
      .boolean()
      .optional()
      .meta({ description: "People may make a video's first frame from text now (decision 0161)." }),
  })
  .meta({ id: "Models" });
export type ModelsView = z.infer<typeof modelsViewSchema>;
