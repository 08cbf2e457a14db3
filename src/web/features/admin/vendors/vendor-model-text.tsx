/** How a model id mapping's state and last check read on /admin (issue 74 §1, decision 0174). */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans } from "@lingui/react/macro";
import type { VendorModelMapping, VendorModelState } from "../../../../shared/schemas/admin-vendor-models";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";
import { i18n } from "@/lib/i18n";

const STATE_LABELS: Record<VendorModelState, MessageDescriptor> = {
  active: msg`Active`,
  deprecated: msg`Deprecated: not chosen automatically`,
  deactivated: msg`Deactivated: never used`,
};

export const stateLabel = (state: VendorModelState): string => i18n._(STATE_LABELS[state]);

/** The last check with the vendor: ok, gone (retired), an error with its message, or never; and when. */
export function CheckResult({ check }: { check: VendorModelMapping["check"] }) {
  const when = check.checkedAt ? formatDateTime(check.checkedAt) : "";
  const message = check.message ?? "";
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      {check.status === "ok" ? (
        <Badge variant="success">
          <Trans>Check OK</Trans>
        </Badge>
      ) : check.status === "gone" ? (
        <Badge variant="destructive">
          <Trans>No longer available</Trans>
        </Badge>
      ) : check.status === "error" ? (
        <Badge variant="warning">
          <Trans>Check failed</Trans>
        </Badge>
      ) : (
        <Badge variant="secondary">
          <Trans>Not checked</Trans>
        </Badge>
      )}
      {when ? (
        <span className="text-xs text-muted-foreground">
          <Trans>checked {when}</Trans>
        </span>
      ) : null}
      {message && check.status !== "ok" ? <span className="break-words text-xs text-zinc-300">{message}</span> : null}
    </span>
  );
}
