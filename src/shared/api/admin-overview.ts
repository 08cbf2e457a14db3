/** The /admin page's figures for a range of whole UTC days (issue 23, decision 0053). */
import { adminOverviewQuerySchema, adminOverviewSchema } from "../schemas/admin-overview.js";
import { adminSetupSchema } from "../schemas/admin-setup.js";
import { defineRoute, errors } from "./contract.js";

export const adminOverviewApi = {
  get: defineRoute({
    method: "GET",
    path: "/api/admin/overview",
    tags: ["Admin"],
    summary:
      "Revenue, credits, new users, videos by day, model and outcome, video times and provider balances over today, 7, 30 or 90 UTC days",
    query: adminOverviewQuerySchema,
    responses: { 200: adminOverviewSchema, ...errors(400, 401, 403) },
  }),
  setup: defineRoute({
    method: "GET",
    path: "/api/admin/overview/setup",
    tags: ["Admin"],
    summary: "What the install still lacks before it can sell (a checklist), and whether videos are failing now",
    responses: { 200: adminSetupSchema, ...errors(401, 403) },
  }),
};
