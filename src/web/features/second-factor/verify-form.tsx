import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { KeyRound, LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { secondFactorApi } from "../../../shared/api/second-factor";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { callQuery, errorMessage } from "@/lib/api";
import { statusKey, verifyWithCode, verifyWithPasskey } from "./second-factor-api";

export function useSecondFactorStatus() {
  return useQuery({ queryKey: statusKey, queryFn: callQuery(secondFactorApi.status) });
}

/**
 * The second factor asked for: a code from the authenticator app, a recovery code, or a passkey.
 * Sign-in's second step and the fresh check before a sensitive action both show it.
 */
export function VerifyForm({ onVerified }: { onVerified: () => void | Promise<void> }) {
  const { t } = useLingui();
  const status = useSecondFactorStatus();
  const [method, setMethod] = useState<"totp" | "recovery">("totp");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const hasTotp = status.data?.totp ?? false;
  const hasPasskey = (status.data?.passkeys.length ?? 0) > 0;
  const codeMethod = hasTotp ? method : "recovery";

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setProblem(undefined);
    try {
      await action();
      await onVerified();
    } catch (error) {
      setProblem(
        error instanceof Error && error.name === "NotAllowedError" ? t`The passkey was not used.` : errorMessage(error),
      );
    } finally {
      setBusy(false);
    }
  }

  if (status.isPending)
    return (
      <p role="status" className="text-muted-foreground">
        <Trans>Loading...</Trans>
      </p>
    );

  return (
    <div className="grid gap-5">
      {hasPasskey && (
        <Button type="button" disabled={busy} onClick={() => void run(verifyWithPasskey)}>
          <KeyRound aria-hidden="true" />
          <Trans>Use a passkey</Trans>
        </Button>
      )}
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => verifyWithCode(codeMethod, code));
        }}
      >
        <FormField
          id="second-factor-code"
          label={codeMethod === "totp" ? t`Code from your authenticator app` : t`Recovery code`}
          error={problem}
        >
          <Input
            id="second-factor-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            inputMode={codeMethod === "totp" ? "numeric" : "text"}
            autoFocus={!hasPasskey}
            spellCheck={false}
          />
        </FormField>
        <Button type="submit" variant={hasPasskey ? "outline" : "default"} disabled={busy || code.trim() === ""}>
          {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          <Trans>Confirm</Trans>
        </Button>
        {hasTotp && (
          <Button
            type="button"
            variant="link"
            onClick={() => {
              setMethod(method === "totp" ? "recovery" : "totp");
              setCode("");
              setProblem(undefined);
            }}
          >
            {method === "totp" ? <Trans>Use a recovery code instead</Trans> : <Trans>Use the authenticator app</Trans>}
          </Button>
        )}
      </form>
    </div>
  );
}
