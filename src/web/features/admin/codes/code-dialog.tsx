import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { FormFooter } from "@/components/ui/form-footer";
import { AdminFormDialog } from "@/features/admin/admin-form-dialog";
import { TextField } from "@/features/admin/admin-fields";
import { draftOfCode, useSaveCode, type AdminCode } from "./codes-api";
import { problemOf, type CodeDraft } from "./code-draft";
import { CodeLimitFields } from "./code-limit-fields";
import { CodeTargetsField } from "./code-targets-field";
import { CodeValueFields } from "./code-value-fields";

/** Make a code, or change one (`code` given): what it gives, its limits, what a discount applies to. */
export function CodeDialog({ code, onClose }: { code?: AdminCode; onClose: () => void }) {
  const { t } = useLingui();
  const [d, setD] = useState(() => draftOfCode(code));
  const [problem, setProblem] = useState<string>();
  const save = useSaveCode(code, onClose);
  // What a code gives cannot change once it was used (the server's rule).
  const valueLocked = (code?.uses ?? 0) > 0;
  const set =
    <K extends keyof CodeDraft>(key: K) =>
    (value: CodeDraft[K]) => {
      setD((x) => ({ ...x, [key]: value }));
      setProblem(undefined);
    };

  const submit = () => {
    const found = problemOf(d, !code);
    setProblem(found && t(found));
    if (!found) save.mutate(d);
  };

  return (
    <AdminFormDialog
      title={code ? t`Change code` : t`New code`}
      description={
        code ? (
          <Trans>A change applies to the next redemptions; those already made stay as they were.</Trans>
        ) : (
          <Trans>Credits people redeem on /pricing or /my-account, or a discount they enter when they buy.</Trans>
        )
      }
      onSubmit={submit}
      onClose={onClose}
    >
      {code ? null : (
        <TextField
          id="code-code"
          label={t`Code (optional)`}
          hint={t`Empty: one is made up.`}
          placeholder="SUMMER2026"
          autoCapitalize="characters"
          value={d.code}
          onValueChange={set("code")}
        />
      )}
      <TextField
        id="code-label"
        label={t`Note (optional)`}
        placeholder={t`A campaign, a reseller, an event`}
        value={d.label}
        onValueChange={set("label")}
      />
      {valueLocked ? (
        <p className="text-sm text-muted-foreground">
          <Trans>What this code gives cannot change now that it was used; its limits and dates can.</Trans>
        </p>
      ) : (
        <CodeValueFields draft={d} set={set} kindFixed={Boolean(code)} />
      )}
      <CodeLimitFields draft={d} set={set} />
      {d.kind === "discount" ? (
        <CodeTargetsField
          packageIds={d.packageIds}
          planIds={d.planIds}
          onPackagesChange={set("packageIds")}
          onPlansChange={set("planIds")}
        />
      ) : null}
      <FormFooter
        problem={problem}
        pending={save.isPending}
        saveLabel={code ? t`Save code` : t`Create code`}
        onCancel={onClose}
      />
    </AdminFormDialog>
  );
}
