/**
 * The consent page's and the /api page's session routes (decision 0169): check an authorization
 * request and say what to show, record the person's answer, list and revoke connections. Session
 * routes as any other: a signed-in, active person; the POSTs from our own origin only (CSRF).
 */
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/connect.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { serve } from "../../http/route-contract.js";
import { requireUser } from "../../http/session-auth.js";
import { oauthApi } from "../../../shared/api/oauth.js";
import { checkAuthorizeRequest, type AuthorizeDeps } from "./authorize-request.js";
import { decide, grantedScopes, listConnections, revokeConnection } from "./connections.js";
import { oauthUrls } from "./urls.js";

/** Approvals per person: enough for any real use, a stop to a script minting codes. */
const DECISION_RATE_LIMIT: RateLimitRule = { max: 30, windowMs: 10 * 60_000 };
/** Checks per person: each may read a client's metadata document, so they are counted too. */
const CHECK_RATE_LIMIT: RateLimitRule = { max: 60, windowMs: 10 * 60_000 };

export interface OAuthConsentOptions {
  db: Db;
  /** webhooksAllowLocal also lets a Client ID Metadata Document live on loopback (tests, self-hosting). */
  config: { publicUrl: string; webhooksAllowLocal: boolean };
  rateLimitStore: RateLimitStore;
}

export async function oauthConsentRoutes(app: FastifyInstance, opts: OAuthConsentOptions): Promise<void> {
  const { db } = opts;
  const urls = oauthUrls(opts.config.publicUrl);
  const deps: AuthorizeDeps = { db, urls, allowLocal: opts.config.webhooksAllowLocal };
  const decisions = new RateLimiter("oauth-consent", DECISION_RATE_LIMIT, opts.rateLimitStore);
  const checks = new RateLimiter("oauth-consent-check", CHECK_RATE_LIMIT, opts.rateLimitStore);

  serve(app, oauthApi.consent, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    const wait = await checks.hit(user.id);
    if (wait) throw tooManyRequests(wait, "app connection requests");
    const checked = await checkAuthorizeRequest(deps, request.query);
    const granted = await grantedScopes(db, user.id, checked.client.clientId);
    reply.header("cache-control", "private, no-store");
    return {
      client: {
        id: checked.client.clientId,
        name: checked.client.name,
        registration: checked.client.kind,
        redirectHost: new URL(checked.redirectUri).host,
      },
      scopes: checked.scopes.map((id) => ({ id, granted: granted.includes(id) })),
      resource: checked.resource,
    };
  });

  serve(app, oauthApi.decide, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    const wait = await decisions.hit(user.id);
    if (wait) throw tooManyRequests(wait, "app approvals");
    const { approve, scopes, ...authorizeRequest } = request.body;
    const checked = await checkAuthorizeRequest(deps, authorizeRequest);
    const redirectTo = await decide(db, user.id, checked, urls.issuer, { approve, scopes });
    reply.header("cache-control", "no-store");
    return { redirectTo };
  });

  serve(app, oauthApi.connections, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    reply.header("cache-control", "private, no-store");
    return { connections: await listConnections(db, user.id) };
  });

  serve(app, oauthApi.revoke, { access: "user" }, async (request) => {
    const user = requireUser(request);
    await revokeConnection(db, user.id, request.params.id);
    return { success: true as const };
  });
}
