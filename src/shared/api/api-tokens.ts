/** The signed-in user's API tokens (the /api page): list, create (full value once), delete, revoke all. */
import { createTokenSchema } from "../schemas/automation.js";
import {
  apiTokenDeletedSchema,
  apiTokenIdParams,
  apiTokenListSchema,
  createdApiTokenSchema,
  revokedApiTokensSchema,
} from "../schemas/api-tokens.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Account"];

export const apiTokensApi = {
  list: defineRoute({
    method: "GET",
    path: "/api/user-tokens",
    tags,
    summary: "The signed-in user's API tokens, masked",
    responses: { 200: apiTokenListSchema, ...errors(401) },
  }),
  create: defineRoute({
    method: "POST",
    path: "/api/user-tokens",
    tags,
    summary: "Create a named API token (the only answer with its full value)",
    body: createTokenSchema,
    responses: { 201: createdApiTokenSchema, ...errors(400, 401, 403, 409, 429) },
  }),
  createDefault: defineRoute({
    method: "POST",
    path: "/api/user-tokens/default",
    tags,
    summary: 'Create the token named "Default", for a user who has none',
    responses: { 201: createdApiTokenSchema, ...errors(401, 403, 409, 429) },
  }),
  delete: defineRoute({
    method: "DELETE",
    path: "/api/user-tokens/:id",
    tags,
    summary: "Delete one of the signed-in user's API tokens",
    params: apiTokenIdParams,
    responses: { 200: apiTokenDeletedSchema, ...errors(400, 401, 403, 404) },
  }),
  revokeAll: defineRoute({
    method: "DELETE",
    path: "/api/user-tokens",
    tags,
    summary: "Revoke (delete) every API token of the signed-in user",
    responses: { 200: revokedApiTokensSchema, ...errors(401, 403) },
  }),
};
