import { useState, type FormEvent } from "react";
import { KIE_API_DEFAULTS, type KieApiView } from "../../../shared/schemas/kie-apis";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useSaveKieApi } from "./admin-api";
import { FormFooter } from "./form-footer";
import { CheckboxField, SecretField, TextField } from "./admin-fields";

const NUMBER_FIELDS = [
  ["totalCredits", "Total credits"],
  ["veo3QualityCredits", "Veo3 Quality credits per video"],
  ["veo3FastCredits", "Veo3 Fast credits per video"],
  ["veo3LiteCredits", "Veo3 Lite credits per video"],
] as const;

type NumberField = (typeof NUMBER_FIELDS)[number][0];

/** Add or edit a provider account (decision 0021); `account` undefined means a new one. */
export function KieApiDialog({ account, open, onOpenChange }: { account?: KieApiView; open: boolean; onOpenChange: (open: boolean) => void }) {
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
    const found = !name.trim()
      ? "Name is required"
      : !account && !token.trim()
        ? "Token is required"
        : bad
          ? `${bad[1]} must be a whole number, 0 or more`
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
          <DialogTitle>{account ? "Edit KIE API" : "Add KIE API"}</DialogTitle>
          <DialogDescription>A KIE.ai account the service can make videos with. The richest enabled account is used first.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <TextField id="kie-name" label="Name" value={name} onValueChange={setName} />
          <SecretField
            id="kie-token"
            label="API token"
            value={token}
            onValueChange={setToken}
            hint={account ? "Leave as it is to keep the stored key." : "Shown only masked once saved."}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            {NUMBER_FIELDS.map(([key, label]) => (
              <TextField
                key={key}
                id={`kie-${key}`}
                label={label}
                inputMode="numeric"
                value={numbers[key]}
                onValueChange={(v) => setNumbers((n) => ({ ...n, [key]: v }))}
              />
            ))}
          </div>
          <CheckboxField id="kie-enabled" label="Enabled" checked={isEnabled} onCheckedChange={setEnabled} />
          <FormFooter problem={problem} pending={save.isPending} saveLabel="Save KIE API" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
