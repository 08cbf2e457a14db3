/** Prompt screening for admins (decision 0089): its settings card, the moderation log and marking an entry reviewed. */
import {
  moderationEventParams,
  moderationEventSchema,
  moderationLogPageSchema,
  moderationLogQuerySchema,
  moderationSettingsSavedSchema,
  moderationSettingsUpdateSchema,
  moderationSettingsViewSchema,
} from "../schemas/moderation.js";
import { z } from "zod";
import { defineRoute, errors } from "./contract.js";

const tags = ["Admin"];

export const adminModerationApi = {
  settings: defineRoute({
    method: "GET",
    path: "/api/admin/settings/moderation",
    tags,
    summary: "Prompt screening's settings, and which screeners run now",
    responses: { 200: moderationSettingsViewSchema, ...errors(401, 403) },
  }),
  saveSettings: defineRoute({
    method: "PUT",
    path: "/api/admin/settings/moderation",
    tags,
    summary:
      "Change prompt screening: Creem's moderation on or off, what a flag and an unreachable screener do, the rules",
    body: moderationSettingsUpdateSchema,
    responses: { 200: moderationSettingsSavedSchema, ...errors(400, 401, 403) },
  }),
  log: defineRoute({
    method: "GET",
    path: "/api/admin/moderation",
    tags,
    summary: "Screened prompts that did not simply pass (flagged, refused, unscreened), newest first, 50 a page",
    query: moderationLogQuerySchema,
    responses: { 200: moderationLogPageSchema, ...errors(400, 401, 403) },
  }),
  review: defineRoute({
    method: "POST",
    path: "/api/admin/moderation/:id/review",
    params: moderationEventParams,
    tags,
    summary: "Mark a screened prompt reviewed",
    responses: {
      200: z.object({ message: z.string(), event: moderationEventSchema }),
      ...errors(401, 403, 404, 409),
    },
  }),
};
