/**
 * The OAuth endpoints MCP clients call (decision 0169): RFC 8414's metadata, Dynamic Client
 * Registration (RFC 7591), the token endpoint and revocation (RFC 7009). They speak the RFCs'
 * shapes (form bodies, `{error, error_description}`), so they are outside the /api contracts like
 * /mcp. They read no cookie, so a browser-based client's Origin is no CSRF concern: their access
 * is "callback" (verified by the route itself: a code with its PKCE verifier, a refresh token).
 * GET /oauth/authorize is the web app's consent page (the SPA), which calls /api/oauth/consent.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/connect.js";
import type { AppError } from "../../http/errors.js";
import { toAppError } from "../../http/errors.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { useScopeAccess } from "../../http/route-access.js";
import { useNonApiScope } from "../../http/route-contract.js";
import { registerClient } from "./clients.js";
import { authorizationServerMetadata } from "./metadata.js";
import { OAuthError, type OAuthErrorCode } from "./oauth-error.js";
import { exchangeCode, refresh, revokeToken } from "./token-service.js";
import { AUTHORIZATION_SERVER_METADATA_PATH, oauthUrls, REGISTER_PATH, REVOKE_PATH, TOKEN_PATH } from "./urls.js";

/** As Videotok: registrations 20 a minute per address, token requests 60 a minute per address. */
const REGISTRATION_RATE_LIMIT: RateLimitRule = { max: 20, windowMs: 60_000 };
const TOKEN_RATE_LIMIT: RateLimitRule = { max: 60, windowMs: 60_000 };
const BODY_LIMIT = 16 * 1024;

export interface OAuthProtocolOptions {
  db: Db;
  config: { publicUrl: string };
  rateLimitStore: RateLimitStore;
}

/** The app's own refusals (a 413, a 415, a 429) in OAuth's shape. */
function toOAuthError(err: FastifyError | AppError | OAuthError, request: FastifyRequest): OAuthError {
  if (err instanceof OAuthError) return err;
  const app = toAppError(err, request);
  const code: OAuthErrorCode =
    app.status === 429 ? "rate_limited" : app.status < 500 ? "invalid_request" : "server_error";
  return new OAuthError(code, app.message, app.status, app.headers, app.code);
}

/** A form body as a flat object; a parameter sent twice is refused (RFC 6749 §3.1). */
function parseForm(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    if (key in out) throw new OAuthError("invalid_request", `${key} was sent more than once`);
    out[key] = value;
  }
  return out;
}

/** The body's string parameters (form or JSON); anything else is not a parameter. */
function paramsOf(body: unknown): Record<string, string | undefined> {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
}

export async function oauthProtocolRoutes(app: FastifyInstance, opts: OAuthProtocolOptions): Promise<void> {
  const urls = oauthUrls(opts.config.publicUrl);
  const registrations = new RateLimiter("oauth-register", REGISTRATION_RATE_LIMIT, opts.rateLimitStore);
  const tokenRequests = new RateLimiter("oauth-token", TOKEN_RATE_LIMIT, opts.rateLimitStore);
  const perAddress = async (limiter: RateLimiter, request: FastifyRequest, what: string) => {
    const wait = await limiter.hit(request.ip);
    if (wait) throw tooManyRequests(wait, what);
  };

  await app.register(async (meta) => {
    useScopeAccess(meta, "public");
    useNonApiScope(meta, "OAuth authorization server metadata (RFC 8414) for the MCP server");
    meta.get(AUTHORIZATION_SERVER_METADATA_PATH, async (_request, reply) => {
      reply.header("cache-control", "public, max-age=3600");
      return authorizationServerMetadata(urls);
    });
  });

  await app.register(async (oauth) => {
    useScopeAccess(oauth, "callback");
    useNonApiScope(oauth, "OAuth 2.1's registration, token and revocation endpoints, described by their RFCs");
    oauth.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: BODY_LIMIT },
      (_request, body, done) => {
        try {
          done(null, parseForm(typeof body === "string" ? body : body.toString("utf8")));
        } catch (err) {
          done(err as Error, undefined);
        }
      },
    );
    oauth.setErrorHandler((err: FastifyError | AppError | OAuthError, request, reply) => {
      const error = toOAuthError(err, request);
      return reply
        .status(error.status)
        .headers({ ...error.headers, "cache-control": "no-store", pragma: "no-cache" })
        .send({
          error: error.error,
          error_description: error.description,
          message: error.description,
          code: error.code,
        });
    });
    oauth.addHook("onSend", async (_request, reply) => {
      reply.header("cache-control", "no-store");
      reply.header("pragma", "no-cache");
    });

    oauth.post(REGISTER_PATH, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      await perAddress(registrations, request, "app registrations from this address");
      return reply.status(201).send(await registerClient(opts.db, request.body));
    });

    oauth.post(TOKEN_PATH, { bodyLimit: BODY_LIMIT }, async (request) => {
      await perAddress(tokenRequests, request, "token requests from this address");
      const params = paramsOf(request.body);
      switch (params.grant_type) {
        case "authorization_code":
          return exchangeCode(opts.db, params, urls.resource);
        case "refresh_token":
          return refresh(opts.db, params, urls.resource);
        case undefined:
          throw new OAuthError("invalid_request", "grant_type is required");
        default:
          throw new OAuthError("unsupported_grant_type", "grant_type must be authorization_code or refresh_token");
      }
    });

    oauth.post(REVOKE_PATH, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      await perAddress(tokenRequests, request, "token requests from this address");
      const params = paramsOf(request.body);
      if (params.token_type_hint !== undefined && !["access_token", "refresh_token"].includes(params.token_type_hint))
        throw new OAuthError("unsupported_token_type", "token_type_hint must be access_token or refresh_token");
      await revokeToken(opts.db, params);
      return reply.status(200).send({});
    });
  });
}
