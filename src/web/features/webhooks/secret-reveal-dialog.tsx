import { Trans, useLingui } from "@lingui/react/macro";
import { ShownOnceDialog } from "@/features/automation";
import { formatDateTime } from "@/lib/format";

export interface RevealedSecret {
  title: string;
  description: string;
  secret: string;
  /** After a rotation: the old secret still signs deliveries (beside the new one) until then. */
  previousSecretValidUntil: string | null;
}

/** The one time a signing secret is shown in full (the server never answers with it again). */
export function SecretRevealDialog({ revealed, onClose }: { revealed: RevealedSecret | null; onClose: () => void }) {
  const { t } = useLingui();
  const previousUntil = revealed?.previousSecretValidUntil ? formatDateTime(revealed.previousSecretValidUntil) : null;
  return (
    <ShownOnceDialog
      value={revealed?.secret ?? null}
      title={revealed?.title ?? ""}
      description={revealed?.description ?? ""}
      valueLabel={t`Signing secret`}
      copyLabel={t`Copy signing secret`}
      lostHint={t`If you lose it, rotate the secret to get a new one.`}
      onClose={onClose}
    >
      {previousUntil ? (
        <p className="text-sm text-muted-foreground">
          <Trans>
            The previous secret also signs deliveries until {previousUntil}: update your receiver before then.
          </Trans>
        </p>
      ) : null}
    </ShownOnceDialog>
  );
}
