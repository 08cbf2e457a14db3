/**
 * Prompt screening for admins (decision 0089), under /api/admin: its settings card (a route of its
 * own, audited as moderation.update), the moderation log with its filters, and marking an entry
 * reviewed (audited as moderation.review).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { adminModerationApi } from "../../../shared/api/admin-moderation.js";
import type { ModerationSettingsView } from "../../../shared/schemas/moderation.js";
import type { Db } from "../../db/connect.js";
import { notFound } from "../../http/errors.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { auditActor } from "../audit/audit-log.js";
import { creemSettings } from "../payments/payment-settings.js";
import { readSettingsFromDatabase, updateSettingsAudited } from "../settings/service.js";
import { markReviewed, moderationLogPage } from "./moderation-log.js";
import { creemEndpoint } from "./screeners.js";
import type { ScreeningDeps } from "./screening.js";

/** A malformed id cannot name an entry: 404 before the database is asked. */
async function idNamesRow(request: FastifyRequest): Promise<void> {
  const { id } = request.params as { id?: unknown };
  if (!z.uuid().safeParse(id).success) throw notFound("No such entry in the moderation log");
}

export async function adminModerationRoutes(
  app: FastifyInstance,
  opts: { db: Db; secretBox: SecretBox; screening: ScreeningDeps },
): Promise<void> {
  const { db, secretBox, screening } = opts;

  const view = async (): Promise<ModerationSettingsView> => {
    const s = await readSettingsFromDatabase(db, secretBox);
    const endpoint = await creemEndpoint(screening, s);
    return {
      moderationCreemEnabled: s.moderationCreemEnabled,
      moderationFlagAction: s.moderationFlagAction as ModerationSettingsView["moderationFlagAction"],
      moderationUnreachableAction:
        s.moderationUnreachableAction as ModerationSettingsView["moderationUnreachableAction"],
      moderationRefusalsFlag: s.moderationRefusalsFlag,
      moderationRules: s.moderationRules as ModerationSettingsView["moderationRules"],
      creemPayments: Boolean(creemSettings(s, screening.config)),
      creemScreener: endpoint?.screener ?? "none",
      updatedAt: s.updatedAt.toISOString(),
    };
  };

  serve(app, adminModerationApi.settings, {}, async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
    return view();
  });

  // Turning screening off is a protection taken away: it asks for a recent second factor (0129).
  serve(app, adminModerationApi.saveSettings, STEP_UP, async (request) => {
    await updateSettingsAudited(db, secretBox, request.body, auditActor(request), "moderation.update");
    return { message: "Prompt screening updated", settings: await view() };
  });

  serve(app, adminModerationApi.log, {}, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    return moderationLogPage(db, request.query);
  });

  serve(app, adminModerationApi.review, { preValidation: idNamesRow }, async (request) => {
    const event = await markReviewed(db, request.params.id, auditActor(request));
    return { message: "Marked reviewed", event };
  });
}
