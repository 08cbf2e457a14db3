/** The Video Storage card of /admin (decisions 0043, 0045): what the archive holds and what it still has to do. */
import { z } from "zod";

/** GET /api/admin/video-storage. */
export const videoStorageViewSchema = z
  .object({
    archivedFiles: z.number().int().meta({ description: "Files copied into our storage and kept." }),
    archivedBytes: z.number().int().meta({ description: "Their total size in bytes." }),
    pendingFiles: z
      .number()
      .int()
      .meta({ description: "The archive queue: files still to copy (including those waiting to be tried again)." }),
    failedFiles: z
      .number()
      .int()
      .meta({ description: "Files the archive gave up on (the provider's link is served while it lives)." }),
    expiredFiles: z.number().int().meta({ description: "Files whose provider link died before they could be copied." }),
    retentionDays: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Archived videos older than this are deleted; null keeps them forever." }),
  })
  .meta({ id: "AdminVideoStorage" });
export type VideoStorageView = z.infer<typeof videoStorageViewSchema>;
