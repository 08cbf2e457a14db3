import type { OAuthAuthorizeRequest } from "../../../shared/schemas/oauth";

/**
 * The authorization request as the app sent it to /oauth/authorize, read from the page's query
 * and passed to the server unchanged: the server checks every field (a missing one is its 400).
 */
export function readAuthorizeRequest(search: string): OAuthAuthorizeRequest {
  const query = new URLSearchParams(search);
  const optional = (name: string) => query.get(name) ?? undefined;
  return {
    client_id: query.get("client_id") ?? "",
    redirect_uri: query.get("redirect_uri") ?? "",
    response_type: query.get("response_type") ?? "",
    code_challenge: query.get("code_challenge") ?? "",
    code_challenge_method: query.get("code_challenge_method") ?? "",
    state: optional("state"),
    scope: optional("scope"),
    resource: optional("resource"),
  };
}
