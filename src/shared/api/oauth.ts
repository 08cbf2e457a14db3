/**
 * OAuth for the MCP server (decision 0169): the consent page's request check and answer, and the
 * /api page's connected apps (list, revoke at once). The protocol endpoints (/oauth/*, the
 * .well-known metadata) are outside the /api contracts, like /mcp.
 */
import { okSchema } from "../schemas/common.js";
import {
  oauthAuthorizeRequestSchema,
  oauthConnectionIdParams,
  oauthConnectionListSchema,
  oauthConsentDecisionSchema,
  oauthConsentRedirectSchema,
  oauthConsentSchema,
} from "../schemas/oauth.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Account"];

export const oauthApi = {
  consent: defineRoute({
    method: "GET",
    path: "/api/oauth/consent",
    tags,
    summary: "Check an authorization request and say what the consent page shows",
    query: oauthAuthorizeRequestSchema,
    responses: { 200: oauthConsentSchema, ...errors(400, 401, 403, 429) },
  }),
  decide: defineRoute({
    method: "POST",
    path: "/api/oauth/consent",
    tags,
    summary: "Allow or refuse an app: where to send the browser back",
    body: oauthConsentDecisionSchema,
    responses: { 200: oauthConsentRedirectSchema, ...errors(400, 401, 403, 429) },
  }),
  connections: defineRoute({
    method: "GET",
    path: "/api/oauth/connections",
    tags,
    summary: "The apps the signed-in user allowed (OAuth connections)",
    responses: { 200: oauthConnectionListSchema, ...errors(401) },
  }),
  revoke: defineRoute({
    method: "DELETE",
    path: "/api/oauth/connections/:id",
    tags,
    summary: "Disconnect an app: its tokens stop working at once",
    params: oauthConnectionIdParams,
    responses: { 200: okSchema, ...errors(400, 401, 403, 404) },
  }),
};
