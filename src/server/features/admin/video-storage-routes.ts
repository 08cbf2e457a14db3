/** The Video Storage card of /admin (decision 0045). The retention setting itself is changed with PUT /api/admin/settings. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { videoStorageViewSchema } from "../../../shared/schemas/admin-video-storage.js";
import type { Db } from "../../db/connect.js";
import { errors } from "../../http/route-contract.js";
import { readVideoStorage } from "./video-storage-service.js";

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminVideoStorageRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/video-storage",
    {
      schema: {
        tags: ["Admin"],
        summary: "What the video archive holds (files, bytes), its queue (pending, failed) and the retention setting",
        response: { 200: videoStorageViewSchema, ...errors(401, 403) },
      },
    },
    async () => readVideoStorage(db),
  );
}
