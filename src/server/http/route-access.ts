/**
 * Who may call a route, declared when it is registered and enforced on the route that matched
 * (decision 0032), never on the URL's spelling:
 *
 *   app.post("/api/thing", { config: { access: "user" } }, handler)
 *
 * - public: anyone; the route does not know who (no session is read)
 * - user: a signed-in, active user (session cookie); request.user is set
 * - admin: a signed-in, active admin (session cookie)
 * - token: an API token (Authorization: Bearer, checked by useBearerAuth); cookies never count
 * - user-or-token: the route reads the session (request.user) or checks a bearer token itself
 * - callback: a provider's callback or webhook, verified by the route (signature, re-read)
 * - operator: monitoring (GET /metrics) with METRICS_TOKEN as a bearer token; without the
 *   setting such a route does not exist (404)
 *
 * Registering a route without an access is an error at start-up (deny by default); a plugin
 * scope can give all its routes one access (useScopeAccess: the admin API, static files, the
 * simulator). State-changing requests on cookie routes must come from our own origin (CSRF).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from "fastify";
import type { Db } from "../db/connect.js";
import type { FreshCache } from "../events/fresh-cache.js";
import type { SessionRow } from "../identity/sessions.js";
import { sameSecret } from "../lib/tokens.js";
import { AppError, notFound, unauthorized } from "./errors.js";
import { loadSessionUser, requireAdmin, requireUser } from "./session-auth.js";
import { requireWebApp, sendsFetchMetadata } from "./web-app-token.js";

const ACCESS_LEVELS = ["public", "user", "admin", "token", "user-or-token", "callback", "operator"] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** Charges the web price: session calls only from the web app itself (http/web-app-token.ts; decision 0065). */
    webPrice?: boolean;
    /**
     * The route's place in the second factor (decision 0092): "pending" is open to a session that
     * still has to pass its second step (that step, who am I); "enrol" is open to an admin who must
     * enrol first, and asks a fresh check of one who has a factor; "step-up" (a sensitive action)
     * asks a fresh check of anyone who has a factor. Other session routes need the second step done.
     */
    secondFactor?: "pending" | "enrol" | "step-up";
  }
  interface FastifyInstance {
    /** Every route registered, with its access: the authorization tests walk it. */
    routeAccessTable: RouteAccessEntry[];
  }
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: Access;
  /** The route's place in the second factor, when it declares one (decision 0092). */
  secondFactor?: "pending" | "enrol" | "step-up";
}

/** A sensitive action's route options: a recent check of this session's second factor (decision 0092). */
export const STEP_UP = { secondFactor: "step-up" } as const;

/** The access a plugin scope gives all its routes (set on the encapsulated instance, so children inherit it). */
const SCOPE_ACCESS = Symbol("scopeAccess");
type Scoped = FastifyInstance & { [SCOPE_ACCESS]?: Access };

/** Every route in this plugin scope (and its children) has `access`; a route declaring another is an error. */
export function useScopeAccess(app: FastifyInstance, access: Access): void {
  (app as Scoped)[SCOPE_ACCESS] = access;
}

const SESSION_ACCESS: ReadonlySet<Access> = new Set(["user", "admin", "user-or-token"]);
/** Requests that carry a session cookie but must not be able to act on it. */
const COOKIE_EXEMPT: ReadonlySet<Access> = new Set(["token", "callback", "operator"]);
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_MESSAGE =
  "This request came from another website and was refused. Open the app itself and try again.";

export interface RouteAccessOptions {
  db: Db;
  sessions: FreshCache<SessionRow>;
  /** PUBLIC_URL's origin: requests from it (or from the host they were sent to) are our own. */
  publicOrigin: string;
  /** METRICS_TOKEN: what an operator route asks for (none: those routes answer 404). */
  operatorToken: string | undefined;
  /** The key of the web app's token (webTokenKey), asked for by the routes that charge the web price. */
  webTokenKey: string;
  /**
   * Run on every session route with a signed-in user, after its access passed (the second factor;
   * decision 0092). Throws to refuse; a promise only when it has something to wait for.
   */
  sessionGate?: (request: FastifyRequest) => Promise<void> | undefined;
}

/**
 * Registers the declaration check (onRoute) and the one hook that enforces it (onRequest, on the
 * matched route's config). Call before any route is registered.
 */
export function registerRouteAccess(app: FastifyInstance, opts: RouteAccessOptions): void {
  const table: RouteAccessEntry[] = [];
  const fetchMetadata = sendsFetchMetadata(opts.publicOrigin);
  app.decorate("routeAccessTable", table);
  app.decorateRequest("user", null);

  app.addHook("onRoute", function (this: FastifyInstance, route: RouteOptions) {
    const scope = (this as Scoped)[SCOPE_ACCESS];
    const declared = route.config?.access;
    const access = declared ?? scope;
    const methods = [route.method].flat().join(",");
    if (!access)
      throw new Error(
        `Route ${methods} ${route.url} declares no access: add { config: { access } } (see http/route-access.ts)`,
      );
    if (!ACCESS_LEVELS.includes(access))
      throw new Error(`Route ${methods} ${route.url} declares an unknown access "${String(access)}"`);
    if (scope && declared && declared !== scope)
      throw new Error(`Route ${methods} ${route.url} declares "${declared}" inside a "${scope}" scope`);
    if (route.config?.webPrice && access !== "user")
      throw new Error(`Route ${methods} ${route.url} charges the web price: its access must be "user"`);
    route.config = { ...route.config, access };
    // A token route outside a useBearerAuth scope would be open: refuse it instead. Only token
    // routes carry this check, so no other request pays for it.
    if (access === "token") route.preHandler = [...[route.preHandler ?? []].flat(), requireBearerUser];
    const { secondFactor } = route.config;
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access, secondFactor });
  });

  // A callback hook: a signed-in poll of a cached session is decided without a promise; only a
  // request that must wait (the database, the settings) takes one.
  app.addHook("onRequest", (request, _reply, done) => {
    const waiting = admit(request);
    if (waiting) waiting.then(() => done(), done);
    else done();
  });

  /** Throws to refuse the request; a promise when the answer needs the database. */
  function admit(request: FastifyRequest): Promise<void> | undefined {
    // No route matched: the not-found handler of the request's scope answers (the admin scope's
    // own hook still demands an admin, so unknown admin paths reveal nothing).
    const access = matchedAccess(request);
    if (!access) return undefined;
    if (!SAFE_METHODS.has(request.method) && !COOKIE_EXEMPT.has(access) && isCrossSite(request, opts.publicOrigin)) {
      throw new AppError("cross_site_request", CROSS_SITE_MESSAGE);
    }
    if (!SESSION_ACCESS.has(access)) {
      if (access === "operator") requireOperator(request, opts.operatorToken);
      return undefined;
    }
    const loading = loadSessionUser(request, opts.db, opts.sessions);
    return loading ? loading.then(() => admitSession(request, access)) : admitSession(request, access);
  }

  function admitSession(request: FastifyRequest, access: Access): Promise<void> | undefined {
    if (access === "user") {
      requireUser(request);
      if (request.routeOptions.config.webPrice) requireWebApp(request, opts.webTokenKey, fetchMetadata);
    } else if (access === "admin") requireAdmin(request);
    return request.user && opts.sessionGate ? opts.sessionGate(request) : undefined;
  }
}

function requireBearerUser(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (!request.tokenUser) throw unauthorized();
  done();
}

/** An operator route: 404 while no token is set (it is off), 401 without the token. */
function requireOperator(request: FastifyRequest, token: string | undefined): void {
  if (!token) throw notFound();
  const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1] ?? "";
  if (!sameSecret(given, token)) {
    throw unauthorized("Send the metrics token as Authorization: Bearer <METRICS_TOKEN>", "invalid_api_token");
  }
}

/** The access of the route this request matched; undefined when none did (404). */
function matchedAccess(request: FastifyRequest): Access | undefined {
  return request.is404 ? undefined : request.routeOptions.config.access;
}

/**
 * A browser's request from another site: its Origin is neither PUBLIC_URL's nor the one it was
 * sent to, or (no Origin) Sec-Fetch-Site says another site. Neither header: not a browser (curl,
 * n8n), which cannot carry someone else's cookie.
 */
function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
  const site = request.headers["sec-fetch-site"];
  return site !== undefined && site !== "same-origin" && site !== "none";
}
