import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  authResultSchema,
  changePasswordResultSchema,
  changePasswordSchema,
  CHANGE_PASSWORD_MESSAGES,
  currentUserSchema,
  loggedOutSchema,
  loginSchema,
  otherSessionsEndedSchema,
  languageSavedSchema,
  registerSchema,
  setLanguageSchema,
} from "../../../shared/schemas/auth.js";
import type { Db } from "../../db/connect.js";
import { errors } from "../../http/route-contract.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { clearSessionCookie, requireUser, setSessionCookie } from "../../http/session-auth.js";
import { setWebTokenCookie, WEB_TOKEN_COOKIE, webToken, webTokenKey } from "../../http/web-app-token.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { changePassword, login, registerUser, setLanguage } from "./service.js";
import { deleteSession, deleteUserSessions, SESSION_COOKIE, sessionOrigin } from "../../identity/sessions.js";
import { toCurrentUser } from "./users.js";

export interface AuthRateLimits {
  loginPerIp: RateLimitRule;
  loginFailuresPerUsername: RateLimitRule;
  registerPerIp: RateLimitRule;
  /** Repeated registrations of one name are someone probing which usernames exist. */
  registerPerUsername: RateLimitRule;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  loginPerIp: { max: 50, windowMs: 15 * 60_000 },
  loginFailuresPerUsername: { max: 10, windowMs: 15 * 60_000 },
  registerPerIp: { max: 20, windowMs: 60 * 60_000 },
  registerPerUsername: { max: 5, windowMs: 60 * 60_000 },
};

export async function authRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    config: { secureCookies: boolean };
    limits: { auth: AuthRateLimits };
    rateLimitStore: RateLimitStore;
    secretBox: SecretBox;
  },
): Promise<void> {
  const { db } = opts;
  const webKey = webTokenKey(opts.secretBox);
  const { secureCookies } = opts.config;
  const rateLimits = opts.limits.auth;
  const store = opts.rateLimitStore;
  const loginPerIp = new RateLimiter("login-ip", rateLimits.loginPerIp, store);
  const loginFailures = new RateLimiter("login-failures", rateLimits.loginFailuresPerUsername, store);
  const registerPerIp = new RateLimiter("register-ip", rateLimits.registerPerIp, store);
  const registerPerUsername = new RateLimiter("register-username", rateLimits.registerPerUsername, store);

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/auth/register",
    {
      config: { access: "public" },
      schema: {
        tags: ["Account"],
        summary: "Create an account (it does not sign in)",
        body: registerSchema,
        response: { 201: authResultSchema, ...errors(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const wait = await registerPerIp.hit(request.ip);
      if (wait) throw tooManyRequests(wait, "registration attempts");
      const input = request.body;
      const nameWait = await registerPerUsername.hit(input.username.toLowerCase());
      if (nameWait) throw tooManyRequests(nameWait, "registration attempts for this username");
      const user = await registerUser(db, input);
      return reply.status(201).send({ message: "Registration successful", user: toCurrentUser(user) });
    },
  );

  api.post(
    "/api/auth/login",
    {
      config: { access: "public" },
      schema: {
        tags: ["Account"],
        summary: "Sign in with a username and password (sets the session cookie)",
        body: loginSchema,
        response: { 200: authResultSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const ipWait = await loginPerIp.hit(request.ip);
      if (ipWait) throw tooManyRequests(ipWait, "login attempts");
      const { username, password } = request.body;
      const key = username.toLowerCase();
      // The attempt is counted (reserved) before the password is checked, in one atomic hit, so
      // parallel guesses cannot all pass a check made before any of them failed (decision 0035).
      // A success clears the count; a failure leaves its hit in place.
      const userWait = await loginFailures.hit(key);
      if (userWait) throw tooManyRequests(userWait, "failed login attempts for this account");
      const previous = request.cookies[SESSION_COOKIE];
      const { user, token } = await login(db, username, password, sessionOrigin(request));
      await loginFailures.reset(key);
      // A new session id at every login; the one the browser had is ended.
      if (previous) await deleteSession(db, previous);
      setSessionCookie(reply, token, secureCookies, webKey);
      return { message: "Login successful", user: toCurrentUser(user) };
    },
  );

  api.post(
    "/api/auth/logout",
    {
      config: { access: "public" },
      schema: {
        tags: ["Account"],
        summary: "Sign out (ends the session, clears the cookie)",
        response: { 200: loggedOutSchema, ...errors(403) },
      },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(db, token);
      clearSessionCookie(reply, secureCookies);
      return { message: "Logged out" };
    },
  );

  api.get(
    "/api/auth/current-user",
    {
      config: { access: "user" },
      schema: {
        tags: ["Account"],
        summary: "The signed-in user",
        response: { 200: currentUserSchema, ...errors(401) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // A session from before the web app's token existed gets it here, on the page's first read.
      const session = request.cookies[SESSION_COOKIE];
      if (session && request.cookies[WEB_TOKEN_COOKIE] !== webToken(webKey, session))
        setWebTokenCookie(reply, webKey, session, secureCookies);
      return toCurrentUser(user);
    },
  );

  api.put(
    "/api/user/change-password",
    {
      config: { access: "user" },
      schema: {
        tags: ["Account"],
        summary: "Change the password (signs out the other sessions; may revoke the API tokens)",
        body: changePasswordSchema,
        response: { 200: changePasswordResultSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const input = request.body;
      const { revokedApiTokens } = await changePassword(
        db,
        user.id,
        input.currentPassword,
        input.newPassword,
        request.cookies[SESSION_COOKIE],
        {
          revokeApiTokens: input.revokeApiTokens,
        },
      );
      return { message: CHANGE_PASSWORD_MESSAGES.success, revokedApiTokens };
    },
  );

  // "Sign out other devices" on /my-account: the admin's sign-out-everywhere, for one's own sessions but this one.
  api.delete(
    "/api/user/sessions",
    {
      config: { access: "user" },
      schema: {
        tags: ["Account"],
        summary: "Sign out every other session of the signed-in user (this one stays; their live streams end)",
        response: { 200: otherSessionsEndedSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const ended = await deleteUserSessions(db, user.id, request.cookies[SESSION_COOKIE]);
      return { message: ended === 1 ? "1 other session ended" : `${ended} other sessions ended`, ended };
    },
  );

  api.put(
    "/api/user/language",
    {
      config: { access: "user" },
      schema: {
        tags: ["Account"],
        summary: "Remember the language the person chose (their pages follow it on every device)",
        body: setLanguageSchema,
        response: { 200: languageSavedSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { language } = request.body;
      await setLanguage(db, user.id, language);
      return { message: "Language saved", language };
    },
  );
}
