/**
 * The second factor's routes (decision 0092): the status, sign-in's second step and the fresh
 * check (a code or a passkey), adding and removing an authenticator app or passkeys, new recovery
 * codes; for admins, the requirement and removing a user's factors. Adding and removing are in
 * the admin audit log when an admin does them, and always mailed to the owner (decision 0135),
 * as are new recovery codes and wrong codes typed again and again. The first factor asks for the
 * password (or a recent Google sign-in without one): a session alone does not add it.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { adminUsersApi } from "../../../shared/api/admin-users.js";
import { secondFactorApi } from "../../../shared/api/second-factor.js";
import type { Db, Queryable } from "../../db/connect.js";
import { adminSettings, users } from "../../db/schema.js";
import { AppError, conflict, notFound, unauthorized } from "../../http/errors.js";
import { pageLocale } from "../../http/page-documents.js";
import { RateLimiter, tooManyRequests, type RateLimitStore } from "../../http/rate-limit.js";
import { serve } from "../../http/route-contract.js";
import { STEP_UP } from "../../http/route-access.js";
import { requireUser, sessionCookieValue, setSessionCookie } from "../../http/session-auth.js";
import { webTokenKey } from "../../http/web-app-token.js";
import { renewCheckedSession, type SessionUser } from "../../identity/sessions.js";
import { isPending, markSessionVerified, secondFactorState } from "../../identity/second-factor-state.js";
import { endAccountLinks } from "../../identity/ways-in.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { auditActor, recordAudit } from "../audit/audit-log.js";
import type { ConfirmFirstFactor } from "../auth/first-factor.js";
import type { MailMessage } from "../mail/messages.js";
import type { Mailer } from "../mail/outbox.js";
import type { Settings } from "../settings/service.js";
import { mustEnrol, recentlyVerified } from "./gate.js";
import {
  authenticationOptions,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey,
  usePasskey,
  type CeremonyContext,
} from "./passkeys.js";
import { removeSecondFactors } from "./recovery.js";
import { deleteRecoveryCodes, makeRecoveryCodes, recoveryCodesLeft, useRecoveryCode } from "./recovery-codes.js";
import { hasConfirmedTotp, removeTotp, startTotp, useTotpCode } from "./totp.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Code attempts per person (wrong ones count until one is right). */
const ATTEMPTS = { max: 10, windowMs: 15 * 60_000 };
/**
 * Wrong codes and passkeys per person in a day (decision 0135), counted whatever comes right in
 * between: the 15-minute limit alone lets 960 guesses a day at an app's code.
 */
const WRONG_PER_DAY = { max: 30, windowMs: 24 * 60 * 60_000 };
/** The wrong try of the day that mails the owner: once per day's window, not once per failure. */
const NOTICE_AT = 5;
/** Password tries before the first factor, per person. */
const PASSWORD_ATTEMPTS = { max: 10, windowMs: 15 * 60_000 };

interface SecondFactorOptions {
  db: Db;
  secretBox: SecretBox;
  config: { publicUrl: string; secureCookies: boolean };
  rateLimitStore: RateLimitStore;
  readSettings: () => Promise<Settings>;
  mailer: Mailer;
  /** features/auth/first-factor.ts, given by app.ts (the auth feature reads this one's gate). */
  confirmFirstFactor: ConfirmFirstFactor;
}

function invalidSecondFactor(): AppError {
  return new AppError("invalid_second_factor", "That code is not right, or it was already used.");
}

/** Past WRONG_PER_DAY: an app's code waits for the day's window; a passkey or a recovery code cannot be guessed and still works. */
function dailyLimit(waitSeconds: number): AppError {
  const hours = Math.max(1, Math.ceil(waitSeconds / 3600));
  return new AppError(
    "rate_limited",
    `Too many wrong codes today. Use a recovery code or a passkey, or try the app's code again in ${hours} hour${hours === 1 ? "" : "s"}.`,
    { headers: { "retry-after": String(waitSeconds) }, ...reasoned("second_factor_daily_limit", { hours }) },
  );
}

/** A change of the account's factors: what the audit log and the owner's mail say. */
type FactorChange =
  | { kind: "second_factor_added" | "second_factor_removed"; method: "totp" }
  | { kind: "second_factor_added" | "second_factor_removed"; method: "passkey"; name: string }
  | { kind: "recovery_codes_made" };

const AUDIT_ACTION = {
  second_factor_added: "second_factor.enrol",
  second_factor_removed: "second_factor.remove",
  recovery_codes_made: "second_factor.recovery_codes",
} as const;

function noticeOf(user: SessionUser, change: FactorChange): MailMessage {
  const when = new Date();
  if (change.kind === "recovery_codes_made") return { kind: change.kind, username: user.username, when };
  const name = change.method === "passkey" ? change.name : null;
  return { kind: change.kind, username: user.username, when, method: change.method, name };
}

/**
 * A factor added or removed, or new recovery codes: the account's unused links sent by mail end
 * (decision 0128), the owner is told by mail whoever did it (decision 0135), and an admin's own
 * change goes into the audit log (a person who is not an admin has no log).
 */
async function factorChanged(
  db: Queryable,
  request: FastifyRequest,
  user: SessionUser,
  mailer: Mailer,
  change: FactorChange,
) {
  await endAccountLinks(db, user.id);
  await mailer.toUser(db, user.id, noticeOf(user, change), { locale: pageLocale(request) });
  if (!user.isAdmin) return;
  const details =
    change.kind === "recovery_codes_made"
      ? undefined
      : change.method === "passkey"
        ? { method: change.method, name: change.name }
        : { method: change.method };
  await recordAudit(
    db,
    { adminId: user.id, adminUsername: user.username, ip: request.ip ?? null },
    {
      targetType: "user",
      targetId: user.id,
      targetLabel: user.username,
      action: AUDIT_ACTION[change.kind],
      ...(details ? { details } : {}),
    },
  );
}

async function isEnrolled(db: Queryable, userId: string): Promise<boolean> {
  return (await secondFactorState(db, userId, undefined)).enrolled;
}

export async function secondFactorRoutes(app: FastifyInstance, opts: SecondFactorOptions): Promise<void> {
  const { db, secretBox: box } = opts;
  const rp = relyingParty(opts.config.publicUrl);
  const secure = opts.config.secureCookies;
  const attempts = new RateLimiter("second-factor", ATTEMPTS, opts.rateLimitStore);
  const wrongToday = new RateLimiter("second-factor-wrong-day", WRONG_PER_DAY, opts.rateLimitStore);
  const passwordTries = new RateLimiter("second-factor-password", PASSWORD_ATTEMPTS, opts.rateLimitStore);
  const { mailer } = opts;
  const ceremony = (request: FastifyRequest, reply: CeremonyContext["reply"]): CeremonyContext => ({
    db,
    box,
    rp,
    secure,
    request,
    reply,
  });
  const sessionToken = (request: FastifyRequest) => sessionCookieValue(request) ?? "";
  const webKey = webTokenKey(box);

  /**
   * A factor passed. Sign-in's second step (a pending session) ends the session and gives the
   * browser a new one, checked (decision 0136): a half-signed-in cookie planted in this browser
   * stays half signed in, ended. A fresh check of a signed-in session keeps its id (its other
   * tabs' live streams stay open) and is marked checked now.
   */
  async function factorPassed(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.secondFactor && !isPending(request.secondFactor)) return markSessionVerified(db, sessionToken(request));
    const renewed = await renewCheckedSession(db, sessionToken(request));
    // Ended meanwhile: signed out, or renewed by a parallel second step of the same session.
    if (!renewed) throw unauthorized();
    setSessionCookie(reply, renewed, secure, webKey);
  }

  /** Counts an attempt before it is checked (parallel guesses cannot pass a check made before any failed). */
  async function attempt(userId: string, check: () => Promise<boolean>, onWrong?: () => Promise<void>): Promise<void> {
    const { wait } = await attempts.hitCounted(userId);
    if (wait) throw tooManyRequests(wait, "second-factor attempts");
    if (!(await check())) {
      await onWrong?.();
      throw invalidSecondFactor();
    }
    await attempts.reset(userId);
  }

  /**
   * A check of a factor the account has (the second step, a fresh check; decision 0135): besides
   * the 15-minute limit, every wrong try counts for the day, and a success does not take it back.
   * Past WRONG_PER_DAY an app's code is refused until the day's window ends. The day's count is
   * read before and counted after the check: parallel tries can pass it by at most what the
   * 15-minute limit lets through at once.
   */
  async function checkFactor(
    request: FastifyRequest,
    user: SessionUser,
    method: "totp" | "recovery" | "passkey",
    check: () => Promise<boolean>,
  ): Promise<void> {
    if (method === "totp") {
      const wait = await wrongToday.check(user.id);
      if (wait) throw dailyLimit(wait);
    }
    await attempt(user.id, check, async () => {
      const { count } = await wrongToday.hitCounted(user.id);
      if (count !== NOTICE_AT) return;
      const notice = { kind: "second_factor_failures", username: user.username, failures: count, hours: 24 } as const;
      await mailer.toUser(db, user.id, notice, { locale: pageLocale(request) });
    });
  }

  /** Before the first factor (decision 0135): the password, counted per person, or a recent Google sign-in. */
  async function proveFirstFactor(request: FastifyRequest, userId: string, password: string | undefined) {
    await opts.confirmFirstFactor(db, {
      userId,
      password,
      sessionToken: sessionToken(request),
      countAttempt: async () => {
        const wait = await passwordTries.hit(userId);
        if (wait) throw tooManyRequests(wait, "password attempts");
      },
    });
  }

  serve(app, secondFactorApi.status, { access: "user", secondFactor: "pending" }, async (request) => {
    const user = requireUser(request);
    const state = request.secondFactor ?? (await secondFactorState(db, user.id, sessionToken(request)));
    const settings = await opts.readSettings();
    return {
      totp: await hasConfirmedTotp(db, user.id),
      passkeys: await listPasskeys(db, user.id),
      recoveryCodesLeft: await recoveryCodesLeft(db, user.id),
      pending: isPending(state),
      enrolmentRequired: await mustEnrol(user, state, async () => settings),
      recentlyVerified: recentlyVerified(state),
      requiredForAdmins: settings.requireAdminSecondFactor,
    };
  });

  serve(app, secondFactorApi.verify, { access: "user", secondFactor: "pending" }, async (request, reply) => {
    const user = requireUser(request);
    const { method, code } = request.body;
    await checkFactor(request, user, method, () =>
      method === "totp" ? useTotpCode(db, box, user.id, code) : useRecoveryCode(db, user.id, code),
    );
    await factorPassed(request, reply);
    return { message: "Second factor accepted" };
  });

  serve(app, secondFactorApi.passkeyOptions, { access: "user", secondFactor: "pending" }, async (request, reply) => {
    const user = requireUser(request);
    const options = await authenticationOptions(ceremony(request, reply), user.id);
    if (!options) throw notFound("This account has no passkey");
    return options as unknown as Record<string, unknown>;
  });

  serve(app, secondFactorApi.passkeyVerify, { access: "user", secondFactor: "pending" }, async (request, reply) => {
    const user = requireUser(request);
    await checkFactor(request, user, "passkey", () =>
      usePasskey(ceremony(request, reply), user.id, request.body.response),
    );
    await factorPassed(request, reply);
    return { message: "Second factor accepted" };
  });

  serve(app, secondFactorApi.totpSetup, { access: "user", secondFactor: "enrol" }, async (request) => {
    const user = requireUser(request);
    if (await hasConfirmedTotp(db, user.id)) throw conflict("An authenticator app is already set up: remove it first");
    return startTotp(db, box, user);
  });

  serve(app, secondFactorApi.totpConfirm, { access: "user", secondFactor: "enrol" }, async (request) => {
    const user = requireUser(request);
    const { code, password } = request.body;
    // The first factor asks for the first one again; with a factor, the gate asked for it lately.
    if (!(await isEnrolled(db, user.id))) await proveFirstFactor(request, user.id, password);
    return db.transaction(async (tx) => {
      const first = !(await isEnrolled(tx, user.id));
      await attempt(user.id, () => useTotpCode(tx, box, user.id, code, { confirming: true }));
      const recoveryCodes = first ? await makeRecoveryCodes(tx, user.id) : null;
      // This session just proved the factor; the person's other sessions are asked for it.
      await markSessionVerified(tx, sessionToken(request));
      await factorChanged(tx, request, user, mailer, { kind: "second_factor_added", method: "totp" });
      return { message: "Authenticator app added", recoveryCodes };
    });
  });

  serve(app, secondFactorApi.totpRemove, { access: "user", secondFactor: "enrol" }, async (request) => {
    const user = requireUser(request);
    return db.transaction(async (tx) => {
      if (!(await removeTotp(tx, user.id))) throw notFound("No authenticator app is set up");
      if (!(await isEnrolled(tx, user.id))) await deleteRecoveryCodes(tx, user.id);
      await factorChanged(tx, request, user, mailer, { kind: "second_factor_removed", method: "totp" });
      return { message: "Authenticator app removed" };
    });
  });

  serve(
    app,
    secondFactorApi.passkeyRegisterOptions,
    { access: "user", secondFactor: "enrol" },
    async (request, reply) => {
      const user = requireUser(request);
      // Checked before the browser makes a passkey, and again when it is kept.
      if (!(await isEnrolled(db, user.id))) await proveFirstFactor(request, user.id, request.body.password);
      return (await registrationOptions(ceremony(request, reply), user)) as unknown as Record<string, unknown>;
    },
  );

  serve(app, secondFactorApi.passkeyRegister, { access: "user", secondFactor: "enrol" }, async (request, reply) => {
    const user = requireUser(request);
    const { name, response, password } = request.body;
    const first = !(await isEnrolled(db, user.id));
    if (first) await proveFirstFactor(request, user.id, password);
    const added = await registerPasskey(ceremony(request, reply), user.id, name, response);
    if (!added) throw new AppError("invalid_input", "The passkey could not be verified. Try again.");
    return db.transaction(async (tx) => {
      const recoveryCodes = first ? await makeRecoveryCodes(tx, user.id) : null;
      await markSessionVerified(tx, sessionToken(request));
      await factorChanged(tx, request, user, mailer, { kind: "second_factor_added", method: "passkey", name });
      return { message: "Passkey added", recoveryCodes };
    });
  });

  serve(app, secondFactorApi.passkeyRemove, { access: "user", secondFactor: "enrol" }, async (request) => {
    const user = requireUser(request);
    return db.transaction(async (tx) => {
      const name = await removePasskey(tx, user.id, request.params.passkeyId);
      if (name === undefined) throw notFound("No such passkey");
      if (!(await isEnrolled(tx, user.id))) await deleteRecoveryCodes(tx, user.id);
      await factorChanged(tx, request, user, mailer, { kind: "second_factor_removed", method: "passkey", name });
      return { message: "Passkey removed" };
    });
  });

  serve(app, secondFactorApi.recoveryCodes, { access: "user", secondFactor: "enrol" }, async (request) => {
    const user = requireUser(request);
    return db.transaction(async (tx) => {
      if (!(await isEnrolled(tx, user.id))) throw conflict("Add an authenticator app or a passkey first");
      const recoveryCodes = await makeRecoveryCodes(tx, user.id);
      await factorChanged(tx, request, user, mailer, { kind: "recovery_codes_made" });
      return { message: "New recovery codes made", recoveryCodes };
    });
  });
}

/** The admin's part: the requirement for every admin account, and removing a user's lost factors. */
export async function adminSecondFactorRoutes(app: FastifyInstance, opts: { db: Db; mailer: Mailer }): Promise<void> {
  const { db } = opts;

  serve(app, secondFactorApi.requireForAdmins, STEP_UP, async (request) => {
    const actor = auditActor(request);
    const { required } = request.body;
    if (required && !request.secondFactor?.enrolled)
      throw conflict("Add a second factor to your own account before requiring one of every admin");
    await db.transaction(async (tx) => {
      await tx.update(adminSettings).set({ requireAdminSecondFactor: required });
      await recordAudit(tx, actor, { action: "second_factor.require", targetType: "settings", details: { required } });
    });
    return { message: required ? "Every admin now needs a second factor" : "A second factor is optional", required };
  });

  serve(app, adminUsersApi.removeSecondFactor, STEP_UP, async (request) => {
    const actor = auditActor(request);
    const { userId } = request.params;
    if (!UUID.test(userId)) throw notFound("User not found");
    return db.transaction(async (tx) => {
      const [user] = await tx
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) throw notFound("User not found");
      const { totp, passkeys: passkeyCount } = await removeSecondFactors(tx, user.id);
      await recordAudit(tx, actor, {
        action: "user.second_factor_remove",
        targetType: "user",
        targetId: user.id,
        targetLabel: user.username,
        details: { totp, passkeys: passkeyCount },
      });
      // The owner is told, as of every factor removed (decision 0135).
      if (totp || passkeyCount > 0) {
        const notice = { username: user.username, when: new Date(), method: "every", name: null } as const;
        await opts.mailer.toUser(
          tx,
          user.id,
          { kind: "second_factor_removed", ...notice },
          { locale: pageLocale(request) },
        );
      }
      return { message: "Second factors removed; the user signs in with the password and can add new ones" };
    });
  });
}
