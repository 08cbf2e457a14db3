import type { FastifyInstance } from "fastify";
import { settingsUpdateSchema } from "../../../shared/schemas/settings.js";
import type { Db } from "../../db/connect.js";
import { parseInput } from "../../http/errors.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { readSettings, toAdminView, updateSettings } from "./service.js";

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminSettingsRoutes(app: FastifyInstance, opts: { db: Db; secretBox: SecretBox }): Promise<void> {
  const { db, secretBox } = opts;

  app.get("/settings", async () => toAdminView(await readSettings(db, secretBox)));

  app.put("/settings", async (request) => {
    const patch = parseInput(settingsUpdateSchema, request.body);
    await updateSettings(db, secretBox, patch);
    return { message: "Settings updated", settings: toAdminView(await readSettings(db, secretBox)) };
  });
}
