import { useState, type FormEvent } from "react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { KIE_API_DEFAULTS, type KieApiView } from "../../../shared/schemas/kie-apis";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useSaveKieApi } from "./admin-api";
import { FormFooter } from "./form-footer";
import { CheckboxField, SecretField, TextField } from "./admin-fields";

const NUMBER_FIELDS = [
  ["totalCredits", msg`Total credits`],
  ["veo3QualityCredits", msg`Veo3 Quality credits per video`],
  ["veo3FastCredits", msg`Veo3 Fast credits per video`],
  ["veo3LiteCredits", msg`Veo3 Lite credits per video`],
] as const;

type NumberField = (typeof NUMBER_FIELDS)[number][0];

/** Add or edit a provider account (decision 0021); `account` undefined means a new one. */
export function KieApiDialog({
  account,
  open,
  onOpenChange,
}: {
  account?: KieApiView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState(account?.name ?? "");
  const [token, setToken] = useState(account?.token ?? "");
  const [isEnabled, setEnabled] = useState<boolean>(account?.isEnabled ?? KIE_API_DEFAULTS.isEnabled);
  const [numbers, setNumbers] = useState<Record<NumberField, string>>(() => ({
    totalCredits: String(account?.totalCredits ?? KIE_API_DEFAULTS.totalCredits),
    veo3QualityCredits: String(account?.veo3QualityCredits ?? KIE_API_DEFAULTS.veo3QualityCredits),
    veo3FastCredits: String(account?.veo3FastCredits ?? KIE_API_DEFAULTS.veo3FastCredits),
    veo3LiteCredits: String(account?.veo3LiteCredits ?? KIE_API_DEFAULTS.veo3LiteCredits),
  }));
  const [problem, setProblem] = useState<string>();
  const save = useSaveKieApi(() => onOpenChange(false));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bad = NUMBER_FIELDS.find(([key]) => !/^\d+$/.test(numbers[key].trim()));
    const field = bad ? t(bad[1]) : "";
    const found = !name.trim()
      ? t`Name is required`
      : !account && !token.trim()
        ? t`Token is required`
        : bad
          ? t`${field} must be a whole number, 0 or more`
          : undefined;
    setProblem(found);
    if (found) return;
    const body = {
      name: name.trim(),
      token: token.trim(),
      isEnabled,
      ...Object.fromEntries(NUMBER_FIELDS.map(([key]) => [key, Number(numbers[key])])),
    };
    save.mutate({ id: account?.id, body });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{account ? t`Edit KIE API` : t`Add KIE API`}</DialogTitle>
          <DialogDescription>
            <Trans>A KIE.ai account the service can make videos with. The richest enabled account is used first.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <TextField id="kie-name" label={t`Name`} value={name} onValueChange={setName} />
          <SecretField
            id="kie-token"
            label={t`API token`}
            value={token}
            onValueChange={setToken}
            hint={account ? t`Leave as it is to keep the stored key.` : t`Shown only masked once saved.`}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            {NUMBER_FIELDS.map(([key, label]) => (
              <TextField
                key={key}
                id={`kie-${key}`}
                label={t(label)}
                inputMode="numeric"
                value={numbers[key]}
                onValueChange={(v) => setNumbers((n) => ({ ...n, [key]: v }))}
              />
            ))}
          </div>
          <CheckboxField id="kie-enabled" label={t`Enabled`} checked={isEnabled} onCheckedChange={setEnabled} />
          <FormFooter
            problem={problem}
            pending={save.isPending}
            saveLabel={t`Save KIE API`}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
