import type { CreatedApiToken } from "../../../shared/schemas/api-tokens";
import { ShownOnceDialog } from "./shown-once-dialog";

/** The one time a token is shown in full (only its hash is stored). */
export function TokenRevealDialog({ token, onClose }: { token: CreatedApiToken | null; onClose: () => void }) {
  return (
    <ShownOnceDialog
      value={token?.token ?? null}
      title="Your new API token"
      description={token ? `"${token.name}" is ready. Use it as a Bearer token.` : ""}
      valueLabel="Full API token"
      copyLabel="Copy API token"
      lostHint="If you lose it, delete it and create a new one."
      onClose={onClose}
    />
  );
}
