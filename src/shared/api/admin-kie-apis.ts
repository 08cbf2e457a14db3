/** The provider accounts (KIE and Google keys, masked) on /admin: list, add, change, delete, and a KIE balance check. */
import {
  kieApiCreateSchema,
  kieApiDeletedSchema,
  kieApiIdParams,
  kieApiListSchema,
  kieApiSavedSchema,
  kieApiUpdateSchema,
} from "../schemas/kie-apis.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Admin"];

export const adminKieApisApi = {
  list: defineRoute({
    method: "GET",
    path: "/api/admin/kie-apis",
    tags,
    summary: "The provider accounts (KIE and Google keys, masked), newest first",
    responses: { 200: kieApiListSchema, ...errors(401, 403) },
  }),
  create: defineRoute({
    method: "POST",
    path: "/api/admin/kie-apis",
    tags,
    summary: "Add a provider account",
    body: kieApiCreateSchema,
    responses: { 201: kieApiSavedSchema, ...errors(400, 401, 403, 409) },
  }),
  update: defineRoute({
    method: "PUT",
    path: "/api/admin/kie-apis/:id",
    tags,
    summary: "Change a provider account (a blank or masked token keeps the key)",
    params: kieApiIdParams,
    body: kieApiUpdateSchema,
    responses: { 200: kieApiSavedSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  delete: defineRoute({
    method: "DELETE",
    path: "/api/admin/kie-apis/:id",
    tags,
    summary: "Delete a provider account (its videos keep their history)",
    params: kieApiIdParams,
    responses: { 200: kieApiDeletedSchema, ...errors(400, 401, 403, 404) },
  }),
  checkCredits: defineRoute({
    method: "POST",
    path: "/api/admin/kie-apis/:id/check-credits",
    tags,
    summary: "Ask KIE for a KIE account's balance and store it (a Google account has none: 422)",
    params: kieApiIdParams,
    responses: { 200: kieApiSavedSchema, ...errors(400, 401, 403, 404, 422, 502) },
  }),
};
