import { z } from "zod";
import { PROMPT_MAX } from "../../../shared/videos";
import { isSeed, promptRequiredMessage, promptTooLongMessage, seedMessage } from "./generate-form-schema";

/** The 'Extend video' form: the next prompt, an optional seed and 'Keep extendable'. */
export const extendFormSchema = z.object({
  // Lazy messages: zod makes them when it validates, in the language of that moment.
  prompt: z
    .string()
    .trim()
    .min(1, { error: () => promptRequiredMessage() })
    .max(PROMPT_MAX, { error: () => promptTooLongMessage() }),
  seed: z
    .string()
    .trim()
    .refine(isSeed, { error: () => seedMessage() }),
  keepExtendable: z.boolean(),
});
export type ExtendFormValues = z.infer<typeof extendFormSchema>;

export const EMPTY_EXTEND_FORM: ExtendFormValues = { prompt: "", seed: "", keepExtendable: false };
