/**
 * Sign in with Google (decisions 0025 and 0033): GET /api/auth/google/status, /url and /callback;
 * POST /new-account (after "an account with this e-mail already exists"); and, for a signed-in
 * user, POST /link and GET /connection (My Account's "Connect Google").
 *
 * The flow's state, nonce and PKCE verifier (and, for a link, the user it is for) travel sealed
 * in a short-lived httpOnly cookie bound to this browser. A sign-in ends on /login with
 * auth=success, auth=error or auth=account-exists, with the `next` page the person was going to
 * when it started (sealed in the flow; a path of this site only, decision 0083); a link ends on
 * /my-account with google=connected or google=error.
 */
import { grantWelcome } from "../welcome/welcome-grant.js";
import { grantRefereeBonus } from "../referrals/referee-bonus.js";
import { referFromVisit } from "../referrals/sign-up-hook.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { users } from "../../db/schema.js";
import type { FreshCache } from "../../events/fresh-cache.js";
import { AppError, badRequest, conflict } from "../../http/errors.js";
import { serve } from "../../http/route-contract.js";
import { loadSessionUser, requireUser, sessionCookieValue, setSessionCookie } from "../../http/session-auth.js";
import { webTokenKey } from "../../http/web-app-token.js";
import {
  authorizationUrl,
  exchangeCode,
  GoogleAuthError,
  newFlowSecrets,
  userinfoEmail,
  verifyIdToken,
  type FlowSecrets,
  type GoogleClient,
  type GoogleIdentity,
} from "../../integrations/google/oidc.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { Mailer } from "../mail/outbox.js";
import { noteSignIn } from "../notices/new-browser.js";
import { readSettingsFromDatabase } from "../settings/service.js";
import { createGoogleAccount, googleSignIn, linkGoogle } from "./google-accounts.js";
import { recordAdminSignIn } from "./service.js";
import { createSession, deleteSession, sessionOrigin, type SessionRow } from "../../identity/sessions.js";
import { toCurrentUser } from "./users.js";
import { googleSignInOn } from "./sign-in-conditions.js";
import {
  GOOGLE_ACCOUNT_EXISTS_MESSAGE,
  GOOGLE_PROBLEMS,
  GOOGLE_NEW_ACCOUNT_EXPIRED,
} from "../../../shared/google-auth.js";
import { googleApi } from "../../../shared/api/google.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { safeNext } from "../../../shared/next-path.js";

const GOOGLE_FLOW_COOKIE = "google_oauth";
/** The verified Google identity waiting for "Create a new account with Google" (decision 0033). */
export const GOOGLE_NEW_ACCOUNT_COOKIE = "google_new_account";
const FLOW_PATH = "/api/auth/google";
const FLOW_TTL_MS = 10 * 60_000;
const NEW_ACCOUNT_TTL_MS = 10 * 60_000;

export const ACCOUNT_EXISTS_MESSAGE = GOOGLE_ACCOUNT_EXISTS_MESSAGE;
export const NEW_ACCOUNT_EXPIRED = GOOGLE_NEW_ACCOUNT_EXPIRED;

interface Deps {
  db: Db;
  config: Config;
  secretBox: SecretBox;
  /** The session read cache: the callback of a link checks who is signed in. */
  caches: { sessions: FreshCache<SessionRow> };
  /** The new sign-in notice (decision 0086). */
  mailer: Mailer;
}

/** What the flow cookie holds. A link is bound to the signed-in user who started it. */
interface Flow extends FlowSecrets {
  expiresAt: number;
  intent?: "link";
  userId?: string;
  /** Signing in: the page to come back to (a path of this site, checked when sealed and again when used). */
  next?: string;
}

const newAccountSchema = z.object({
  kind: z.literal("google-new-account"),
  sub: z.string().min(1),
  email: z.string().min(1),
  name: z.string().optional(),
  expiresAt: z.number(),
});

/** The client when Google sign-in is switched on and complete, else undefined. */
async function googleClient({ db, config, secretBox }: Deps): Promise<GoogleClient | undefined> {
  const s = await readSettingsFromDatabase(db, secretBox);
  if (!googleSignInOn(s)) return undefined;
  return {
    clientId: s.googleClientId,
    clientSecret: s.googleClientSecret,
    redirectUri: s.googleRedirectUri || `${config.publicUrl}/api/auth/google/callback`,
  };
}

function unseal(request: FastifyRequest, box: SecretBox, cookie: string): unknown {
  const sealed = request.cookies[cookie];
  if (!sealed) return undefined;
  try {
    return JSON.parse(box.decrypt(sealed)) as unknown;
  } catch {
    return undefined;
  }
}

function readFlow(request: FastifyRequest, box: SecretBox): Flow | undefined {
  const flow = unseal(request, box, GOOGLE_FLOW_COOKIE) as Flow | undefined;
  return flow && typeof flow.expiresAt === "number" && flow.expiresAt > Date.now() ? flow : undefined;
}

/** The sealed identity of the new-account cookie, if present, genuine and not expired. */
function readNewAccount(request: FastifyRequest, box: SecretBox): GoogleIdentity | undefined {
  const parsed = newAccountSchema.safeParse(unseal(request, box, GOOGLE_NEW_ACCOUNT_COOKIE));
  if (!parsed.success || parsed.data.expiresAt <= Date.now()) return undefined;
  return { sub: parsed.data.sub, email: parsed.data.email, emailVerified: true, name: parsed.data.name };
}

function redirectTo(reply: FastifyReply, page: "/login" | "/my-account", params: Record<string, string>): FastifyReply {
  return reply.redirect(`${page}?${new URLSearchParams(params).toString()}`, 302);
}

/** /login's parameters with the flow's `next`, when it still reads as a path of this site. */
function withNext(params: Record<string, string>, flow: Flow | undefined): Record<string, string> {
  const next = safeNext(flow?.next);
  return next ? { ...params, next } : params;
}

const CALLBACK_DESCRIPTION =
  "Always a redirect: a sign-in ends on /login?auth=success&user=…, /login?auth=error&problem=…&message=… or " +
  "/login?auth=account-exists&message=…, each with &next=… when the sign-in was started with one; connecting Google ends on /my-account?google=connected or ?google=error&problem=…&message=….";

export async function googleAuthRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config, secretBox } = deps;
  const cookieOptions = { path: FLOW_PATH, httpOnly: true, sameSite: "lax" as const, secure: config.secureCookies };

  async function enabledClient(): Promise<GoogleClient> {
    const client = await googleClient(deps);
    if (!client) throw new AppError("not_found", "Google sign-in is not enabled.", reasoned("google_not_enabled"));
    return client;
  }

  /** Seals a new flow into this browser's cookie and answers Google's authorization URL. */
  function startFlow(reply: FastifyReply, client: GoogleClient, options: { link?: { userId: string }; next?: string }) {
    const flow = newFlowSecrets();
    const { link } = options;
    const next = safeNext(options.next);
    const sealed: Flow = {
      ...flow,
      expiresAt: Date.now() + FLOW_TTL_MS,
      ...(link ? { intent: "link", userId: link.userId } : next ? { next } : {}),
    };
    reply.setCookie(GOOGLE_FLOW_COOKIE, secretBox.encrypt(JSON.stringify(sealed)), {
      ...cookieOptions,
      maxAge: FLOW_TTL_MS / 1000,
    });
    reply.header("cache-control", "no-store");
    return { authUrl: authorizationUrl(config.google, client, flow) };
  }

  /** A Google-verified address is a verified identity: the welcome grant, once (decision 0155). */
  async function welcomeIfVerified(userId: string, clientAddress: string): Promise<void> {
    const settings = await readSettingsFromDatabase(db, secretBox);
    await db.transaction(async (tx) => {
      const [user] = await tx
        .select({ email: users.email, verified: users.emailVerified })
        .from(users)
        .where(eq(users.id, userId));
      if (user?.email && user.verified) {
        await grantWelcome(tx, secretBox, settings, { userId, email: user.email, clientAddress });
        await grantRefereeBonus(tx, settings, { userId, email: user.email });
      }
    });
  }

  async function startNewSession(
    request: FastifyRequest,
    reply: FastifyReply,
    user: { id: string; username: string; isAdmin: boolean },
  ): Promise<void> {
    const previous = sessionCookieValue(request);
    if (previous) await deleteSession(db, previous);
    const origin = sessionOrigin(request);
    setSessionCookie(reply, await createSession(db, user.id, origin), config.secureCookies, webTokenKey(secretBox));
    if (user.isAdmin) await recordAdminSignIn(db, user, origin, "google");
    await noteSignIn({ db, mailer: deps.mailer, secureCookies: config.secureCookies }, request, reply, user.id);
  }

  serve(app, googleApi.status, { access: "public" }, async (_request, reply) => {
    reply.header("cache-control", "no-cache");
    return { enabled: Boolean(await googleClient(deps)) };
  });

  serve(app, googleApi.signInUrl, { access: "public" }, async (request, reply) =>
    startFlow(reply, await enabledClient(), { next: request.query.next }),
  );

  // My Account's "Connect Google": the same flow, bound to the signed-in user.
  serve(app, googleApi.link, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    const client = await enabledClient();
    const [row] = await db.select({ googleId: users.googleId }).from(users).where(eq(users.id, user.id));
    if (row?.googleId)
      throw new AppError(
        "conflict",
        "Google is already connected to this account.",
        reasoned("google_already_connected"),
      );
    return startFlow(reply, client, { link: { userId: user.id } });
  });

  serve(app, googleApi.connection, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    const [row] = await db.select({ googleId: users.googleId }).from(users).where(eq(users.id, user.id));
    reply.header("cache-control", "no-store");
    return { connected: Boolean(row?.googleId) };
  });

  // "Create a new account with Google", after the callback found an unverified account holding
  // the e-mail. Only the sealed identity the callback left in this browser is accepted.
  serve(app, googleApi.newAccount, { access: "public" }, async (request, reply) => {
    const identity = readNewAccount(request, secretBox);
    reply.clearCookie(GOOGLE_NEW_ACCOUNT_COOKIE, cookieOptions);
    if (!identity) throw badRequest(NEW_ACCOUNT_EXPIRED);
    await enabledClient();
    let user;
    try {
      user = await createGoogleAccount(db, identity);
    } catch (err) {
      if (err instanceof GoogleAuthError) throw conflict(err.message);
      throw err;
    }
    await referFromVisit(deps, request, reply, user.id);
    await welcomeIfVerified(user.id, request.ip);
    await startNewSession(request, reply, user);
    return { message: "Account created", user: toCurrentUser(user) };
  });

  serve(
    app,
    googleApi.callback,
    {
      access: "public",
      docs: {
        responses: {
          302: {
            description: CALLBACK_DESCRIPTION,
            headers: { location: { description: "The page that says how it went.", schema: { type: "string" } } },
          },
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const flow = readFlow(request, secretBox);
      const linking = flow?.intent === "link";
      // One use: whatever happens next, this browser's flow is over.
      reply.clearCookie(GOOGLE_FLOW_COOKIE, cookieOptions);
      try {
        if (typeof query.error === "string") {
          const what = linking ? "Connecting Google" : "Google sign-in";
          if (query.error === "access_denied") throw new GoogleAuthError("cancelled", `${what} was cancelled.`);
          throw new GoogleAuthError("refused", `${what} failed: ${query.error.slice(0, 100)}`);
        }
        const client = await googleClient(deps);
        if (!client) throw new GoogleAuthError("not_enabled");
        if (!flow || typeof query.state !== "string" || query.state !== flow.state) {
          throw new GoogleAuthError("link_expired");
        }
        if (typeof query.code !== "string" || !query.code) throw new GoogleAuthError("no_code");
        if (linking) {
          // The link is for the user who started it, and only while that user is still signed in here.
          await loadSessionUser(request, db, deps.caches.sessions);
          if (!request.user || request.user.id !== flow.userId) throw new GoogleAuthError("session_changed");
        }

        const { idToken, accessToken } = await exchangeCode(config.google, client, query.code, flow.verifier);
        const identity = await verifyIdToken(config.google, client.clientId, idToken, flow.nonce);
        if (!identity.email && accessToken) {
          const info = await userinfoEmail(config.google, accessToken);
          identity.email = info.email;
          identity.emailVerified = info.emailVerified;
        }

        if (linking) {
          await linkGoogle(db, flow.userId!, identity);
          await welcomeIfVerified(flow.userId!, request.ip);
          return redirectTo(reply, "/my-account", { google: "connected" });
        }
        const outcome = await googleSignIn(db, identity);
        if (outcome.kind === "email-taken") {
          // Nobody is signed in. The verified identity waits, sealed, for the person's choice.
          const sealed = {
            kind: "google-new-account",
            sub: identity.sub,
            email: identity.email,
            name: identity.name,
            expiresAt: Date.now() + NEW_ACCOUNT_TTL_MS,
          };
          reply.setCookie(GOOGLE_NEW_ACCOUNT_COOKIE, secretBox.encrypt(JSON.stringify(sealed)), {
            ...cookieOptions,
            maxAge: NEW_ACCOUNT_TTL_MS / 1000,
          });
          return redirectTo(
            reply,
            "/login",
            withNext({ auth: "account-exists", message: ACCOUNT_EXISTS_MESSAGE }, flow),
          );
        }
        await referFromVisit(deps, request, reply, outcome.user.id);
        await welcomeIfVerified(outcome.user.id, request.ip);
        await startNewSession(request, reply, outcome.user);
        return redirectTo(
          reply,
          "/login",
          withNext({ auth: "success", user: JSON.stringify({ username: outcome.user.username }) }, flow),
        );
      } catch (err) {
        if (!(err instanceof GoogleAuthError))
          request.log.error({ err }, linking ? "Connecting Google failed" : "Google sign-in failed");
        const fallback = linking ? "Connecting Google failed. Please try again." : GOOGLE_PROBLEMS.failed;
        const { problem, message } = err instanceof GoogleAuthError ? err : { problem: "failed", message: fallback };
        return redirectTo(
          reply,
          linking ? "/my-account" : "/login",
          linking ? { google: "error", problem, message } : withNext({ auth: "error", problem, message }, flow),
        );
      }
    },
  );
}
