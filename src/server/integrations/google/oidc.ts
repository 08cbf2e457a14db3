/**
 * Google's OpenID Connect web-server flow (decision 0025): the authorization URL
 * with state, nonce and PKCE (S256), the code exchange, and the ID token check (signature from
 * the JWKS, iss, aud, exp, nonce). Every endpoint is a setting, so tests use a local fake.
 */
import crypto from "node:crypto";
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { HttpError, requestJson } from "../http/json-request.js";
import { asRecord } from "../kie/parse.js";
import { GOOGLE_PROBLEMS, type GoogleProblem } from "../../../shared/google-auth.js";

export interface GoogleEndpoints {
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  jwksUrl: string;
}

export interface GoogleClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];
const TIMEOUT_MS = 10_000;

/** What went wrong, in words a person can act on (shown on /login). */
/** A sign-in or connection that cannot go on, with the key the page words it by (shared/google-auth.ts). */
export class GoogleAuthError extends Error {
  override name = "GoogleAuthError";
  constructor(
    readonly problem: GoogleProblem,
    message: string = GOOGLE_PROBLEMS[problem],
  ) {
    super(message);
  }
}

export interface FlowSecrets {
  state: string;
  verifier: string;
  nonce: string;
}

const random = () => crypto.randomBytes(32).toString("base64url");

export function newFlowSecrets(): FlowSecrets {
  return { state: random(), verifier: random(), nonce: random() };
}

export function authorizationUrl(endpoints: GoogleEndpoints, client: GoogleClient, flow: FlowSecrets): string {
  const url = new URL(endpoints.authUrl);
  url.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: "code",
    scope: "openid email profile",
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: crypto.createHash("sha256").update(flow.verifier).digest("base64url"),
    code_challenge_method: "S256",
    access_type: "online",
    prompt: "select_account",
  }).toString();
  return url.toString();
}

/** The helper's failure in words for the person signing in. */
function tokenErrorOf(err: HttpError): GoogleAuthError {
  switch (err.kind) {
    case "timeout":
    case "unreachable":
      return new GoogleAuthError("unreachable");
    case "unparsable":
      return new GoogleAuthError("no_identity");
    case "status":
      if (err.status === 401 || asRecord(err.body)?.error === "invalid_client")
        return new GoogleAuthError("misconfigured");
      if ((err.status ?? 0) >= 500) return new GoogleAuthError("unreachable");
      return new GoogleAuthError("not_accepted");
  }
}

/** POST to the token endpoint; returns the raw id_token and the access token. */
export async function exchangeCode(
  endpoints: GoogleEndpoints,
  client: GoogleClient,
  code: string,
  verifier: string,
): Promise<{ idToken: string; accessToken: string | undefined }> {
  let body: Record<string, unknown> | undefined;
  try {
    const res = await requestJson(endpoints.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        code,
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uri: client.redirectUri,
        grant_type: "authorization_code",
        code_verifier: verifier,
      }),
      timeoutMs: TIMEOUT_MS,
    });
    body = asRecord(res.body);
  } catch (err) {
    if (err instanceof HttpError) throw tokenErrorOf(err);
    throw err;
  }
  if (body?.error === "invalid_client") throw new GoogleAuthError("misconfigured");
  if (typeof body?.id_token !== "string") throw new GoogleAuthError("no_identity");
  return { idToken: body.id_token, accessToken: typeof body.access_token === "string" ? body.access_token : undefined };
}

/** The e-mail from UserInfo, for the rare ID token without one; nothing verified on any failure. */
export async function userinfoEmail(
  endpoints: GoogleEndpoints,
  accessToken: string,
): Promise<{ email?: string; emailVerified: boolean }> {
  try {
    const res = await requestJson(endpoints.userinfoUrl, {
      headers: { authorization: `Bearer ${accessToken}` },
      timeoutMs: TIMEOUT_MS,
    });
    const info = asRecord(res.body);
    return {
      email: typeof info?.email === "string" ? info.email : undefined,
      emailVerified: info?.email_verified === true,
    };
  } catch (err) {
    if (err instanceof HttpError) return { emailVerified: false };
    throw err;
  }
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export interface GoogleIdentity {
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

export async function verifyIdToken(
  endpoints: GoogleEndpoints,
  clientId: string,
  idToken: string,
  nonce: string,
): Promise<GoogleIdentity> {
  let keys = keySets.get(endpoints.jwksUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(endpoints.jwksUrl), { timeoutDuration: TIMEOUT_MS });
    keySets.set(endpoints.jwksUrl, keys);
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keys, {
      issuer: GOOGLE_ISSUERS,
      audience: clientId,
      algorithms: ["RS256"],
    }));
  } catch {
    throw new GoogleAuthError("not_verified");
  }
  if (payload.nonce !== nonce) throw new GoogleAuthError("wrong_answer");
  if (typeof payload.sub !== "string" || !payload.sub) throw new GoogleAuthError("no_subject");
  const email = typeof payload.email === "string" ? payload.email.trim() : undefined;
  return {
    sub: payload.sub,
    email: email || undefined,
    emailVerified: payload.email_verified === true || payload.email_verified === "true",
    name: typeof payload.name === "string" ? payload.name : undefined,
  };
}
