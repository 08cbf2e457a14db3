import { useLingui } from "@lingui/react/macro";
import type { CreatedApiToken } from "../../../shared/schemas/api-tokens";
import { ShownOnceDialog } from "./shown-once-dialog";

/** The one time a token is shown in full (only its hash is stored). */
export function TokenRevealDialog({ token, onClose }: { token: CreatedApiToken | null; onClose: () => void }) {
  const { t } = useLingui();
  const name = token?.name ?? "";
  return (
    <ShownOnceDialog
      value={token?.token ?? null}
      title={t`Your new API token`}
      description={token ? t`"${name}" is ready. Use it as a Bearer token.` : ""}
      valueLabel={t`Full API token`}
      copyLabel={t`Copy API token`}
      lostHint={t`If you lose it, delete it and create a new one.`}
      onClose={onClose}
    />
  );
}
