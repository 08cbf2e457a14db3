import { useState } from "react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MAX_BULK_CODES } from "../../../../shared/schemas/codes";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { FormFooter } from "@/components/ui/form-footer";
import { AdminFormDialog } from "@/features/admin/admin-form-dialog";
import { TextField } from "@/features/admin/admin-fields";
import { CsvDownloadLink } from "@/features/admin/csv-download-link";
import { codesCsvUrl, useCreateBatch, type CreatedBatch } from "./codes-api";
import { emptyCodeDraft, problemOf, type CodeDraft } from "./code-draft";
import { CodeLimitFields } from "./code-limit-fields";
import { CodeTargetsField } from "./code-targets-field";
import { CodeValueFields } from "./code-value-fields";

const validCount = (count: string) =>
  /^\d+$/.test(count.trim()) && Number(count) >= 1 && Number(count) <= MAX_BULK_CODES;

/** The batch made: how many, and its CSV. */
function BatchMade({ batch, onClose }: { batch: CreatedBatch; onClose: () => void }) {
  const { t } = useLingui();
  const made = plural(batch.count, { one: "# single-use code was made.", other: "# single-use codes were made." });
  return (
    <>
      <p role="status" className="text-sm">
        {made} <Trans>Download them now to hand them out; any of their codes opens the batch's CSV again.</Trans>
      </p>
      <DialogFooter>
        <CsvDownloadLink href={codesCsvUrl(batch.batchId)} label={t`Download the codes (CSV)`} />
        <Button onClick={onClose}>
          <Trans>Done</Trans>
        </Button>
      </DialogFooter>
    </>
  );
}

/** Bulk-create N single-use codes alike (resellers, events), then download them as CSV. */
export function BatchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const [d, setD] = useState<CodeDraft>(() => ({ ...emptyCodeDraft(), maxUses: "1" }));
  const [count, setCount] = useState("50");
  const [problem, setProblem] = useState<string>();
  const create = useCreateBatch();
  const set =
    <K extends keyof CodeDraft>(key: K) =>
    (value: CodeDraft[K]) => {
      setD((x) => ({ ...x, [key]: value }));
      setProblem(undefined);
    };
  const max = MAX_BULK_CODES;

  const submit = () => {
    const found = validCount(count) ? problemOf(d, false) : undefined;
    setProblem(validCount(count) ? found && t(found) : t`How many codes must be a whole number from 1 to ${max}`);
    if (validCount(count) && !found) create.mutate({ count: Number(count), draft: d });
  };

  return (
    <AdminFormDialog
      title={t`Make a batch of codes`}
      description={<Trans>Each code works once, for one person. They share a note, a value and their dates.</Trans>}
      onSubmit={submit}
      onClose={onClose}
    >
      {create.data ? (
        <BatchMade batch={create.data} onClose={onClose} />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="batch-count"
              label={t`How many codes`}
              inputMode="numeric"
              value={count}
              onValueChange={setCount}
            />
            <TextField
              id="code-label"
              label={t`Note (optional)`}
              placeholder={t`A reseller, an event`}
              value={d.label}
              onValueChange={set("label")}
            />
          </div>
          <CodeValueFields draft={d} set={set} />
          <CodeLimitFields draft={d} set={set} batch />
          {d.kind === "discount" ? (
            <CodeTargetsField
              packageIds={d.packageIds}
              planIds={d.planIds}
              onPackagesChange={set("packageIds")}
              onPlansChange={set("planIds")}
            />
          ) : null}
          <FormFooter problem={problem} pending={create.isPending} saveLabel={t`Make the codes`} onCancel={onClose} />
        </>
      )}
    </AdminFormDialog>
  );
}
