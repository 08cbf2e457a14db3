/** The legal pages (decision 0079): everyone reads them, the admin writes them. */
import {
  adminLegalTextListSchema,
  legalTextInputSchema,
  legalTextParams,
  legalTextViewSchema,
} from "../schemas/legal.js";
import { defineRoute, errors } from "./contract.js";

export const legalApi = {
  text: defineRoute({
    method: "GET",
    path: "/api/legal/:page/:locale",
    tags: ["Site"],
    summary: "A legal page's text (terms, privacy or refunds) in one language",
    params: legalTextParams,
    responses: { 200: legalTextViewSchema, ...errors(400) },
  }),
  adminList: defineRoute({
    method: "GET",
    path: "/api/admin/legal",
    tags: ["Admin"],
    summary: "Every legal page in every language, with its starting text",
    responses: { 200: adminLegalTextListSchema, ...errors(401, 403) },
  }),
  adminSave: defineRoute({
    method: "PUT",
    path: "/api/admin/legal/:page/:locale",
    tags: ["Admin"],
    summary: "Save a legal page's text in one language (saving the starting text unchanged marks it reviewed)",
    params: legalTextParams,
    body: legalTextInputSchema,
    reasons: ["legal_text_too_long"],
    responses: { 200: legalTextViewSchema, ...errors(400, 401, 403, 413) },
  }),
};
