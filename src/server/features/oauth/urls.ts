/**
 * Where OAuth for the MCP server lives (decision 0169): the product is its own authorization
 * server, its issuer PUBLIC_URL's origin, and the one protected resource is the MCP server.
 */
export const MCP_PATH = "/mcp";
export const PROTECTED_RESOURCE_METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;
export const AUTHORIZATION_SERVER_METADATA_PATH = "/.well-known/oauth-authorization-server";
const AUTHORIZE_PATH = "/oauth/authorize";
export const TOKEN_PATH = "/oauth/token";
export const REGISTER_PATH = "/oauth/register";
export const REVOKE_PATH = "/oauth/revoke";

export interface OAuthUrls {
  issuer: string;
  /** The MCP server's canonical URI (RFC 8707's resource, RFC 9728's `resource`). */
  resource: string;
  protectedResourceMetadata: string;
  authorize: string;
  token: string;
  register: string;
  revoke: string;
}

export function oauthUrls(publicUrl: string): OAuthUrls {
  const issuer = new URL(publicUrl).origin;
  return {
    issuer,
    resource: `${issuer}${MCP_PATH}`,
    protectedResourceMetadata: `${issuer}${PROTECTED_RESOURCE_METADATA_PATH}`,
    authorize: `${issuer}${AUTHORIZE_PATH}`,
    token: `${issuer}${TOKEN_PATH}`,
    register: `${issuer}${REGISTER_PATH}`,
    revoke: `${issuer}${REVOKE_PATH}`,
  };
}
