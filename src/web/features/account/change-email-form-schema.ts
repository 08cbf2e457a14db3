import { t } from "@lingui/core/macro";
import { z } from "zod";

/**
 * The change-of-address dialog's fields: the server's rules (changeEmailSchema in
 * src/shared/schemas/account-links.ts), the messages read when checked, in the active language.
 * An account made by Google sign-in has no password yet, so it is not asked for one.
 */
export function changeEmailFormSchema(hasPassword: boolean) {
  return z.object({
    email: z
      .string()
      .trim()
      .min(1, { error: () => t`Please fill in all fields.` })
      .max(254, { error: () => t`Invalid email address` })
      .pipe(z.email({ error: () => t`Invalid email address` })),
    currentPassword: hasPassword ? z.string().min(1, { error: () => t`Please fill in all fields.` }) : z.string(),
  });
}

export type ChangeEmailFormInput = z.infer<ReturnType<typeof changeEmailFormSchema>>;
