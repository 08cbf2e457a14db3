import { z } from "zod";
import { CHANGE_PASSWORD_MESSAGES, changePasswordSchema } from "../../../shared/schemas/auth";

/**
 * The dialog's fields: the server's rules plus a confirmation checked on the client only. An
 * account made by Google sign-in has no password yet, so it is not asked for one.
 */
export function changePasswordFormSchema(hasPassword: boolean) {
  return z
    .object({
      currentPassword: hasPassword ? z.string().min(1, CHANGE_PASSWORD_MESSAGES.required) : z.string(),
      newPassword: changePasswordSchema.shape.newPassword,
      confirmPassword: z.string({ error: CHANGE_PASSWORD_MESSAGES.required }).min(1, CHANGE_PASSWORD_MESSAGES.required),
      /** "Also revoke my API tokens": on unless the person unticks it. */
      revokeApiTokens: z.boolean(),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      message: CHANGE_PASSWORD_MESSAGES.mismatch,
      path: ["confirmPassword"],
    });
}

export type ChangePasswordFormInput = z.infer<ReturnType<typeof changePasswordFormSchema>>;
