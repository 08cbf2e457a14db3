import { useMutation } from "@tanstack/react-query";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { secondFactorApi } from "../../../../shared/api/second-factor";
import { refreshSecondFactor } from "@/features/second-factor/second-factor-api";
import { toast } from "@/hooks/use-toast";
import { call } from "@/lib/api";
import { failed } from "./failed";
import { SecurityCard } from "./security-card";

export function AdminRequirementCard({ required }: { required: boolean }) {
  const save = useMutation({
    mutationFn: (next: boolean) => call(secondFactorApi.requireForAdmins, { body: { required: next } }),
    onSuccess: async () => {
      toast({ title: t`Saved` });
      await refreshSecondFactor();
    },
    onError: failed,
  });
  return (
    <SecurityCard
      title={<Trans>Every admin</Trans>}
      description={
        <Trans>When required, an admin without a second factor can only add one before anything else.</Trans>
      }
    >
      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          checked={required}
          disabled={save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
        />
        <Trans>Require a second factor for every admin account</Trans>
      </label>
    </SecurityCard>
  );
}
