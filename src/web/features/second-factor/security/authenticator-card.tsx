import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Smartphone, Trash2 } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { secondFactorApi } from "../../../../shared/api/second-factor";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { firstFactorBody, type FirstFactor } from "@/features/second-factor/first-factor-field";
import { refreshSecondFactor } from "@/features/second-factor/second-factor-api";
import { toast } from "@/hooks/use-toast";
import { call } from "@/lib/api";
import { failed } from "./failed";
import { FirstFactorSubmit } from "./first-factor-submit";
import { SecurityCard } from "./security-card";

export function AuthenticatorCard({
  enabled,
  firstFactor,
  onCodes,
}: {
  enabled: boolean;
  /** Set while the account has no factor: this one is its first (decision 0135). */
  firstFactor: FirstFactor | undefined;
  onCodes: (codes: string[]) => void;
}) {
  const { t } = useLingui();
  const [setup, setSetup] = useState<{ secret: string; qrCode: string } | undefined>();
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const start = useMutation({
    mutationFn: () => call(secondFactorApi.totpSetup),
    onSuccess: (answer) => setSetup(answer),
    onError: failed,
  });
  const confirm = useMutation({
    mutationFn: () => call(secondFactorApi.totpConfirm, { body: { code, ...firstFactorBody(firstFactor, password) } }),
    onSuccess: async ({ recoveryCodes }) => {
      setSetup(undefined);
      setCode("");
      setPassword("");
      if (recoveryCodes) onCodes(recoveryCodes);
      toast({ title: t`Authenticator app added` });
      await refreshSecondFactor();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => call(secondFactorApi.totpRemove),
    onSuccess: async () => {
      toast({ title: t`Authenticator app removed` });
      await refreshSecondFactor();
    },
    onError: failed,
  });

  return (
    <SecurityCard
      icon={Smartphone}
      title={<Trans>Authenticator app</Trans>}
      description={enabled ? <Trans>On: sign-in asks for a code from the app.</Trans> : <Trans>Off.</Trans>}
    >
      {enabled ? (
        <Button type="button" variant="outline" disabled={remove.isPending} onClick={() => remove.mutate()}>
          <Trash2 aria-hidden="true" />
          <Trans>Remove the authenticator app</Trans>
        </Button>
      ) : setup ? (
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            confirm.mutate();
          }}
        >
          <p className="text-sm text-muted-foreground">
            <Trans>Scan the code with your authenticator app, then type the code it shows.</Trans>
          </p>
          <img
            src={setup.qrCode}
            alt={t`QR code for your authenticator app`}
            className="size-48 rounded bg-white p-2"
          />
          <p className="text-sm">
            <Trans>Or type this key:</Trans>{" "}
            <code className="break-all" data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
          <FormField id="totp-code" label={t`Code from your authenticator app`}>
            <Input
              id="totp-code"
              value={code}
              inputMode="numeric"
              autoComplete="one-time-code"
              onChange={(event) => setCode(event.target.value)}
            />
          </FormField>
          <FirstFactorSubmit
            id="totp-password"
            firstFactor={firstFactor}
            password={password}
            onPassword={setPassword}
            disabled={confirm.isPending || code.trim() === ""}
          >
            <Trans>Confirm</Trans>
          </FirstFactorSubmit>
        </form>
      ) : (
        <Button type="button" disabled={start.isPending} onClick={() => start.mutate()}>
          <Trans>Set up an authenticator app</Trans>
        </Button>
      )}
    </SecurityCard>
  );
}
