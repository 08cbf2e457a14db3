import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { setStepUpHandler } from "@/lib/api";

// The dialog's code (the form, WebAuthn) is fetched the first time a check is asked for; its words
// are in the shell's catalogue (a check can be asked on any page).
const StepUpDialogContent = lazy(() => import("./step-up-dialog-content"));

/**
 * The fresh check before a sensitive action (decision 0092): when the server answers 403
 * second_factor_required, a dialog asks for the second factor and the call is sent again.
 */
export function StepUpDialog() {
  const [open, setOpen] = useState(false);
  const settle = useRef<((passed: boolean) => void) | undefined>(undefined);

  useEffect(
    () =>
      setStepUpHandler(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current?.(false);
            settle.current = resolve;
            setOpen(true);
          }),
      ),
    [],
  );

  function close(passed: boolean) {
    setOpen(false);
    settle.current?.(passed);
    settle.current = undefined;
  }

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialogContent onClose={close} />
    </Suspense>
  );
}
