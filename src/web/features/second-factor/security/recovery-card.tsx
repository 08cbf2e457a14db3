import { useMutation } from "@tanstack/react-query";
import { Trans } from "@lingui/react/macro";
import { secondFactorApi } from "../../../../shared/api/second-factor";
import { Button } from "@/components/ui/button";
import { refreshSecondFactor } from "@/features/second-factor/second-factor-api";
import { call } from "@/lib/api";
import { failed } from "./failed";
import { SecurityCard } from "./security-card";

export function RecoveryCard({ left, onCodes }: { left: number; onCodes: (codes: string[]) => void }) {
  const again = useMutation({
    mutationFn: () => call(secondFactorApi.recoveryCodes),
    onSuccess: async ({ recoveryCodes }) => {
      onCodes(recoveryCodes);
      await refreshSecondFactor();
    },
    onError: failed,
  });
  return (
    <SecurityCard
      title={<Trans>Recovery codes</Trans>}
      description={<Trans>{left} unused. Each works once when you cannot use your app or passkey.</Trans>}
    >
      <Button type="button" variant="outline" disabled={again.isPending} onClick={() => again.mutate()}>
        <Trans>Make new recovery codes</Trans>
      </Button>
    </SecurityCard>
  );
}
