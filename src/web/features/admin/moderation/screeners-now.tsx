import { Trans } from "@lingui/react/macro";
import type { ModerationSettingsView } from "../../../../shared/schemas/moderation";

/** What screens prompts now, in one line. */
export function ScreenersNow({ settings }: { settings: ModerationSettingsView }) {
  return (
    <p className="rounded-lg border border-border bg-zinc-950/40 p-3 text-sm" role="status">
      {settings.creemScreener === "creem" ? (
        <Trans>Creem's moderation and your rules check every prompt now.</Trans>
      ) : settings.creemScreener === "simulator" ? (
        <Trans>
          Videos are simulated and Creem payments are off: the simulator stands in for Creem's moderation. A prompt with
          [mod:flag] or [mod:deny] shows screening at work.
        </Trans>
      ) : (
        <Trans>Only your rules check prompts now: Creem's moderation runs while Creem payments are on.</Trans>
      )}
    </p>
  );
}
