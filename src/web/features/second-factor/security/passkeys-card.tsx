import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { KeyRound, Trash2 } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { secondFactorApi } from "../../../../shared/api/second-factor";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { firstFactorBody, type FirstFactor } from "@/features/second-factor/first-factor-field";
import { addPasskey, refreshSecondFactor } from "@/features/second-factor/second-factor-api";
import { toast } from "@/hooks/use-toast";
import { call } from "@/lib/api";
import { failed } from "./failed";
import { FirstFactorSubmit } from "./first-factor-submit";
import { SecurityCard } from "./security-card";

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
    <SecurityCard
      icon={KeyRound}
      title={<Trans>Passkeys</Trans>}
      description={<Trans>A passkey on this device or a security key, instead of a code.</Trans>}
    >
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
        <FirstFactorSubmit
          id="passkey-password"
          firstFactor={firstFactor}
          password={password}
          onPassword={setPassword}
          disabled={add.isPending || name.trim() === ""}
        >
          <Trans>Add a passkey</Trans>
        </FirstFactorSubmit>
      </form>
    </SecurityCard>
  );
}
