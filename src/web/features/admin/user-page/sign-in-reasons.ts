/** The words for why a person cannot sign in, or signs in with less: the server decides which apply (decision 0146). */
import { t } from "@lingui/core/macro";
import type { SignInEffect, SignInReason } from "../../../../shared/schemas/sign-in-standing";
import { formatDateTime } from "@/lib/format";

export function signInReasonText(reason: SignInReason): string {
  switch (reason.code) {
    case "account_deleted":
      return t`Its owner deleted the account: no sign-in finds it any more.`;
    case "disabled":
      return t`The account is disabled: every sign-in is refused. Enable it to let them in.`;
    case "no_sign_in_method":
      return t`The account has no password and no Google account: only a reset link lets them in.`;
    case "google_sign_in_off":
      return t`The account has no password, and Google sign-in, its only way in, is switched off. A reset link lets them choose a password.`;
    case "sign_in_paused": {
      const until = formatDateTime(reason.until);
      return t`Too many wrong passwords: signing in with the password is paused until ${until}.`;
    }
    case "second_factor_enrolment_pending":
      return t`Every admin needs a second factor and this admin has none: once signed in, they reach only the security page until they add one.`;
    case "second_factor_asked":
      return t`Every sign-in asks for their second factor (authenticator app or passkey); without it, one of their recovery codes.`;
    case "payment_hold":
      return t`A payment hold stops new videos only: signing in is not affected.`;
    case "email_unconfirmed":
      return t`The e-mail address is not confirmed: signing in is not affected, but only reset links reach it.`;
  }
}

export const SIGN_IN_EFFECT_VARIANT: Record<SignInEffect, "destructive" | "warning" | "secondary"> = {
  refuses: "destructive",
  limits: "warning",
  spending: "secondary",
  mail: "secondary",
};

export function signInEffectLabel(effect: SignInEffect): string {
  switch (effect) {
    case "refuses":
      return t`Keeps them out`;
    case "limits":
      return t`Limits`;
    case "spending":
      return t`Spending only`;
    case "mail":
      return t`Mail only`;
  }
}
