/** The provider accounts (KIE and Google keys, masked) on /admin: list, add, change, delete, and a KIE balance check. */
import {
  vendorAccountCreateSchema,
  vendorAccountDeletedSchema,
  vendorAccountIdParams,
  vendorAccountListSchema,
  vendorAccountSavedSchema,
  vendorAccountUpdateSchema,
} from "../schemas/vendor-accounts.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Admin"];

export const adminVendorAccountsApi = {
  list: defineRoute({
    method: "GET",
    path: "/api/admin/kie-apis",
    tags,
    summary: "The provider accounts (KIE and Google keys, masked), newest first",
    responses: { 200: vendorAccountListSchema, ...errors(401, 403) },
  }),
  create: defineRoute({
    method: "POST",
    path: "/api/admin/kie-apis",
    tags,
    summary: "Add a provider account",
    body: vendorAccountCreateSchema,
    responses: { 201: vendorAccountSavedSchema, ...errors(400, 401, 403, 409) },
  }),
  update: defineRoute({
    method: "PUT",
    path: "/api/admin/kie-apis/:id",
    tags,
    summary: "Change a provider account (a blank or masked token keeps the key)",
    params: vendorAccountIdParams,
    body: vendorAccountUpdateSchema,
    responses: { 200: vendorAccountSavedSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  delete: defineRoute({
    method: "DELETE",
    path: "/api/admin/kie-apis/:id",
    tags,
    summary: "Delete a provider account (its videos keep their history)",
    params: vendorAccountIdParams,
    responses: { 200: vendorAccountDeletedSchema, ...errors(400, 401, 403, 404) },
  }),
  checkCredits: defineRoute({
    method: "POST",
    path: "/api/admin/kie-apis/:id/check-credits",
    tags,
    summary: "Ask KIE for a KIE account's balance and store it (a Google account has none: 422)",
    params: vendorAccountIdParams,
    responses: { 200: vendorAccountSavedSchema, ...errors(400, 401, 403, 404, 422, 502) },
  }),
};
