import { useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { MODELS, type ModelId } from "../../../../shared/catalogue";
import {
  ACCOUNT_VENDORS,
  VENDOR_ACCOUNT_DEFAULTS,
  type AccountVendor,
  type VendorAccountView,
} from "../../../../shared/schemas/vendor-accounts";
import { defaultModelCost } from "../../../../shared/vendor-costs";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { modelLabel } from "@/lib/catalogue-text";
import { modelsMadeBy, vendorLabel } from "./account-vendors";
import { useSaveVendorAccount } from "@/features/admin/admin-api";
import { FormFooter } from "@/components/ui/form-footer";
import { CheckboxField, ChoiceField, SecretField, TextField } from "@/features/admin/admin-fields";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

/** Whether a text looks like a service account's JSON key file (the server checks it fully). */
function looksLikeKeyFile(text: string): boolean {
  try {
    const key = JSON.parse(text) as Record<string, unknown>;
    return typeof key.client_email === "string" && typeof key.private_key === "string";
  } catch {
    return false;
  }
}

const WHOLE_NUMBER = /^\d+$/;

/** Add or edit a provider account (decisions 0021, 0098); `account` undefined means a new one. */
export function VendorAccountDialog({
  account,
  open,
  onOpenChange,
}: {
  account?: VendorAccountView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState(account?.name ?? "");
  const [token, setToken] = useState(account?.token ?? "");
  const [vendor, setVendor] = useState<AccountVendor>(account?.vendor ?? VENDOR_ACCOUNT_DEFAULTS.vendor);
  const [isEnabled, setEnabled] = useState<boolean>(account?.isEnabled ?? VENDOR_ACCOUNT_DEFAULTS.isEnabled);
  const [totalCredits, setTotalCredits] = useState(
    String(account?.totalCredits ?? VENDOR_ACCOUNT_DEFAULTS.totalCredits),
  );
  // One field per model; a blank one means the model's default cost (left out of the map).
  const [costs, setCosts] = useState<Record<ModelId, string>>(
    () => Object.fromEntries(MODELS.map((m) => [m, String(account?.modelCosts[m] ?? "")])) as Record<ModelId, string>,
  );
  const [problem, setProblem] = useState<string>();
  const save = useSaveVendorAccount(() => onOpenChange(false));

  const costLabel = (model: ModelId) => {
    const label = modelLabel(model);
    return t`Cost per video, ${label} (credits)`;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const badCost = MODELS.find((m) => costs[m].trim() !== "" && !WHOLE_NUMBER.test(costs[m].trim()));
    const field = badCost ? costLabel(badCost) : t`Total credits`;
    const newKey = token.trim() !== "" && token !== account?.token;
    const found = !name.trim()
      ? t`Name is required`
      : !account && !token.trim()
        ? t`Token is required`
        : vendor === "vertex" && newKey && !looksLikeKeyFile(token.trim())
          ? t`Paste the service account's whole JSON key file (with client_email and private_key)`
          : !WHOLE_NUMBER.test(totalCredits.trim()) || badCost
            ? t`${field} must be a whole number, 0 or more`
            : undefined;
    setProblem(found);
    if (found) return;
    const modelCosts = Object.fromEntries(
      MODELS.filter((m) => costs[m].trim() !== "").map((m) => [m, Number(costs[m].trim())]),
    );
    const body = {
      name: name.trim(),
      token: token.trim(),
      vendor,
      totalCredits: Number(totalCredits.trim()),
      // The whole map: an edit replaces the stored one, so a cleared field goes back to the default.
      modelCosts,
      isEnabled,
    };
    save.mutate({ id: account?.id, body });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{account ? t`Edit KIE API` : t`Add KIE API`}</DialogTitle>
          <DialogDescription>
            <Trans>
              A KIE.ai, Google Gemini API or Google Vertex AI account the service can make videos with. The richest
              enabled account is used first.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <TextField id="kie-name" label={t`Name`} value={name} onValueChange={setName} />
          <ChoiceField
            id="kie-vendor"
            label={t`Vendor`}
            value={vendor}
            options={ACCOUNT_VENDORS.map((v) => ({ value: v, label: vendorLabel(v) }))}
            onValueChange={(v) => setVendor(v as AccountVendor)}
          />
          {vendor === "vertex" ? (
            <div className="grid gap-1.5">
              <Label htmlFor="kie-token">{t`Service account key (JSON)`}</Label>
              <Textarea
                id="kie-token"
                // The stored key comes back masked: the box starts empty, and empty keeps it.
                value={token === account?.token ? "" : token}
                onChange={(e) => setToken(e.target.value)}
                className="min-h-32 font-mono text-xs"
                spellCheck={false}
                autoComplete="off"
                aria-describedby="kie-token-hint"
              />
              <p id="kie-token-hint" className="text-xs text-muted-foreground">
                {account
                  ? t`Leave empty to keep the stored key.`
                  : t`The whole JSON key file of a Google Cloud service account allowed to use Vertex AI. Shown only masked once saved.`}
              </p>
            </div>
          ) : (
            <SecretField
              id="kie-token"
              label={t`API token`}
              value={token}
              onValueChange={setToken}
              hint={account ? t`Leave as it is to keep the stored key.` : t`Shown only masked once saved.`}
            />
          )}
          <TextField
            id="kie-totalCredits"
            label={t`Total credits`}
            inputMode="numeric"
            value={totalCredits}
            onValueChange={setTotalCredits}
          />
          <fieldset className="grid gap-2">
            <legend className="text-sm text-muted-foreground">
              <Trans>
                What one video of each model costs this account, in the vendor&apos;s credits. Leave a field blank for
                the default shown in it.
              </Trans>
            </legend>
            <div className="grid gap-4 sm:grid-cols-2">
              {modelsMadeBy(vendor).map((model) => (
                <TextField
                  key={model}
                  id={`kie-cost-${model}`}
                  label={costLabel(model)}
                  inputMode="numeric"
                  placeholder={String(defaultModelCost(model))}
                  value={costs[model]}
                  onValueChange={(v) => setCosts((c) => ({ ...c, [model]: v }))}
                />
              ))}
            </div>
          </fieldset>
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
