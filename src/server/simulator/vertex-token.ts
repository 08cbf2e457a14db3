/**
 * The Vertex fake's OAuth side (decision 0177): Google's token endpoint for a service account's
 * jwt-bearer grant, and the access tokens it hands out. An assertion must be an RS256 JWT whose
 * iss and sub are the account's email, whose aud is the URL it was posted to, with the
 * cloud-platform scope and at most an hour of life. Its signature is verified against the
 * account's public key when the simulator was given one (tests generate a key pair); the offline
 * demo has no way to know the admin's keys, so there only the claims are checked.
 *
 * Access tokens are stateless (an HMAC over the account and the expiry), so a restarted simulator
 * still honours the tokens a client has cached.
 */
import crypto from "node:crypto";
import { decodeJwt, decodeProtectedHeader, importSPKI, jwtVerify } from "jose";
import type { SimContext } from "./context.js";

const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";
const CLOUD_PLATFORM = "https://www.googleapis.com/auth/cloud-platform";
const TOKEN_SECONDS = 3600;
const CLOCK_SKEW_SECONDS = 60;
/** Not a secret: the fake's tokens only need to be told apart from made-up ones. */
const TOKEN_MAC_KEY = "vertex-simulator-access-tokens";
const TOKEN_PREFIX = "ya29.sim.";

/** OAuth's error answer: HTTP 400 `{error, error_description}` (invalid_grant, unsupported_grant_type, …). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly httpStatus = 400,
  ) {
    super(description);
  }
  toJSON() {
    return { error: this.error, error_description: this.description };
  }
}

const mac = (payload: string) => crypto.createHmac("sha256", TOKEN_MAC_KEY).update(payload).digest("base64url");

function mintToken(email: string, nowMs: number): { token: string; expiresIn: number } {
  const payload = Buffer.from(JSON.stringify({ sub: email, exp: nowMs + TOKEN_SECONDS * 1000 })).toString("base64url");
  return { token: `${TOKEN_PREFIX}${payload}.${mac(payload)}`, expiresIn: TOKEN_SECONDS };
}

/** The account an access token was given to, while it lives; undefined for anything else. */
export function tokenAccount(ctx: SimContext, token: string): string | undefined {
  if (!token.startsWith(TOKEN_PREFIX)) return undefined;
  const [payload, sig] = token.slice(TOKEN_PREFIX.length).split(".");
  if (!payload || !sig || sig !== mac(payload)) return undefined;
  try {
    const { sub, exp } = JSON.parse(Buffer.from(payload, "base64url").toString()) as { sub: string; exp: number };
    return typeof sub === "string" && typeof exp === "number" && ctx.now() < exp ? sub : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A token for the grant in a form body posted to `ownUrl`, or an OAuthError in Google's words
 * ("Invalid JWT Signature.", "Invalid JWT: Token must be a short-lived token…").
 */
export async function exchangeAssertion(
  ctx: SimContext,
  form: Record<string, unknown>,
  ownUrl: URL,
): Promise<{ access_token: string; expires_in: number; token_type: "Bearer" }> {
  if (form.grant_type !== JWT_BEARER)
    throw new OAuthError("unsupported_grant_type", `Invalid grant_type: ${JSON.stringify(form.grant_type ?? "")}`);
  const assertion = typeof form.assertion === "string" ? form.assertion : "";
  let header: ReturnType<typeof decodeProtectedHeader>;
  let claims: ReturnType<typeof decodeJwt>;
  try {
    header = decodeProtectedHeader(assertion);
    claims = decodeJwt(assertion);
  } catch {
    throw new OAuthError("invalid_grant", "Invalid JWT: the assertion is not a JWT.");
  }
  if (header.alg !== "RS256") throw new OAuthError("invalid_grant", "Invalid JWT: alg must be RS256.");
  const email = claims.iss;
  if (typeof email !== "string" || !email.includes("@") || claims.sub !== email)
    throw new OAuthError("invalid_grant", "Invalid JWT: iss and sub must be the service account's email.");
  let aud: URL | undefined;
  try {
    aud = typeof claims.aud === "string" ? new URL(claims.aud) : undefined;
  } catch {
    aud = undefined;
  }
  // The host a client reaches us at may differ (loopback, proxy): the path must be this endpoint's.
  if (!aud || aud.pathname !== ownUrl.pathname)
    throw new OAuthError("invalid_grant", "Invalid JWT: aud must be the token endpoint's URL.");
  const scopes = typeof claims.scope === "string" ? claims.scope.split(" ") : [];
  if (!scopes.includes(CLOUD_PLATFORM)) throw new OAuthError("invalid_scope", "The cloud-platform scope is required.");
  const now = Math.floor(ctx.now() / 1000);
  const { iat, exp } = claims;
  if (typeof iat !== "number" || typeof exp !== "number" || iat > now + CLOCK_SKEW_SECONDS || exp <= now)
    throw new OAuthError(
      "invalid_grant",
      "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.",
    );
  if (exp - iat > TOKEN_SECONDS)
    throw new OAuthError("invalid_grant", "Invalid JWT: Token must be a short-lived token (60 minutes).");
  const accounts = ctx.vertex.serviceAccounts;
  if (Object.keys(accounts).length > 0) {
    const pem = accounts[email];
    if (!pem) throw new OAuthError("invalid_grant", "Invalid grant: account not found");
    try {
      await jwtVerify(assertion, await importSPKI(pem, "RS256"), {
        algorithms: ["RS256"],
        currentDate: new Date(ctx.now()),
        clockTolerance: CLOCK_SKEW_SECONDS,
      });
    } catch {
      throw new OAuthError("invalid_grant", "Invalid JWT Signature.");
    }
  }
  const { token, expiresIn } = mintToken(email, ctx.now());
  return { access_token: token, expires_in: expiresIn, token_type: "Bearer" };
}
