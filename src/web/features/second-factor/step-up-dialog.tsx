import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { setStepUpHandler } from "@/lib/api";
import { needCatalog } from "@/lib/i18n";

// The dialog's code (the form, WebAuthn) and its words are fetched the first time a check is asked for.
const StepUpDialogContent = lazy(() =>
  Promise.all([import("./step-up-dialog-content"), needCatalog("app")]).then(([module]) => module),
);

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
