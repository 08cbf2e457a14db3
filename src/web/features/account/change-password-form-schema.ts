import { t } from "@lingui/core/macro";
import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../../shared/schemas/auth";

/** The messages are read when the form is checked (zod calls them), so they follow the active language. */
const required = () => t`Please fill in all fields.`;

/**
 * The dialog's fields: the server's rules (changePasswordSchema in src/shared/schemas/auth.ts)
 * plus a confirmation checked on the client only. An account made by Google sign-in has no
 * password yet, so it is not asked for one.
 */
export function changePasswordFormSchema(hasPassword: boolean) {
  return z
    .object({
      currentPassword: hasPassword ? z.string().min(1, { error: required }) : z.string(),
      newPassword: z
        .string({ error: required })
        .min(1, { error: required })
        .min(PASSWORD_MIN, { error: () => t`The new password must be at least 6 characters` })
        .max(PASSWORD_MAX, { error: () => t`The new password must be at most 200 characters` }),
      confirmPassword: z.string({ error: required }).min(1, { error: required }),
      /** "Also revoke my API tokens": off unless the person ticks it. */
      revokeApiTokens: z.boolean(),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      error: () => t`The passwords do not match`,
      path: ["confirmPassword"],
    });
}

export type ChangePasswordFormInput = z.infer<ReturnType<typeof changePasswordFormSchema>>;
