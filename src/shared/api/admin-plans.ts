/**
 * The admin's plans (issue 69, decision 0152): the catalogue under /api/admin/plans and ending a
 * person's plan. Apart from plans.ts so the buyers' pages never load admin schemas.
 */
import { z } from "zod";
import { adminReasonSchema } from "../schemas/admin-reason.js";
import { adminUserParams } from "../schemas/admin-users.js";
import {
  adminPlanListSchema,
  adminPlanViewSchema,
  planIdParams,
  planInputSchema,
  planRemovedSchema,
  subscriptionActionResultSchema,
} from "../schemas/plans.js";
import { defineRoute, errors } from "./contract.js";

export const adminPlansApi = {
  list: defineRoute({
    method: "GET",
    path: "/api/admin/plans",
    tags: ["Admin"],
    summary: "Every plan, on sale or not",
    responses: { 200: adminPlanListSchema, ...errors(401, 403) },
  }),
  create: defineRoute({
    method: "POST",
    path: "/api/admin/plans",
    tags: ["Admin"],
    summary: "Add a plan",
    body: planInputSchema,
    responses: { 201: adminPlanViewSchema, ...errors(400, 401, 403) },
  }),
  replace: defineRoute({
    method: "PUT",
    path: "/api/admin/plans/:id",
    tags: ["Admin"],
    summary: "Change a plan (its prices and credits apply to new subscribers only)",
    params: planIdParams,
    body: planInputSchema,
    responses: { 200: adminPlanViewSchema, ...errors(400, 401, 403, 404) },
  }),
  delete: defineRoute({
    method: "DELETE",
    path: "/api/admin/plans/:id",
    tags: ["Admin"],
    summary: "Delete a plan (taken off sale instead while anyone subscribed to it)",
    params: planIdParams,
    responses: { 200: planRemovedSchema, ...errors(400, 401, 403, 404) },
  }),
  cancelFor: defineRoute({
    method: "POST",
    path: "/api/admin/users/:userId/plan/cancel",
    tags: ["Admin"],
    summary: "End a person's plan now (its paid period's credits stay until the period's end)",
    params: adminUserParams,
    body: z.object({ reason: adminReasonSchema }),
    responses: { 200: subscriptionActionResultSchema, ...errors(400, 401, 403, 404, 409, 502, 503) },
  }),
};
