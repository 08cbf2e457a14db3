/** The Video Storage card of /admin (decisions 0043, 0045): the archive's figures and the retention setting. */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/connect.js";
import { adminSettings, videoFiles } from "../../db/schema.js";
import type { VideoStorageView } from "../../../shared/schemas/admin-video-storage.js";

export async function readVideoStorage(db: Db): Promise<VideoStorageView> {
  const rows = await db
    .select({
      status: videoFiles.status,
      files: sql<number>`count(*)::int`,
      bytes: sql<string>`coalesce(sum(${videoFiles.sizeBytes}), 0)::text`,
    })
    .from(videoFiles)
    .where(sql`${videoFiles.status} <> 'deleted'`)
    .groupBy(videoFiles.status);
  const of = (status: string) => rows.find((r) => r.status === status);
  const [settings] = await db.select({ days: adminSettings.videoRetentionDays }).from(adminSettings);
  return {
    archivedFiles: of("archived")?.files ?? 0,
    archivedBytes: Number(of("archived")?.bytes ?? 0),
    pendingFiles: of("pending")?.files ?? 0,
    failedFiles: of("failed")?.files ?? 0,
    expiredFiles: of("expired")?.files ?? 0,
    retentionDays: settings?.days ?? null,
  };
}
