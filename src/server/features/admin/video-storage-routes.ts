/** The Video Storage card of /admin (decision 0045). The retention setting itself is changed with PUT /api/admin/settings. */
import type { FastifyInstance } from "fastify";
import { adminVideosApi } from "../../../shared/api/admin-videos.js";
import type { Db } from "../../db/connect.js";
import { serve } from "../../http/route-contract.js";
import { readVideoStorage } from "./video-storage-service.js";

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminVideoStorageRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  serve(app, adminVideosApi.storage, {}, async () => readVideoStorage(db));
}
