import { useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  VENDOR_MODEL_ID_PATTERN,
  VENDOR_MODEL_REASON_MAX,
  VENDOR_MODEL_REASON_MIN,
  VENDOR_MODEL_STATES,
  type VendorModelMapping,
  type VendorModelState,
} from "../../../../shared/schemas/admin-vendor-models";
import { tidyReason } from "../../../../shared/schemas/admin-reason";
import { MODEL_CATALOGUE } from "../../../../shared/catalogue";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormFooter } from "@/components/ui/form-footer";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api";
import { CheckboxField, ChoiceField, TextField } from "@/features/admin/admin-fields";
import { vendorLabel } from "./account-vendors";
import { useSaveVendorModel } from "./vendor-models-api";
import { CheckResult, stateLabel } from "./vendor-model-text";

/**
 * Change one model's id or state at one vendor, with a reason (issue 74 §1, decision 0174). The
 * server checks the id with the vendor before it answers, so after saving the dialog stays open and
 * shows what the vendor said: a retired id is seen here, not by the next customer.
 */
export function VendorModelDialog({
  mapping,
  open,
  onOpenChange,
}: {
  mapping: VendorModelMapping;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const [useDefault, setUseDefault] = useState(mapping.vendorModelId === mapping.defaultVendorModelId);
  const [id, setId] = useState(mapping.vendorModelId);
  const [state, setState] = useState<VendorModelState>(mapping.state);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string>();
  const [saved, setSaved] = useState<VendorModelMapping>();
  const save = useSaveVendorModel(setSaved);
  const model = mapping.modelLabel;
  const vendor = vendorLabel(mapping.vendor);
  const fallback = mapping.defaultVendorModelId;
  const savedId = saved?.vendorModelId ?? "";
  // KIE's Veo API names its models itself: there only the state can change (decision 0173).
  const fixedId = mapping.vendor === "kie" && MODEL_CATALOGUE[mapping.model].family === "veo";
  const min = VENDOR_MODEL_REASON_MIN;
  const max = VENDOR_MODEL_REASON_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = id.trim();
    const length = tidyReason(reason).length;
    const found =
      !useDefault && !fixedId && !VENDOR_MODEL_ID_PATTERN.test(typed)
        ? t`The model id is 1-100 letters, digits, dots, dashes, underscores or slashes, as the vendor writes it.`
        : length < min
          ? t`Give a reason of at least ${min} characters.`
          : length > max
            ? t`The reason must be at most ${max} characters.`
            : undefined;
    setProblem(found);
    if (found) return;
    setSaved(undefined);
    save.mutate({
      model: mapping.model,
      vendor: mapping.vendor,
      body: { vendorModelId: useDefault || fixedId ? null : typed, state, reason },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>
              {model} at {vendor}
            </Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>The id is checked with {vendor} when you save; the next video uses it.</Trans>
          </DialogDescription>
        </DialogHeader>
        {saved ? (
          <div className="grid gap-4">
            <div role="status" className="grid gap-2 text-sm">
              <p className="font-medium">
                <Trans>
                  Saved: {model} at {vendor} now uses <code className="break-all font-mono">{savedId}</code>.
                </Trans>
              </p>
              <CheckResult check={saved.check} />
              {saved.usable ? null : (
                <p className="font-medium text-red-300">
                  <Trans>This id is not usable: no video is sent to it.</Trans>
                </p>
              )}
            </div>
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>
                <Trans>Done</Trans>
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} className="grid gap-4" noValidate>
            {fixedId ? (
              <p className="text-sm text-muted-foreground">
                <Trans>
                  {vendor} names its Veo models itself (<code className="break-all font-mono">{fallback}</code>): only
                  the state can change here.
                </Trans>
              </p>
            ) : (
              <>
                <CheckboxField
                  id="vendor-model-default"
                  label={t`Use the default (${fallback})`}
                  checked={useDefault}
                  onCheckedChange={(checked) => {
                    setUseDefault(checked);
                    if (checked) setId(fallback);
                  }}
                />
                <TextField
                  id="vendor-model-id"
                  label={t`Model id at ${vendor}`}
                  value={useDefault ? fallback : id}
                  onValueChange={setId}
                  disabled={useDefault}
                  spellCheck={false}
                  autoCapitalize="off"
                  autoComplete="off"
                />
              </>
            )}
            <ChoiceField
              id="vendor-model-state"
              label={t`State`}
              value={state}
              options={VENDOR_MODEL_STATES.map((s) => ({ value: s, label: stateLabel(s) }))}
              onValueChange={(v) => setState(v as VendorModelState)}
            />
            <div className="grid gap-1.5">
              <Label htmlFor="vendor-model-reason">
                <Trans>Reason</Trans>
              </Label>
              <Textarea
                id="vendor-model-reason"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                className="min-h-20"
                required
                aria-describedby="vendor-model-reason-hint"
                placeholder={t`For example: Google retired the preview id`}
              />
              <p id="vendor-model-reason-hint" className="text-xs text-muted-foreground">
                <Trans>Kept with the change in the audit log.</Trans>
              </p>
            </div>
            <FormFooter
              problem={problem ?? (save.isError ? errorMessage(save.error) : undefined)}
              pending={save.isPending}
              saveLabel={t`Save`}
              onCancel={() => onOpenChange(false)}
            />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
