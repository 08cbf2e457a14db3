import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { accountApi } from "../../../shared/api/account.js";
import { authApi } from "../../../shared/api/auth.js";
import { CHANGE_PASSWORD_MESSAGES } from "../../../shared/schemas/auth.js";
import type { Db } from "../../db/connect.js";
import { serve } from "../../http/route-contract.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { clearSessionCookie, requireUser, sessionCookieValue, setSessionCookie } from "../../http/session-auth.js";
import { setWebTokenCookie, WEB_TOKEN_COOKIE, webTokenKey, webTokenOfSession } from "../../http/web-app-token.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { pageLocale } from "../../http/page-documents.js";
import { failedSignInLimiter } from "./sign-in-conditions.js";
import { AppError } from "../../http/errors.js";
import type { Mailer } from "../mail/outbox.js";
import type { Settings } from "../settings/service.js";
import type { CaptchaCheck } from "../sign-up-protection/captcha.js";
import { refuseThrowawayAddress } from "../sign-up-protection/email-domains.js";
import { CAPTCHA_ACTIONS } from "../../../shared/schemas/sign-up-protection.js";
import { noteSignIn } from "../notices/new-browser.js";
import { referFromVisit } from "../referrals/sign-up-hook.js";
import { changePassword, login, registerUser, setLanguage } from "./service.js";
import { createSession, deleteSession, sessionOrigin } from "../../identity/sessions.js";
import { endSessionsAndLinks } from "../../identity/ways-in.js";
import { isPending } from "../../identity/second-factor-state.js";
import { mustEnrol } from "../second-factor/gate.js";
import { toCurrentUser, toSignedInUser } from "./users.js";
import { creditSplit } from "../credits/credit-split.js";
import type { ReadCaches } from "../../events/read-caches.js";

export interface AuthRateLimits {
  loginPerIp: RateLimitRule;
  loginFailuresPerUsername: RateLimitRule;
  /**
   * Failed sign-ins from one client address, whatever the usernames: at `max`, a sign-in from
   * there needs the CAPTCHA while Turnstile is on (decision 0091). Not a limit by itself.
   */
  loginFailuresPerIp: RateLimitRule;
  registerPerIp: RateLimitRule;
  /** Repeated registrations of one name are someone probing which usernames exist. */
  registerPerUsername: RateLimitRule;
  /** Reset links asked for from one client address (answered 429). */
  passwordResetPerIp: RateLimitRule;
  /** Reset links sent to one account, whoever asks (silently: the answer never says; decision 0088). */
  passwordResetPerAccount: RateLimitRule;
  /** "Send the link again" per person: once a minute, a few times an hour. */
  verificationPerMinute: RateLimitRule;
  verificationPerHour: RateLimitRule;
  /** Changes of address asked for per person (each sends mail to an address they typed). */
  emailChangePerUser: RateLimitRule;
  /**
   * Password changes tried per person: each checks the current password, which a borrowed
   * session would otherwise guess without end (then lock the owner out).
   */
  passwordChangePerUser: RateLimitRule;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  loginPerIp: { max: 50, windowMs: 15 * 60_000 },
  loginFailuresPerUsername: { max: 10, windowMs: 15 * 60_000 },
  loginFailuresPerIp: { max: 5, windowMs: 15 * 60_000 },
  registerPerIp: { max: 20, windowMs: 60 * 60_000 },
  registerPerUsername: { max: 5, windowMs: 60 * 60_000 },
  passwordResetPerIp: { max: 20, windowMs: 60 * 60_000 },
  passwordResetPerAccount: { max: 5, windowMs: 60 * 60_000 },
  verificationPerMinute: { max: 1, windowMs: 60_000 },
  verificationPerHour: { max: 5, windowMs: 60 * 60_000 },
  emailChangePerUser: { max: 5, windowMs: 60 * 60_000 },
  passwordChangePerUser: { max: 10, windowMs: 15 * 60_000 },
};

/**
 * While Turnstile is on, the attempt after this many for one username (since its last success, in
 * the failures window) needs the CAPTCHA (decision 0091).
 */
const CAPTCHA_AFTER_FAILED_LOGINS = 3;

export async function authRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    config: { secureCookies: boolean };
    limits: { auth: AuthRateLimits };
    rateLimitStore: RateLimitStore;
    secretBox: SecretBox;
    mailer: Mailer;
    readSettings: () => Promise<Settings>;
    captcha: CaptchaCheck;
    caches: Pick<ReadCaches, "creditSplits">;
  },
): Promise<void> {
  const { db, mailer, captcha } = opts;
  const webKey = webTokenKey(opts.secretBox);
  const { secureCookies } = opts.config;
  const rateLimits = opts.limits.auth;
  const store = opts.rateLimitStore;
  const loginPerIp = new RateLimiter("login-ip", rateLimits.loginPerIp, store);
  const loginFailures = failedSignInLimiter(rateLimits.loginFailuresPerUsername, store);
  const registerPerIp = new RateLimiter("register-ip", rateLimits.registerPerIp, store);
  const registerPerUsername = new RateLimiter("register-username", rateLimits.registerPerUsername, store);
  const loginFailuresPerIp = new RateLimiter("login-failures-ip", rateLimits.loginFailuresPerIp, store);
  const passwordChangePerUser = new RateLimiter("password-change", rateLimits.passwordChangePerUser, store);

  /** A session just made for a sign-in or a sign-up becomes this browser's. */
  async function startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    session: { token: string; previous: string | undefined; userId: string },
  ): Promise<void> {
    // A new session id at every sign-in; the one the browser had is ended.
    if (session.previous) await deleteSession(db, session.previous);
    setSessionCookie(reply, session.token, secureCookies, webKey);
    // A browser new to this person: the new sign-in notice (decision 0086).
    await noteSignIn({ db, mailer, secureCookies }, request, reply, session.userId);
  }

  serve(app, authApi.register, { access: "public" }, async (request, reply) => {
    const wait = await registerPerIp.hit(request.ip);
    if (wait) throw tooManyRequests(wait, "registration attempts");
    const input = request.body;
    const nameWait = await registerPerUsername.hit(input.username.toLowerCase());
    if (nameWait) throw tooManyRequests(nameWait, "registration attempts for this username");
    // The address first (a person fixes it with the widget's token still unused), then the CAPTCHA.
    refuseThrowawayAddress(input.email, await opts.readSettings());
    await captcha.require(input.captchaToken, { ip: request.ip, action: CAPTCHA_ACTIONS.register });
    const previous = sessionCookieValue(request);
    const user = await registerUser(db, input, { mailer, locale: pageLocale(request) });
    await referFromVisit(opts, request, reply, user.id);
    // Signed in as a login signs in (decision 0167): a new session id, the one the browser had
    // ended (no fixation), the same cookie, and this browser known to the person. A new account has
    // no second factor, so there is no second step.
    const token = await createSession(db, user.id, sessionOrigin(request));
    await startSession(request, reply, { token, previous, userId: user.id });
    return reply.status(201).send({ message: "Registration successful", user: await toSignedInUser(db, user, token) });
  });

  serve(app, authApi.login, { access: "public" }, async (request, reply) => {
    const ipWait = await loginPerIp.hit(request.ip);
    if (ipWait) throw tooManyRequests(ipWait, "login attempts");
    const { username, password, captchaToken } = request.body;
    const key = username.toLowerCase();
    // The attempt is counted (reserved) before the password is checked, in one atomic hit, so
    // parallel guesses cannot all pass a check made before any of them failed (decision 0035).
    // A success clears the count; a failure leaves its hit in place.
    const { wait: userWait, count } = await loginFailures.hitCounted(key);
    if (userWait) throw tooManyRequests(userWait, "failed login attempts for this account");
    // After a few failures for this name, or from this address, a person proves they are one
    // before the password is tried. The name's count is this attempt's reserved one, so parallel
    // guesses get no more tries without the CAPTCHA than sequential ones (decision 0091).
    if (
      count > CAPTCHA_AFTER_FAILED_LOGINS ||
      ((await captcha.isOn()) && (await loginFailuresPerIp.check(request.ip)) > 0)
    )
      await captcha.require(captchaToken, {
        ip: request.ip,
        action: CAPTCHA_ACTIONS.login,
        missing: "captcha_required",
      });
    const previous = sessionCookieValue(request);
    const { user, token } = await login(db, username, password, sessionOrigin(request)).catch(async (err: unknown) => {
      if (err instanceof AppError && err.code === "invalid_credentials") await loginFailuresPerIp.hit(request.ip);
      throw err;
    });
    await loginFailures.reset(key);
    await startSession(request, reply, { token, previous, userId: user.id });
    // With a second factor the session is only half signed in until its second step (decision 0092).
    const signedIn = await toSignedInUser(db, user, token);
    return {
      message: signedIn.secondFactorPending ? "Password accepted: enter your second factor" : "Login successful",
      user: signedIn,
    };
  });

  serve(app, authApi.logout, { access: "public" }, async (request, reply) => {
    const token = sessionCookieValue(request);
    if (token) await deleteSession(db, token);
    clearSessionCookie(reply, secureCookies);
    return { message: "Logged out" };
  });

  serve(app, authApi.currentUser, { access: "user", secondFactor: "pending" }, async (request, reply) => {
    const user = requireUser(request);
    const state = request.secondFactor;
    // A session from before the web app's token existed gets it here, on the page's first read.
    const session = sessionCookieValue(request);
    if (
      session &&
      request.sessionId &&
      request.cookies[WEB_TOKEN_COOKIE] !== webTokenOfSession(webKey, request.sessionId)
    )
      setWebTokenCookie(reply, webKey, session, secureCookies);
    const pending = state !== undefined && isPending(state);
    const enrolmentRequired = state !== undefined && (await mustEnrol(user, state, opts.readSettings));
    // The balance and which of it expires when, read together (decision 0151) and kept in memory
    // like the session until the database announces a change of the user (decision 0031).
    const split = await opts.caches.creditSplits.get(user.id, async () => ({
      userId: user.id,
      ...(await creditSplit(db, user.id)),
    }));
    const { credits, expiring } = split ?? (await creditSplit(db, user.id));
    return {
      ...toCurrentUser(user),
      credits,
      expiring,
      ...(pending ? { secondFactorPending: true } : {}),
      ...(enrolmentRequired ? { secondFactorEnrolmentRequired: true } : {}),
    };
  });

  serve(app, accountApi.changePassword, { access: "user" }, async (request) => {
    const user = requireUser(request);
    const input = request.body;
    // Counted before the current password is checked: parallel guesses get no more tries.
    const wait = await passwordChangePerUser.hit(user.id);
    if (wait) throw tooManyRequests(wait, "password changes");
    const { revokedApiTokens } = await changePassword(
      db,
      user.id,
      input.currentPassword,
      input.newPassword,
      sessionCookieValue(request),
      { revokeApiTokens: input.revokeApiTokens, mailer, locale: pageLocale(request) },
    );
    return { message: CHANGE_PASSWORD_MESSAGES.success, revokedApiTokens };
  });

  // "Sign out other devices" on /my-account: the admin's sign-out-everywhere, for one's own sessions
  // but this one; unused links sent by mail end too (decision 0128).
  serve(app, accountApi.endOtherSessions, { access: "user" }, async (request) => {
    const user = requireUser(request);
    const ended = await endSessionsAndLinks(db, user.id, sessionCookieValue(request));
    return { message: ended === 1 ? "1 other session ended" : `${ended} other sessions ended`, ended };
  });

  serve(app, accountApi.language, { access: "user" }, async (request) => {
    const user = requireUser(request);
    const { language } = request.body;
    await setLanguage(db, user.id, language);
    return { message: "Language saved", language };
  });
}
