/** The admin's credit packages (decision 0015): every package, active or not, and their changes. */
import {
  adminCreditPackageListSchema,
  adminCreditPackageViewSchema,
  creditPackageInputSchema,
  packageIdParams,
  packageRemovedSchema,
} from "../schemas/packages.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Admin"];

export const adminPackagesApi = {
  list: defineRoute({
    method: "GET",
    path: "/api/admin/credit-packages",
    tags,
    summary: "Every credit package, active or not",
    responses: { 200: adminCreditPackageListSchema, ...errors(401, 403) },
  }),
  create: defineRoute({
    method: "POST",
    path: "/api/admin/credit-packages",
    tags,
    summary: "Add a credit package",
    body: creditPackageInputSchema,
    responses: { 201: adminCreditPackageViewSchema, ...errors(400, 401, 403) },
  }),
  replace: defineRoute({
    method: "PUT",
    path: "/api/admin/credit-packages/:id",
    tags,
    summary: "Replace a credit package",
    params: packageIdParams,
    body: creditPackageInputSchema,
    responses: { 200: adminCreditPackageViewSchema, ...errors(400, 401, 403, 404) },
  }),
  delete: defineRoute({
    method: "DELETE",
    path: "/api/admin/credit-packages/:id",
    tags,
    summary: "Delete a credit package (deactivated instead when purchases refer to it)",
    params: packageIdParams,
    responses: { 200: packageRemovedSchema, ...errors(400, 401, 403, 404) },
  }),
};
