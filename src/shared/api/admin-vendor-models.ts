/** Model ids per vendor on /admin (issue 74 §1, decision 0173): list, and change one with a reason. */
import {
  vendorModelListSchema,
  vendorModelMappingSchema,
  vendorModelParams,
  vendorModelUpdateSchema,
} from "../schemas/admin-vendor-models.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Admin"];

export const adminVendorModelsApi = {
  list: defineRoute({
    method: "GET",
    path: "/api/admin/vendor-models",
    tags,
    summary: "Each model's id per vendor: the default or the admin's, its state and its last check",
    responses: { 200: vendorModelListSchema, ...errors(401, 403) },
  }),
  update: defineRoute({
    method: "PUT",
    path: "/api/admin/vendor-models/:model/:vendor",
    tags,
    summary: "Change a model's id or state at a vendor (with a reason); answers after checking the id with the vendor",
    params: vendorModelParams,
    body: vendorModelUpdateSchema,
    responses: { 200: vendorModelMappingSchema, ...errors(400, 401, 403, 404) },
  }),
};
