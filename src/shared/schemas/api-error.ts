/**
 * The body of every error the API answers with (decision 0039): the web API's `{message, code}`,
 * the automation API's the same plus `success: false` (schemas/automation.ts), and the optional
 * fields some errors add. Routes declare it for their error statuses; the web app reads it.
 */
import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "../error-codes.js";
import { ERROR_REASONS } from "../error-reasons.js";

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const apiErrorSchema = z
  .object({
    message: z.string().meta({ description: "What went wrong, for a person to read." }),
    code: z.enum(ERROR_CODES).meta({ description: "Stable and machine-readable: switch on this, not on the message." }),
    reason: z
      .enum(ERROR_REASONS)
      .optional()
      .meta({ description: "A finer, stable key where one code covers several situations." }),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .meta({
        description: "The values the message names (credits, minutes...), for clients that word it themselves.",
      }),
    suggestion: z.string().optional().meta({ description: "What to do next (payment errors)." }),
    requestId: z.string().optional().meta({ description: "Quote it when reporting an internal error." }),
  })
  .meta({ id: "ApiError" });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
