import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { RotateCw, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useDeleteFailed, useRecheckFailed } from "@/features/admin/admin-api";
import { SectionCard } from "@/components/ui/section-card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** Video Recovery: 'Re-check Failed (24h)' and 'Delete All Failed', each confirmed first. */
export function RecoveryCard() {
  const { t } = useLingui();
  const [asking, setAsking] = useState<"recheck" | "delete">();
  const recheck = useRecheckFailed();
  const remove = useDeleteFailed();
  const close = () => setAsking(undefined);

  return (
    <SectionCard
      id="recovery-title"
      title={t`Video Recovery`}
      description={t`For videos marked failed that the provider may have finished after all.`}
    >
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" disabled={recheck.isPending} onClick={() => setAsking("recheck")}>
          <RotateCw className={recheck.isPending ? "animate-spin" : undefined} aria-hidden="true" />
          <Trans>Re-check Failed (24h)</Trans>
        </Button>
        <Button variant="outline" disabled={remove.isPending} onClick={() => setAsking("delete")}>
          <Trash2 aria-hidden="true" />
          <Trans>Delete All Failed</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={asking === "recheck"}
        onOpenChange={(open) => !open && close()}
        title={t`Re-check failed videos?`}
        description={t`Asks the provider again about every video that failed in the last 24 hours. Videos it delivered are completed, and their automatic refunds are taken back where the user's balance allows.`}
        confirmLabel={t`Re-check`}
        pending={recheck.isPending}
        onConfirm={() => recheck.mutate(undefined, { onSettled: close })}
      />
      <ConfirmDialog
        open={asking === "delete"}
        onOpenChange={(open) => !open && close()}
        title={t`Delete all failed videos?`}
        description={t`Removes every failed video from the users' lists. Their transactions (usage and refunds) stay in History.`}
        confirmLabel={t`Delete All`}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: close })}
      />
    </SectionCard>
  );
}
