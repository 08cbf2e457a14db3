/** Video Recovery on /admin (decision 0022): the answers of its two buttons (decision 0040). */
import { z } from "zod";

/** POST /api/admin/recheck-failed-videos: what one press found. */
export const recheckReportSchema = z
  .object({
    message: z.string(),
    checked: z.number().int().meta({ description: "Failed videos of the last 24 h that were asked about." }),
    recovered: z.number().int().meta({ description: "Now completed: the provider had delivered them." }),
    chargedAgain: z.number().int().meta({ description: "Of those, automatic refunds taken back through the ledger." }),
    refundsKept: z
      .number()
      .int()
      .meta({ description: "Of those, refunds left with the user: the balance could not go below zero." }),
    stillFailed: z.number().int().meta({ description: "The provider confirmed the failure." }),
    unchecked: z
      .number()
      .int()
      .meta({ description: "The provider could not be asked (down, key gone, unknown task)." }),
  })
  .meta({ id: "AdminRecheckReport" });
export type RecheckReport = z.infer<typeof recheckReportSchema>;

/** DELETE /api/admin/delete-failed-videos. */
export const deletedFailedVideosSchema = z
  .object({ message: z.string(), deleted: z.number().int() })
  .meta({ id: "AdminDeletedFailedVideos" });
export type DeletedFailedVideos = z.infer<typeof deletedFailedVideosSchema>;
