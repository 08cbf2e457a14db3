import { t } from "@lingui/core/macro";
import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from "../../../shared/schemas/auth";

/**
 * The sign-in and register forms' own checks: the rules of the shared schemas (src/shared/schemas/
 * auth.ts, which the server applies) with their messages in the active language, read each time a
 * form is checked (zod calls the `error` functions then).
 */
const usernameRequired = () => t`Username is required`;
const passwordRequired = () => t`Password is required`;

export const loginFormSchema = z.object({
  username: z.string({ error: usernameRequired }).trim().min(1, { error: usernameRequired }),
  password: z.string({ error: passwordRequired }).min(1, { error: passwordRequired }),
});
export type LoginFormInput = z.infer<typeof loginFormSchema>;

export const registerFormSchema = z
  .object({
    username: z
      .string({ error: usernameRequired })
      .trim()
      .min(USERNAME_MIN, { error: () => t`Username must be at least 3 characters` })
      .max(USERNAME_MAX, { error: () => t`Username must be at most 50 characters` })
      .regex(/^[A-Za-z0-9._-]+$/, { error: () => t`Username may only contain letters, numbers, dots, dashes and underscores` }),
    email: z.union([z.literal(""), z.email({ error: () => t`Invalid email address` })]).optional(),
    password: z
      .string({ error: passwordRequired })
      .min(PASSWORD_MIN, { error: () => t`Password must be at least 6 characters` })
      .max(PASSWORD_MAX, { error: () => t`Password must be at most 200 characters` }),
    confirmPassword: z.string().min(1, { error: () => t`Please confirm your password` }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: () => t`Passwords don't match`,
    path: ["confirmPassword"],
  });
export type RegisterFormInput = z.infer<typeof registerFormSchema>;
