import { z } from "zod";
import { LOCALES } from "../i18n.js";
import { expiringCreditsSchema } from "./credit-split.js";
import { captchaTokenField } from "./sign-up-protection.js";

/** Limits and messages of the account forms (usernames: decision 0003), shared by the login page and the server. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 200;
/**
 * A person without a password (made by Google sign-in) proves it is them with a Google sign-in at
 * most this old: before setting a first password, asking for a new address, deleting the account.
 */
export const GOOGLE_RECHECK_MINUTES = 10;

/** The account forms' messages: the server sends them, the web words each in the person's language. */
export const AUTH_FORM_MESSAGES = {
  usernameRequired: "Username is required",
  usernameTooShort: "Username must be at least 3 characters",
  usernameTooLong: "Username must be at most 50 characters",
  usernameCharacters: "Username may only contain letters, numbers, dots, dashes and underscores",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 6 characters",
  passwordTooLong: "Password must be at most 200 characters",
  invalidEmail: "Invalid email address",
  confirmRequired: "Please confirm your password",
  passwordsDiffer: "Passwords don't match",
} as const;
const M = AUTH_FORM_MESSAGES;

export const loginSchema = z.object({
  username: z.string({ error: M.usernameRequired }).trim().min(1, M.usernameRequired),
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired),
  /** Asked for after failed attempts (the refusal's reason is captcha_required; decision 0091). */
  captchaToken: captchaTokenField,
});
export type LoginInput = z.infer<typeof loginSchema>;

const usernameSchema = z
  .string({ error: M.usernameRequired })
  .trim()
  .min(USERNAME_MIN, M.usernameTooShort)
  .max(USERNAME_MAX, M.usernameTooLong)
  .regex(/^[A-Za-z0-9._-]+$/, M.usernameCharacters);

/** A new password: registration's rules, also a reset's (schemas/account-links.ts). */
export const passwordSchema = z
  .string({ error: M.passwordRequired })
  .min(PASSWORD_MIN, M.passwordTooShort)
  .max(PASSWORD_MAX, M.passwordTooLong);

/** An empty e-mail means "none"; otherwise it must be valid. */
const optionalEmailSchema = z
  .string()
  .trim()
  .max(254, M.invalidEmail)
  .optional()
  .nullable()
  .transform((v) => (v ? v : undefined))
  .pipe(z.email(M.invalidEmail).optional());

/** What the server accepts on POST /api/auth/register (no admin flag, ever). */
export const registerSchema = z.object({
  username: usernameSchema,
  email: optionalEmailSchema,
  password: passwordSchema,
  captchaToken: captchaTokenField,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The register form adds the confirmation, checked on the client only. */
export const registerFormSchema = z
  .object({
    username: usernameSchema,
    email: z.union([z.literal(""), z.email(M.invalidEmail)]).optional(),
    password: passwordSchema,
    confirmPassword: z.string().min(1, M.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: M.passwordsDiffer,
    path: ["confirmPassword"],
  });
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

export const CHANGE_PASSWORD_MESSAGES = {
  required: "Please fill in all fields.",
  tooShort: "The new password must be at least 6 characters",
  mismatch: "The passwords do not match",
  wrongCurrent: "The current password is incorrect.",
  success: "Password changed",
} as const;

/** The current password may be left out only by an account that has none yet (Google sign-in). */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: CHANGE_PASSWORD_MESSAGES.required })
    .max(PASSWORD_MAX, CHANGE_PASSWORD_MESSAGES.wrongCurrent)
    .default(""),
  newPassword: z
    .string({ error: CHANGE_PASSWORD_MESSAGES.required })
    .min(1, CHANGE_PASSWORD_MESSAGES.required)
    .min(PASSWORD_MIN, CHANGE_PASSWORD_MESSAGES.tooShort)
    .max(PASSWORD_MAX, "The new password can be at most 200 characters"),
  /**
   * Also revoke (delete) every API token, in the same transaction as the new password: the
   * dialog's "Also revoke my API tokens", on by default; left out, the tokens go too.
   */
  revokeApiTokens: z.boolean({ error: "revokeApiTokens must be true or false" }).default(true),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

// ---- Answers (decision 0040) ----

/** GET /api/auth/current-user, and the user in the answers to signing in and registering. */
export const currentUserSchema = z
  .object({
    username: z.string(),
    email: z.string().nullable(),
    credits: z.number().int(),
    expiring: expiringCreditsSchema.optional().meta({
      description:
        "Which of the credits expire when, soonest first (decision 0151). Always in GET /api/auth/current-user's answer; the answers to signing in and registering leave it out.",
    }),
    isAdmin: z.boolean(),
    hasPassword: z.boolean().meta({ description: "False until an account made by Google sign-in sets a password." }),
    emailVerified: z.boolean().meta({
      description: "The address was confirmed from a link sent to it, or by Google's verified e-mail (decision 0088).",
    }),
    language: z
      .enum(LOCALES)
      .nullable()
      .meta({ description: "The language the person chose; null: the browser's (decision 0055)." }),
    secondFactorPending: z
      .boolean()
      .optional()
      .meta({ description: "Signed in with the first factor only: the second step is still to come (decision 0092)." }),
    secondFactorEnrolmentRequired: z
      .boolean()
      .optional()
      .meta({ description: "An admin who must add a second factor before anything else (decision 0092)." }),
  })
  .meta({ id: "CurrentUser" });

/** PUT /api/user/language */
const localeSchema = z.enum(LOCALES, { error: `language must be one of: ${LOCALES.join(", ")}` });
export const setLanguageSchema = z.object({ language: localeSchema });
export const languageSavedSchema = z
  .object({ message: z.string(), language: z.enum(LOCALES) })
  .meta({ id: "LanguageSaved" });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** POST /api/auth/register (201), POST /api/auth/login and POST /api/auth/google/new-account. */
export const authResultSchema = z.object({ message: z.string(), user: currentUserSchema }).meta({ id: "AuthResult" });
export type AuthResult = z.infer<typeof authResultSchema>;

/** POST /api/auth/logout. */
export const loggedOutSchema = z.object({ message: z.string() }).meta({ id: "LoggedOut" });

/** PUT /api/user/change-password answers the spec's message and how many API tokens were revoked. */
export const changePasswordResultSchema = z
  .object({ message: z.string(), revokedApiTokens: z.number().int().min(0) })
  .meta({ id: "PasswordChanged" });

/** DELETE /api/user/sessions: the person's other sessions ended; `ended` counts them (0 when there were none). */
export const otherSessionsEndedSchema = z
  .object({ message: z.string(), ended: z.number().int().min(0) })
  .meta({ id: "OtherSessionsEnded" });
