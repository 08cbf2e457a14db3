/** The admin's settings (the /admin page): GET and PUT /api/admin/settings, secrets only masked. */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminSettingsSavedSchema,
  adminSettingsViewSchema,
  settingsUpdateSchema,
} from "../../../shared/schemas/settings.js";
import type { Db } from "../../db/connect.js";
import { errors } from "../../http/route-contract.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { auditActor } from "../audit/audit-log.js";
import { readSettings, toAdminView, updateSettingsAudited } from "./service.js";

/** Admin only: registered in the admin scope (http/admin-scope.ts), under /api/admin. */
export async function adminSettingsRoutes(app: FastifyInstance, opts: { db: Db; secretBox: SecretBox }): Promise<void> {
  const { db, secretBox } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/settings",
    {
      schema: {
        tags: ["Admin"],
        summary: "Every setting, secrets masked",
        response: { 200: adminSettingsViewSchema, ...errors(401, 403) },
      },
    },
    async () => toAdminView(await readSettings(db, secretBox)),
  );

  api.put(
    "/settings",
    {
      schema: {
        tags: ["Admin"],
        summary: "Change any subset of the settings (a blank or masked secret keeps the stored one, null clears it)",
        body: settingsUpdateSchema,
        response: { 200: adminSettingsSavedSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      await updateSettingsAudited(db, secretBox, request.body, auditActor(request), "settings.update");
      return { message: "Settings updated", settings: toAdminView(await readSettings(db, secretBox)) };
    },
  );
}
