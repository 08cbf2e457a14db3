/** The referral programme's admin side (issue 70, decision 0157): its settings, and its figures overall and per person. */
import { adminUserParams } from "../schemas/admin-users.js";
import {
  adminReferralsQuerySchema,
  adminReferralsSchema,
  adminUserReferralsSchema,
  referralSettingsSchema,
} from "../schemas/referrals.js";
import { adminSettingsSavedSchema } from "../schemas/settings.js";
import { defineRoute, errors } from "./contract.js";

export const adminReferralsApi = {
  updateSettings: defineRoute({
    method: "PUT",
    path: "/api/admin/settings/referrals",
    tags: ["Admin"],
    summary: "Turn the referral programme on or off and set its numbers",
    body: referralSettingsSchema,
    responses: { 200: adminSettingsSavedSchema, ...errors(400, 401, 403) },
  }),
  summary: defineRoute({
    method: "GET",
    path: "/api/admin/referrals",
    tags: ["Admin"],
    summary: "Referral sign-ups, referred people's revenue and the rewards, over the last N days",
    query: adminReferralsQuerySchema,
    responses: { 200: adminReferralsSchema, ...errors(400, 401, 403) },
  }),
  user: defineRoute({
    method: "GET",
    path: "/api/admin/users/:userId/referrals",
    tags: ["Admin"],
    summary: "Who referred a person, whom they referred and their rewards",
    params: adminUserParams,
    responses: { 200: adminUserReferralsSchema, ...errors(401, 403, 404) },
  }),
};
