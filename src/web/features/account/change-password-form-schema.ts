import { z } from "zod";
import { CHANGE_PASSWORD_MESSAGES, changePasswordSchema } from "../../../shared/schemas/auth";

/** The dialog's fields: the server schema plus a confirmation checked on the client only. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({
    confirmPassword: z.string({ error: CHANGE_PASSWORD_MESSAGES.required }).min(1, CHANGE_PASSWORD_MESSAGES.required),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: CHANGE_PASSWORD_MESSAGES.mismatch,
    path: ["confirmPassword"],
  });

export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;
