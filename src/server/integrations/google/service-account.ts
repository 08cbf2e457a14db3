/**
 * A Google service account's JSON key (decision 0177), as Vertex AI's credentials: read and
 * checked once (at start-up for VERTEX_SERVICE_ACCOUNT_KEY, on save for a vertex account), then
 * exchanged for an access token: an RS256 JWT signed with its private key (iss = sub =
 * client_email, aud = the token URL, the cloud-platform scope, one hour at most, kid =
 * private_key_id) posted to the token URL as a jwt-bearer grant.
 *
 * The token URL is ours (VERTEX_TOKEN_URL), never the key's own token_uri: a key is pasted by an
 * admin, and its token_uri would have this server post a signed assertion wherever it named. The
 * private key and the access token never leave this module except in the request that needs them.
 */
import { importPKCS8, SignJWT } from "jose";
import { HttpError, requestJson, USER_AGENT } from "../http/json-request.js";
import { asNumber, asRecord, asText } from "../kie/parse.js";
import { VendorError } from "../video/errors.js";

export interface ServiceAccountKey {
  clientEmail: string;
  privateKey: string;
  privateKeyId?: string;
  projectId?: string;
}

const CLOUD_PLATFORM_SCOPE = "https://www.googleapis.com/auth/cloud-platform";
const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";
/** Google's assertions live an hour at most. */
const ASSERTION_SECONDS = 3600;
/** A cached token is dropped this long before Google says it expires. */
const EXPIRY_MARGIN_MS = 5 * 60_000;
const MAX_CACHED = 100;

const PEM_PRIVATE_KEY =
  /^-----BEGIN (RSA )?PRIVATE KEY-----\r?\n[A-Za-z0-9+/=\r\n]+-----END (RSA )?PRIVATE KEY-----\s*$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * The key a text holds, or the reason it is not one (English, for the admin). Only the shape is
 * checked here; Google's token endpoint judges the key itself.
 */
export function parseServiceAccountKey(text: string): ServiceAccountKey | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: "The Vertex AI key must be the service account's JSON key file, pasted whole" };
  }
  const o = asRecord(json);
  if (!o) return { problem: "The Vertex AI key must be a JSON object (the service account's key file)" };
  const clientEmail = asText(o.client_email);
  if (!clientEmail || !EMAIL.test(clientEmail))
    return { problem: "The Vertex AI key has no client_email: paste the service account's whole JSON key file" };
  const privateKey = asText(o.private_key);
  if (!privateKey || !PEM_PRIVATE_KEY.test(privateKey.trim()))
    return { problem: "The Vertex AI key's private_key is not a PEM private key: paste the JSON key file unchanged" };
  if (o.type !== undefined && o.type !== "service_account")
    return { problem: `The Vertex AI key is of type ${JSON.stringify(o.type)}, not "service_account"` };
  const privateKeyId = asText(o.private_key_id);
  const projectId = asText(o.project_id);
  return {
    clientEmail,
    privateKey,
    ...(privateKeyId ? { privateKeyId } : {}),
    ...(projectId ? { projectId } : {}),
  };
}

export const isServiceAccountKey = (k: ServiceAccountKey | { problem: string }): k is ServiceAccountKey =>
  !("problem" in k);

/** A signed assertion for the token URL (exported for tests). */
export async function signAssertion(key: ServiceAccountKey, tokenUrl: string, nowMs = Date.now()): Promise<string> {
  let privateKey: Awaited<ReturnType<typeof importPKCS8>>;
  try {
    privateKey = await importPKCS8(key.privateKey, "RS256");
  } catch {
    // Never the key's text in a message.
    throw new VendorError("unauthorized", "The Vertex AI service account's private key cannot be read");
  }
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ scope: CLOUD_PLATFORM_SCOPE })
    .setProtectedHeader({ alg: "RS256", typ: "JWT", ...(key.privateKeyId ? { kid: key.privateKeyId } : {}) })
    .setIssuer(key.clientEmail)
    .setSubject(key.clientEmail)
    .setAudience(tokenUrl)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ASSERTION_SECONDS)
    .sign(privateKey);
}

/**
 * Access tokens per key, fetched when missing or about to expire. One per process; a failed
 * exchange is not cached (the next call tries again).
 */
export class AccessTokens {
  private readonly cache = new Map<string, { token: string; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<string>>();

  constructor(private readonly now: () => number = Date.now) {}

  async tokenFor(key: ServiceAccountKey, tokenUrl: string, timeoutMs: number): Promise<string> {
    const id = `${tokenUrl}\n${key.clientEmail}\n${key.privateKeyId ?? ""}\n${key.privateKey.length}`;
    const cached = this.cache.get(id);
    if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > this.now()) return cached.token;
    const inFlight = this.pending.get(id);
    if (inFlight) return inFlight;
    const fetching = this.exchange(key, tokenUrl, timeoutMs).then(({ token, expiresIn }) => {
      if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(id, { token, expiresAt: this.now() + expiresIn * 1000 });
      return token;
    });
    this.pending.set(id, fetching);
    try {
      return await fetching;
    } finally {
      this.pending.delete(id);
    }
  }

  /** Forgets a key's token (Vertex refused it: the next call gets a fresh one). */
  forget(key: ServiceAccountKey): void {
    for (const id of this.cache.keys()) if (id.includes(`\n${key.clientEmail}\n`)) this.cache.delete(id);
  }

  private async exchange(
    key: ServiceAccountKey,
    tokenUrl: string,
    timeoutMs: number,
  ): Promise<{ token: string; expiresIn: number }> {
    const assertion = await signAssertion(key, tokenUrl, this.now());
    let body: unknown;
    try {
      body = (
        await requestJson(tokenUrl, {
          method: "POST",
          // URLSearchParams: fetch sends it form-encoded, as OAuth wants.
          body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }),
          headers: { "user-agent": USER_AGENT },
          timeoutMs,
        })
      ).body;
    } catch (err) {
      throw tokenError(err);
    }
    const answer = asRecord(body);
    const token = asText(answer?.access_token);
    if (!token) throw new VendorError("unavailable", "Google's token endpoint answered without an access token");
    return { token, expiresIn: Math.max(60, Math.min(asNumber(answer?.expires_in) ?? 3600, 3600)) };
  }
}

/** A failed exchange in the port's terms: a refused key is unauthorized (the account is disabled). */
function tokenError(err: unknown): VendorError {
  if (!(err instanceof HttpError))
    return new VendorError("unavailable", "Google's token endpoint could not be reached");
  if (err.kind !== "status") return new VendorError("unavailable", "Google's token endpoint did not answer usefully");
  const status = err.status ?? 0;
  const answer = asRecord(err.body);
  // OAuth's error body: {error: "invalid_grant", error_description: "Invalid JWT Signature."}.
  const code = asText(answer?.error);
  const description = asText(answer?.error_description);
  const said = [code, description].filter(Boolean).join(": ").slice(0, 200);
  if (status === 400 || status === 401 || status === 403)
    return new VendorError(
      "unauthorized",
      `Google refused the Vertex AI service account${said ? ` (${said})` : ""}`,
      status,
    );
  if (status === 429) return new VendorError("rate_limited", "Google's token endpoint is rate limiting", status);
  return new VendorError("unavailable", `Google's token endpoint answered HTTP ${status}`, status);
}
