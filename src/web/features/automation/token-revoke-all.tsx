import { useState } from "react";
import { Ban } from "lucide-react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useRevokeAllTokens } from "./use-api-tokens";

/** "Revoke all": deletes every one of the user's tokens after a confirmation. */
export function RevokeAllTokens({ count }: { count: number }) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeAllTokens(() => setConfirming(false));

  return (
    <>
      <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
        <Ban aria-hidden="true" />
        <Trans>Revoke all</Trans>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Revoke all API tokens?`}
        description={
          <Plural
            value={count}
            one="Your API token stops working at once: automations that use it get 401 until you give them a new token."
            other="All # of your API tokens stop working at once: automations that use them get 401 until you give them a new token."
          />
        }
        confirmLabel={t`Revoke All Tokens`}
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate()}
      />
    </>
  );
}
