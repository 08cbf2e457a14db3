/**
 * The admin's codes (issue 70, decision 0156) under /api/admin/codes: list with each code's uses,
 * credits granted and revenue; create one, or N single-use codes in a batch; export as CSV; change
 * one; its redemptions. Apart from codes.ts so people's pages never load admin schemas.
 */
import { csvFileAnswer } from "../schemas/admin-exports.js";
import {
  adminCodeFiltersSchema,
  adminCodeListSchema,
  adminCodeViewSchema,
  adminRedemptionListSchema,
  bulkCodesCreatedSchema,
  bulkCreateCodesSchema,
  codeExportQuerySchema,
  codeIdParams,
  createCodeSchema,
  updateCodeSchema,
} from "../schemas/codes.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Admin"];

export const adminCodesApi = {
  list: defineRoute({
    method: "GET",
    path: "/api/admin/codes",
    tags,
    summary: "Codes, newest first, with their uses, credits granted and revenue",
    query: adminCodeFiltersSchema,
    responses: { 200: adminCodeListSchema, ...errors(400, 401, 403) },
  }),
  create: defineRoute({
    method: "POST",
    path: "/api/admin/codes",
    tags,
    summary: "Add a code: a credit grant or a discount (a fresh second factor first)",
    body: createCodeSchema,
    responses: { 201: adminCodeViewSchema, ...errors(400, 401, 403, 404, 409) },
    reasons: ["code_taken", "second_factor_required"],
  }),
  bulkCreate: defineRoute({
    method: "POST",
    path: "/api/admin/codes/bulk",
    tags,
    summary: "Add up to 1000 single-use codes with one batch id (a fresh second factor first)",
    body: bulkCreateCodesSchema,
    responses: { 201: bulkCodesCreatedSchema, ...errors(400, 401, 403) },
    reasons: ["second_factor_required"],
  }),
  exportCsv: defineRoute({
    method: "GET",
    path: "/api/admin/codes/export.csv",
    tags,
    summary: "Codes as a CSV file: one batch, or all",
    query: codeExportQuerySchema,
    responses: { 200: csvFileAnswer("The codes"), ...errors(400, 401, 403) },
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/admin/codes/:id",
    tags,
    summary: "One code with its figures",
    params: codeIdParams,
    responses: { 200: adminCodeViewSchema, ...errors(401, 403, 404) },
  }),
  update: defineRoute({
    method: "PATCH",
    path: "/api/admin/codes/:id",
    tags,
    summary: "Change a code's label, limits or validity, or turn it off or on",
    description:
      "Only the fields given change. The kind never changes; what the code gives (credits, days, percent or " +
      "amount off) only while nobody has used it (409 `code_in_use`). A fresh second factor first.",
    params: codeIdParams,
    body: updateCodeSchema,
    responses: { 200: adminCodeViewSchema, ...errors(400, 401, 403, 404, 409) },
    reasons: ["code_in_use", "second_factor_required"],
  }),
  redemptions: defineRoute({
    method: "GET",
    path: "/api/admin/codes/:id/redemptions",
    tags,
    summary: "A code's redemptions, newest first (at most 500)",
    params: codeIdParams,
    responses: { 200: adminRedemptionListSchema, ...errors(401, 403, 404) },
  }),
};
