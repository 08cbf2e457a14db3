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
  return (
    <ShownOnceDialog
      value={revealed?.secret ?? null}
      title={revealed?.title ?? ""}
      description={revealed?.description ?? ""}
      valueLabel="Signing secret"
      copyLabel="Copy signing secret"
      lostHint="If you lose it, rotate the secret to get a new one."
      onClose={onClose}
    >
      {revealed?.previousSecretValidUntil ? (
        <p className="text-sm text-muted-foreground">
          The previous secret also signs deliveries until {formatDateTime(revealed.previousSecretValidUntil)}: update your receiver before then.
        </p>
      ) : null}
    </ShownOnceDialog>
  );
}
