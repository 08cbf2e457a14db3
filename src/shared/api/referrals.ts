/**
 * The referral programme (issue 70, decision 0157): the link's visit (a redirect that remembers it),
 * a person's own figures, and the admin's settings and figures.
 */
import { z } from "zod";
import { adminUserParams } from "../schemas/admin-users.js";
import { noBody } from "../schemas/common.js";
import {
  adminReferralsQuerySchema,
  adminReferralsSchema,
  adminUserReferralsSchema,
  myReferralsSchema,
  referralSettingsSchema,
} from "../schemas/referrals.js";
import { adminSettingsSavedSchema } from "../schemas/settings.js";
import { defineRoute, errors } from "./contract.js";

export const referralsApi = {
  visit: defineRoute({
    method: "GET",
    path: "/r/:code",
    tags: ["Site"],
    summary:
      "A referral link: remembers the visit in a sealed cookie (a known code only), then sends to the landing page",
    params: z.object({ code: z.string().max(64) }),
    responses: { 302: noBody },
  }),
  mine: defineRoute({
    method: "GET",
    path: "/api/referrals",
    tags: ["Account"],
    summary: "The signed-in person's referral link, how many joined and bought through it, the credits earned and held",
    responses: { 200: myReferralsSchema, ...errors(401) },
  }),
};

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
