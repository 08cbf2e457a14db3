import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FirstFactorField, firstFactorReady, type FirstFactor } from "@/features/second-factor/first-factor-field";

/**
 * The end of a form that adds a second factor: the password (or Google sign-in) it asks for while
 * it would be the account's first factor, and the submit button, usable once both are filled in.
 */
export function FirstFactorSubmit({
  id,
  firstFactor,
  password,
  onPassword,
  disabled,
  children,
}: {
  /** The password field's id. */
  id: string;
  firstFactor: FirstFactor | undefined;
  password: string;
  onPassword: (password: string) => void;
  /** Pending, or the form's own field still empty. */
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {firstFactor && (
        <FirstFactorField id={id} firstFactor={firstFactor} password={password} onPassword={onPassword} />
      )}
      <Button type="submit" disabled={disabled || !firstFactorReady(firstFactor, password)}>
        {children}
      </Button>
    </>
  );
}
