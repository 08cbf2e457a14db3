/** How each model is doing, read from our own videos (issue 42, decision 0097). */
import { z } from "zod";

const windowSchema = z.object({
  finished: z.number().int().meta({ description: "Videos completed or failed (refused prompts not counted)." }),
  failed: z.number().int().meta({ description: "Failed for the provider's reasons." }),
  refused: z.number().int().meta({ description: "Prompts or images the provider refused for their content." }),
  successRate: z.number().nullable().meta({ description: "Completed ÷ finished, 0-1; null with nothing finished." }),
  medianSeconds: z.number().nullable().meta({ description: "Median time from request to video; null with none made." }),
});

export const modelHealthSchema = z.object({
  model: z.string(),
  lastHour: windowSchema,
  lastDay: windowSchema,
  degraded: z.boolean().meta({
    description: "More than half of at least 5 videos finished in the last hour failed for the provider's reasons.",
  }),
});
export type ModelHealth = z.infer<typeof modelHealthSchema>;
