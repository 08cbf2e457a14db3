/**
 * The routes of the links sent by mail (decision 0088): a forgotten password, a confirmed address,
 * a new address. Using a link is public (it may be opened signed out, or signed in as anyone);
 * asking for a confirmation or a new address is the signed-in person's.
 */
import { grantWelcome } from "../welcome/welcome-grant.js";
import { grantRefereeBonus } from "../referrals/referee-bonus.js";
import type { FastifyInstance } from "fastify";
import { accountLinksApi } from "../../../shared/api/account-links.js";
import { ACCOUNT_LINK_MESSAGES as M } from "../../../shared/schemas/account-links.js";
import type { Db } from "../../db/connect.js";
import { pageLocale } from "../../http/page-documents.js";
import { serve } from "../../http/route-contract.js";
import { AppError } from "../../http/errors.js";
import { RateLimiter, tooManyRequests, type RateLimitRule, type RateLimitStore } from "../../http/rate-limit.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { requireUser, sessionCookieValue, setSessionCookie } from "../../http/session-auth.js";
import { webTokenKey } from "../../http/web-app-token.js";
import { deleteSession, sessionOrigin } from "../../identity/sessions.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { Mailer } from "../mail/outbox.js";
import type { Settings } from "../settings/service.js";
import type { CaptchaCheck } from "../sign-up-protection/captcha.js";
import { refuseThrowawayAddress } from "../sign-up-protection/email-domains.js";
import { CAPTCHA_ACTIONS } from "../../../shared/schemas/sign-up-protection.js";
import { cancelEmailChange, confirmEmailChange, requestEmailChange } from "./email-change.js";
import { resendVerification, verifyEmail } from "./email-verification.js";
import { LINK_EXPIRED_MESSAGE, queuePasswordReset, resetPassword } from "./password-reset.js";
import { peekAccountToken } from "./account-tokens.js";
import type { AuthRateLimits } from "./routes.js";
import { toSignedInUser } from "./users.js";

/** Looking a link up before using it: a page load each, and a link is 32 random bytes. */
const ADDRESS_LINK_PER_IP: RateLimitRule = { max: 30, windowMs: 60_000 };

export async function accountLinkRoutes(
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
  },
): Promise<void> {
  const { db, mailer } = opts;
  const { secureCookies } = opts.config;
  const webKey = webTokenKey(opts.secretBox);
  const limits = opts.limits.auth;
  const store = opts.rateLimitStore;
  const resetPerIp = new RateLimiter("password-reset-ip", limits.passwordResetPerIp, store);
  const verificationPerMinute = new RateLimiter("verification-minute", limits.verificationPerMinute, store);
  const verificationPerHour = new RateLimiter("verification-hour", limits.verificationPerHour, store);
  const emailChangePerUser = new RateLimiter("email-change", limits.emailChangePerUser, store);
  const addressLinkPerIp = new RateLimiter("address-link-ip", ADDRESS_LINK_PER_IP, store);

  serve(app, accountLinksApi.requestPasswordReset, { access: "public" }, async (request, reply) => {
    const wait = await resetPerIp.hit(request.ip);
    if (wait) throw tooManyRequests(wait, "password reset requests");
    const { login, captchaToken } = request.body;
    // Before the answer, and decided by the token alone: it tells nothing about any account.
    await opts.captcha.require(captchaToken, { ip: request.ip, action: CAPTCHA_ACTIONS.passwordReset });
    // One row, whoever it names, written before the answer (the request is kept once answered);
    // the reset job looks the account up later, apart from this request, so nothing the request
    // causes takes longer or shorter for an account that exists (decision 0132).
    await queuePasswordReset(db, login, pageLocale(request));
    return reply.status(202).send({ message: M.resetRequested });
  });

  serve(app, accountLinksApi.resetPassword, { access: "public" }, async (request, reply) => {
    const { token, password } = request.body;
    const previous = sessionCookieValue(request);
    const { user, sessionToken } = await resetPassword(
      { db, mailer },
      token,
      password,
      sessionOrigin(request),
      pageLocale(request),
    );
    // As a sign-in: whatever session this browser had (perhaps another account's) ends.
    if (previous) await deleteSession(db, previous);
    setSessionCookie(reply, sessionToken, secureCookies, webKey);
    // With a second factor the new session still waits for it: say so, as sign-in does (0132).
    const signedIn = await toSignedInUser(db, user, sessionToken);
    return { message: signedIn.secondFactorPending ? M.passwordResetSecondStep : M.passwordReset, user: signedIn };
  });

  // The page a confirmation link opens names the account before the person confirms (0131).
  serve(app, accountLinksApi.addressLink, { access: "public" }, async (request) => {
    const wait = await addressLinkPerIp.hit(request.ip);
    if (wait) throw tooManyRequests(wait, "link look-ups");
    const { token, kind } = request.body;
    const link = await peekAccountToken(db, token, kind === "verify" ? "verify_email" : "change_email");
    if (!link?.email) throw new AppError("invalid_input", LINK_EXPIRED_MESSAGE, reasoned("link_expired"));
    return { username: link.username, email: link.email };
  });

  serve(app, accountLinksApi.verifyEmail, { access: "public" }, async (request) => {
    const settings = await opts.readSettings();
    // Confirming the address is a verified identity: the welcome grant, once (decision 0155).
    const confirmed = await verifyEmail(db, request.body.token, async (tx, user) => {
      await grantWelcome(tx, opts.secretBox, settings, {
        userId: user.id,
        email: user.email,
        clientAddress: request.ip,
      });
      await grantRefereeBonus(tx, settings, { userId: user.id, email: user.email });
    });
    return { message: M.emailConfirmed, ...confirmed };
  });

  serve(app, accountLinksApi.resendVerification, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    // The hour counts only what the minute let through: pressing again too soon costs nothing later.
    const wait = (await verificationPerMinute.hit(user.id)) || (await verificationPerHour.hit(user.id));
    if (wait) throw tooManyRequests(wait, "confirmation e-mails");
    const email = await resendVerification(db, mailer, user.id, pageLocale(request));
    return reply.status(202).send({ message: M.verificationSent, email });
  });

  serve(app, accountLinksApi.changeEmail, { access: "user" }, async (request, reply) => {
    const user = requireUser(request);
    const wait = await emailChangePerUser.hit(user.id);
    if (wait) throw tooManyRequests(wait, "changes of e-mail address");
    refuseThrowawayAddress(request.body.email, await opts.readSettings());
    const email = await requestEmailChange(
      db,
      mailer,
      user.id,
      request.body,
      pageLocale(request),
      sessionCookieValue(request),
    );
    return reply.status(202).send({ message: M.emailChangeSent, email });
  });

  serve(app, accountLinksApi.confirmEmailChange, { access: "public" }, async (request) => {
    const changed = await confirmEmailChange(
      db,
      mailer,
      request.body.token,
      pageLocale(request),
      sessionCookieValue(request),
    );
    return { message: M.emailChanged, ...changed };
  });

  serve(app, accountLinksApi.cancelEmailChange, { access: "public" }, async (request) => {
    const { username } = await cancelEmailChange(db, request.body.token);
    return { message: M.emailChangeCancelled, username };
  });
}
