/**
 * OAuth 2.1 with PKCE for the MCP server (decision 0169): the scopes a person can allow, and the
 * session routes the consent page (/oauth/authorize) and the /api page's "Connected apps" card call.
 * The protocol endpoints themselves (/oauth/token, /oauth/register, /oauth/revoke, the metadata)
 * speak the RFCs' own shapes and are outside these contracts.
 */
import { z } from "zod";
import { isoTimestamp } from "./common.js";

/**
 * videos:read: see your videos, models and balance. videos:write: make, upgrade and extend videos
 * with your credits (and redeem codes); without it the spending MCP tools and automation routes refuse.
 */
export const OAUTH_SCOPES = ["videos:read", "videos:write"] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

const oauthScopeSchema = z.enum(OAUTH_SCOPES, { error: `Scopes must be among ${OAUTH_SCOPES.join(", ")}` });

const text = (name: string, max = 2000) =>
  z
    .string({ error: `${name} is required` })
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`);

/**
 * The authorization request as the client sent it to /oauth/authorize (RFC 6749 §4.1.1 with PKCE,
 * RFC 8707's resource): the consent page passes its query string through unchanged. Checked by
 * the server; a bad one is a 400 the page shows, never a redirect to an unverified redirect_uri.
 */
export const oauthAuthorizeRequestSchema = z.object({
  client_id: text("client_id"),
  redirect_uri: text("redirect_uri"),
  response_type: text("response_type", 50).meta({ description: 'Only "code".' }),
  code_challenge: text("code_challenge", 128).meta({ description: "PKCE: BASE64URL(SHA-256(code_verifier))." }),
  code_challenge_method: text("code_challenge_method", 10).meta({ description: 'Only "S256".' }),
  state: z.string().max(2000, "state must be at most 2000 characters").optional(),
  scope: z
    .string()
    .max(500, "scope must be at most 500 characters")
    .optional()
    .meta({ description: "Space-separated; absent: every scope." }),
  resource: z
    .string()
    .max(2000, "resource must be at most 2000 characters")
    .optional()
    .meta({ description: "RFC 8707: the MCP server's canonical URL (`{PUBLIC_URL}/mcp`)." }),
});
export type OAuthAuthorizeRequest = z.infer<typeof oauthAuthorizeRequestSchema>;

/** GET /api/oauth/consent: who is asking, for what, on which server. */
export const oauthConsentSchema = z
  .object({
    client: z.object({
      id: z.string().meta({ description: "The client_id (an https URL for a Client ID Metadata Document)." }),
      name: z.string().meta({ description: "The client's own name for itself: unverified, show it as such." }),
      registration: z.enum(["metadata-document", "registered"]).meta({
        description:
          "metadata-document: client_id is a URL on the client's domain; registered: dynamic registration, anyone could have chosen the name.",
      }),
      redirectHost: z.string().meta({ description: "Where the person is sent back to (host of the redirect_uri)." }),
    }),
    scopes: z
      .array(
        z.object({
          id: oauthScopeSchema,
          granted: z
            .boolean()
            .meta({ description: "Already allowed to this client by this person (an existing connection)." }),
        }),
      )
      .meta({ description: "The scopes asked for (every scope when the request named none)." }),
    resource: z.string().meta({ description: "The MCP server the token will be for." }),
  })
  .meta({ id: "OAuthConsent" });
export type OAuthConsent = z.infer<typeof oauthConsentSchema>;

/** POST /api/oauth/consent: the request again, and the person's answer. */
export const oauthConsentDecisionSchema = oauthAuthorizeRequestSchema.extend({
  approve: z.boolean({ error: "approve must be true or false" }),
  scopes: z
    .array(oauthScopeSchema, { error: "Choose what to allow" })
    .max(OAUTH_SCOPES.length)
    .transform((list) => [...new Set(list)])
    .meta({ description: "What the person allows, among those asked for; at least one when approving." }),
});
export type OAuthConsentDecision = z.input<typeof oauthConsentDecisionSchema>;

/** Where the browser goes next: the client's redirect_uri with code, state and iss (or error=access_denied). */
export const oauthConsentRedirectSchema = z.object({ redirectTo: z.string() }).meta({ id: "OAuthConsentRedirect" });

const oauthConnectionSchema = z
  .object({
    id: z.uuid(),
    clientName: z.string(),
    clientId: z.string(),
    scopes: z.array(oauthScopeSchema),
    createdAt: isoTimestamp,
    lastUsed: isoTimestamp.nullable().meta({ description: "The last token issued or used; null: never used." }),
  })
  .meta({ id: "OAuthConnection" });
export type OAuthConnection = z.infer<typeof oauthConnectionSchema>;

/** GET /api/oauth/connections: the apps the signed-in person allowed, newest first. */
export const oauthConnectionListSchema = z.object({ connections: z.array(oauthConnectionSchema) });

export const oauthConnectionIdParams = z.object({ id: z.uuid({ error: "Invalid connection id" }) });
