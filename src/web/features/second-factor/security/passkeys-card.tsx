import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { KeyRound, Trash2 } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { secondFactorApi } from "../../../../shared/api/second-factor";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import {
  FirstFactorField,
  firstFactorBody,
  firstFactorReady,
  type FirstFactor,
} from "@/features/second-factor/first-factor-field";
import { addPasskey, refreshSecondFactor } from "@/features/second-factor/second-factor-api";
import { toast } from "@/hooks/use-toast";
import { call } from "@/lib/api";
import { failed } from "./failed";

export function PasskeysCard({
  passkeys,
  firstFactor,
  onCodes,
}: {
  passkeys: { id: string; name: string }[];
  firstFactor: FirstFactor | undefined;
  onCodes: (codes: string[]) => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const add = useMutation({
    mutationFn: () => addPasskey(name.trim(), firstFactorBody(firstFactor, password)),
    onSuccess: async (recoveryCodes) => {
      setName("");
      setPassword("");
      if (recoveryCodes) onCodes(recoveryCodes);
      toast({ title: t`Passkey added` });
      await refreshSecondFactor();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (passkeyId: string) => call(secondFactorApi.passkeyRemove, { params: { passkeyId } }),
    onSuccess: async () => {
      toast({ title: t`Passkey removed` });
      await refreshSecondFactor();
    },
    onError: failed,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5" aria-hidden="true" />
          <Trans>Passkeys</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>A passkey on this device or a security key, instead of a code.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {passkeys.length > 0 && (
          <ul className="grid gap-2" aria-label={t`Your passkeys`}>
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex items-center justify-between gap-2">
                <span>{passkey.name}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(passkey.id)}
                >
                  <Trash2 aria-hidden="true" />
                  <Trans>Remove</Trans>
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate();
          }}
        >
          <FormField id="passkey-name" label={t`Passkey name`}>
            <Input
              id="passkey-name"
              value={name}
              maxLength={60}
              placeholder={t`My laptop`}
              onChange={(event) => setName(event.target.value)}
            />
          </FormField>
          {firstFactor && (
            <FirstFactorField
              id="passkey-password"
              firstFactor={firstFactor}
              password={password}
              onPassword={setPassword}
            />
          )}
          <Button
            type="submit"
            disabled={add.isPending || name.trim() === "" || !firstFactorReady(firstFactor, password)}
          >
            <Trans>Add a passkey</Trans>
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
