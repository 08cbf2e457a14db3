/**
 * Sign in with Google (decision 0025): GET /api/auth/google/status, /url and /callback. The
 * flow's state, nonce and PKCE verifier travel sealed in a short-lived httpOnly cookie bound to
 * this browser; the callback always ends on /login with auth=success or auth=error.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { AppError } from "../../http/errors.js";
import { setSessionCookie } from "../../http/session-auth.js";
import {
  authorizationUrl,
  exchangeCode,
  GoogleAuthError,
  newFlowSecrets,
  userinfoEmail,
  verifyIdToken,
  type FlowSecrets,
  type GoogleClient,
} from "../../integrations/google/oidc.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { readSettings } from "../settings/service.js";
import { googleAccount } from "./google-accounts.js";
import { createSession, deleteSession, SESSION_COOKIE } from "./sessions.js";

export const GOOGLE_FLOW_COOKIE = "google_oauth";
const FLOW_PATH = "/api/auth/google";
const FLOW_TTL_MS = 10 * 60_000;

interface Deps {
  db: Db;
  config: Config;
  secretBox: SecretBox;
}

/** The client when Google sign-in is switched on and complete, else undefined. */
async function googleClient({ db, config, secretBox }: Deps): Promise<GoogleClient | undefined> {
  const s = await readSettings(db, secretBox);
  if (!s.googleAuthEnabled || !s.googleClientId || !s.googleClientSecret) return undefined;
  return {
    clientId: s.googleClientId,
    clientSecret: s.googleClientSecret,
    redirectUri: s.googleRedirectUri || `${config.publicUrl}/api/auth/google/callback`,
  };
}

function readFlow(request: FastifyRequest, box: SecretBox): FlowSecrets | undefined {
  const sealed = request.cookies[GOOGLE_FLOW_COOKIE];
  if (!sealed) return undefined;
  try {
    const flow = JSON.parse(box.decrypt(sealed)) as FlowSecrets & { expiresAt: number };
    return flow.expiresAt > Date.now() ? flow : undefined;
  } catch {
    return undefined;
  }
}

function loginRedirect(reply: FastifyReply, params: Record<string, string>): FastifyReply {
  return reply.redirect(`/login?${new URLSearchParams(params).toString()}`, 302);
}

export async function googleAuthRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config, secretBox } = deps;
  const cookieOptions = { path: FLOW_PATH, httpOnly: true, sameSite: "lax" as const, secure: config.secureCookies };

  app.get("/api/auth/google/status", async (_request, reply) => {
    reply.header("cache-control", "no-cache");
    return { enabled: Boolean(await googleClient(deps)) };
  });

  app.get("/api/auth/google/url", async (_request, reply) => {
    const client = await googleClient(deps);
    if (!client) throw new AppError(404, "Google sign-in is not enabled");
    const flow = newFlowSecrets();
    reply.setCookie(GOOGLE_FLOW_COOKIE, secretBox.encrypt(JSON.stringify({ ...flow, expiresAt: Date.now() + FLOW_TTL_MS })), {
      ...cookieOptions,
      maxAge: FLOW_TTL_MS / 1000,
    });
    reply.header("cache-control", "no-store");
    return { authUrl: authorizationUrl(config.google, client, flow) };
  });

  app.get("/api/auth/google/callback", async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const flow = readFlow(request, secretBox);
    // One use: whatever happens next, this browser's flow is over.
    reply.clearCookie(GOOGLE_FLOW_COOKIE, cookieOptions);
    try {
      if (typeof query.error === "string") {
        throw new GoogleAuthError(query.error === "access_denied" ? "Google sign-in was cancelled." : `Google sign-in failed: ${query.error.slice(0, 100)}`);
      }
      const client = await googleClient(deps);
      if (!client) throw new GoogleAuthError("Google sign-in is not enabled.");
      if (!flow || typeof query.state !== "string" || query.state !== flow.state) {
        throw new GoogleAuthError("This sign-in link expired or was opened in another browser. Please try again.");
      }
      if (typeof query.code !== "string" || !query.code) throw new GoogleAuthError("Google sent no sign-in code. Please try again.");

      const { idToken, accessToken } = await exchangeCode(config.google, client, query.code, flow.verifier);
      const identity = await verifyIdToken(config.google, client.clientId, idToken, flow.nonce);
      if (!identity.email && accessToken) {
        const info = await userinfoEmail(config.google, accessToken);
        identity.email = info.email;
        identity.emailVerified = info.emailVerified;
      }
      const user = await googleAccount(db, identity);
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await deleteSession(db, previous);
      setSessionCookie(reply, await createSession(db, user.id), config.secureCookies);
      return loginRedirect(reply, { auth: "success", user: JSON.stringify({ username: user.username }) });
    } catch (err) {
      if (!(err instanceof GoogleAuthError)) request.log.error({ err }, "Google sign-in failed");
      const message = err instanceof GoogleAuthError ? err.message : "Google sign-in failed. Please try again.";
      return loginRedirect(reply, { auth: "error", message });
    }
  });
}
