/** A second factor (issue 41, decision 0092): authenticator app codes, recovery codes and passkeys. */
import { z } from "zod";
import { CHANGE_PASSWORD_MESSAGES, PASSWORD_MAX } from "./auth.js";

/** How long a second-factor check counts for the sensitive actions (step-up), in minutes. */
export const STEP_UP_MINUTES = 15;
/** How many recovery codes are made at a time; each works once. */
export const RECOVERY_CODE_COUNT = 10;

const code = z.string({ error: "Enter the code" }).trim().min(1, "Enter the code").max(40, "The code is too long");

/** POST /api/auth/second-factor/verify: a code from the authenticator app, or a recovery code. */
export const secondFactorCodeSchema = z.object({
  method: z.enum(["totp", "recovery"], { error: "method must be totp or recovery" }),
  code,
});

/**
 * The account's password, asked before its first factor is added (decision 0135): a session alone
 * is not enough to lock its owner out. Left out by an account without one (made by Google sign-in),
 * which proves a recent Google sign-in instead, and once a factor exists (the factor is asked).
 */
const firstFactorPassword = z
  .string({ error: "password must be text" })
  .max(PASSWORD_MAX, CHANGE_PASSWORD_MESSAGES.wrongCurrent)
  .optional()
  .meta({ description: "The account's password, when it has no second factor yet and has a password." });

/** POST /api/auth/second-factor/totp/confirm */
export const totpConfirmSchema = z.object({ code, password: firstFactorPassword });

/** The browser's WebAuthn answer (navigator.credentials), checked by @simplewebauthn/server. */
const webAuthnResponse = z.record(z.string(), z.unknown());
export const passkeyVerifySchema = z.object({ response: webAuthnResponse });
export const passkeyRegisterSchema = z.object({
  name: z.string().trim().min(1, "Name the passkey").max(60, "The name can be at most 60 characters"),
  response: webAuthnResponse,
  password: firstFactorPassword,
});
/** POST /api/auth/second-factor/passkeys/options: the password is checked before the browser makes a passkey. */
export const passkeyRegisterOptionsSchema = z.object({ password: firstFactorPassword });
export const passkeyParamsSchema = z.object({ passkeyId: z.uuid({ error: "Unknown passkey" }) });

/** PUT /api/admin/settings/second-factor */
export const requireSecondFactorSchema = z.object({
  required: z.boolean({ error: "required must be true or false" }),
});

// ---- Answers ----

const passkeyView = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyView = z.infer<typeof passkeyView>;

/** GET /api/auth/second-factor: what this person has, and where this session stands. */
export const secondFactorStatusSchema = z
  .object({
    totp: z.boolean(),
    passkeys: z.array(passkeyView),
    recoveryCodesLeft: z.number().int(),
    /** Signed in with the password (or Google) only: the second step is still to come. */
    pending: z.boolean(),
    /** An admin who must enrol before anything else (the admin's setting). */
    enrolmentRequired: z.boolean(),
    /** The last check of this session, while it counts for the sensitive actions. */
    recentlyVerified: z.boolean(),
    /** The admin's setting: every admin account needs a second factor. */
    requiredForAdmins: z.boolean(),
  })
  .meta({ id: "SecondFactorStatus" });

export const totpSetupSchema = z
  .object({
    secret: z.string(),
    otpauthUrl: z.string(),
    qrCode: z.string().meta({ description: "The otpauth URL as a QR code (an SVG data URL)." }),
  })
  .meta({ id: "TotpSetup" });

/** A factor enrolled; the recovery codes when they were made now (shown once). */
export const enrolledSchema = z
  .object({ message: z.string(), recoveryCodes: z.array(z.string()).nullable() })
  .meta({ id: "SecondFactorEnrolled" });
export const recoveryCodesSchema = z
  .object({ message: z.string(), recoveryCodes: z.array(z.string()) })
  .meta({ id: "RecoveryCodes" });
export const secondFactorDoneSchema = z.object({ message: z.string() }).meta({ id: "SecondFactorDone" });
/** WebAuthn's options for navigator.credentials (create or get), as @simplewebauthn/browser takes them. */
export const webAuthnOptionsSchema = z.record(z.string(), z.unknown()).meta({ id: "WebAuthnOptions" });
export const requireSecondFactorSavedSchema = z
  .object({ message: z.string(), required: z.boolean() })
  .meta({ id: "RequireSecondFactorSaved" });
