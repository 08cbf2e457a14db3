import type { ReactNode } from "react";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { GOOGLE_RECHECK_MINUTES } from "../../../shared/schemas/auth";
import { FormField } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";

/** Who is adding their first factor: with a password it is asked; without, a fresh Google sign-in is. */
export interface FirstFactor {
  hasPassword: boolean;
  /** "Sign in with Google again", back to this page (the page passes it in). */
  googleRecheck: ReactNode;
}

/**
 * Before the first second factor (decision 0135): the account's password, or for an account
 * without one, a Google sign-in of the last minutes. A session alone does not add a factor.
 */
export function FirstFactorField({
  id,
  firstFactor,
  password,
  onPassword,
}: {
  id: string;
  firstFactor: FirstFactor;
  password: string;
  onPassword: (password: string) => void;
}) {
  const { t } = useLingui();
  const minutes = GOOGLE_RECHECK_MINUTES;
  if (!firstFactor.hasPassword)
    return (
      <div className="grid gap-3 rounded-lg border border-border p-3.5 text-sm">
        <p>
          {t`${plural(minutes, {
            one: "Your account has no password. Sign in with Google again, then add the factor within # minute.",
            other: "Your account has no password. Sign in with Google again, then add the factor within # minutes.",
          })}`}
        </p>
        {firstFactor.googleRecheck}
      </div>
    );
  return (
    <FormField id={id} label={t`Your password`} hint={t`Asked before your first factor`}>
      <PasswordInput
        id={id}
        autoComplete="current-password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
      />
    </FormField>
  );
}

/** The request's password field: only when it is asked for. */
export const firstFactorBody = (firstFactor: FirstFactor | undefined, password: string) =>
  firstFactor?.hasPassword ? { password } : {};

/** Whether the form may be sent: a password typed when one is asked for. */
export const firstFactorReady = (firstFactor: FirstFactor | undefined, password: string) =>
  !firstFactor?.hasPassword || password !== "";
