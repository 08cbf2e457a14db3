/**
 * Checks an authorization request (RFC 6749 §4.1.1 with PKCE and RFC 8707's resource) before the
 * person is asked anything. Every problem is a 400 the consent page shows, never a redirect: a
 * redirect_uri not registered for the client must not receive anything (an open redirector).
 */
import type { Db } from "../../db/connect.js";
import { badRequest } from "../../http/errors.js";
import { OAUTH_SCOPES, type OAuthAuthorizeRequest, type OAuthScope } from "../../../shared/schemas/oauth.js";
import { resolveClient, type OAuthClient } from "./clients.js";
import { isRegisteredRedirect } from "./redirect-uris.js";
import type { OAuthUrls } from "./urls.js";

/** S256's output: 32 bytes in base64url, no padding. */
const CODE_CHALLENGE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface CheckedRequest {
  client: OAuthClient;
  redirectUri: string;
  codeChallenge: string;
  state: string | undefined;
  /** The scopes asked for that this server knows; every scope when none was named. */
  scopes: OAuthScope[];
  resource: string;
}

export interface AuthorizeDeps {
  db: Db;
  urls: OAuthUrls;
  allowLocal: boolean;
}

export async function checkAuthorizeRequest(deps: AuthorizeDeps, req: OAuthAuthorizeRequest): Promise<CheckedRequest> {
  const client = await resolveClient(deps.db, req.client_id, deps.allowLocal);
  if (!isRegisteredRedirect(client.redirectUris, req.redirect_uri))
    throw badRequest(
      `The app asked to send you back to an address it did not register (${hostOf(req.redirect_uri)}). Nothing was sent to it. The app must use one of its registered redirect URIs.`,
    );
  if (req.response_type !== "code")
    throw badRequest('This server only answers response_type "code" (the authorization code flow).');
  if (req.code_challenge_method !== "S256" || !CODE_CHALLENGE_SHAPE.test(req.code_challenge))
    throw badRequest(
      "The app did not use PKCE with S256 (code_challenge and code_challenge_method=S256), which this server requires. The app must be updated.",
    );
  const resource = req.resource ?? deps.urls.resource;
  if (!sameResource(resource, deps.urls.resource))
    throw badRequest(
      `The app asked for access to ${resource}, which is not this server's MCP resource (${deps.urls.resource}).`,
    );
  return {
    client,
    redirectUri: req.redirect_uri,
    codeChallenge: req.code_challenge,
    state: req.state,
    scopes: requestedScopes(req.scope),
    resource: deps.urls.resource,
  };
}

/** The canonical URI, or the same with one trailing slash (clients differ on that). */
export function sameResource(given: string, canonical: string): boolean {
  return given === canonical || given === `${canonical}/`;
}

/** The known scopes among those named (space-separated); unknown ones are ignored; none named: all. */
function requestedScopes(scope: string | undefined): OAuthScope[] {
  const named = new Set((scope ?? "").split(" ").filter(Boolean));
  const known = OAUTH_SCOPES.filter((s) => named.has(s));
  return known.length > 0 ? known : [...OAUTH_SCOPES];
}

function hostOf(uri: string): string {
  try {
    return new URL(uri).host || uri.slice(0, 100);
  } catch {
    return uri.slice(0, 100);
  }
}
