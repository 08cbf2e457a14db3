import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminExploreAction, AdminExploreVideo } from "../../../../shared/schemas/explore";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useExploreAction } from "./explore-admin-api";

/** The actions that ask first, with a reason for the audit log: hiding and deleting. */
type Asked = "hide" | "delete";

/**
 * What an admin may do with a video now: approve one waiting, hide, restore a hidden one,
 * feature or unfeature a listed one, dismiss its reports, delete it (asked first, with a reason).
 */
export function ExploreAdminActions({ video }: { video: AdminExploreVideo }) {
  const { t } = useLingui();
  const act = useExploreAction();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [reason, setReason] = useState("");
  const run = (action: AdminExploreAction, why?: string) =>
    act.mutate({ video, action, reason: why }, { onSuccess: () => setAsked(null) });
  const busy = act.isPending;

  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t`Actions`}>
      {video.status === "pending" ? (
        <Button size="sm" disabled={busy} onClick={() => run("approve")}>
          <Trans>Approve</Trans>
        </Button>
      ) : null}
      {video.status === "listed" ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={() => run(video.featured ? "unfeature" : "feature")}
        >
          {video.featured ? <Trans>Unfeature</Trans> : <Trans>Feature</Trans>}
        </Button>
      ) : null}
      {video.status === "hidden" ? (
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => run("restore")}>
          <Trans>Restore</Trans>
        </Button>
      ) : (
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => setAsked("hide")}>
          <Trans>Hide</Trans>
        </Button>
      )}
      {video.openReports > 0 ? (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => run("dismiss_reports")}>
          <Trans>Dismiss reports</Trans>
        </Button>
      ) : null}
      <Button size="sm" variant="destructive" disabled={busy} onClick={() => setAsked("delete")}>
        <Trans>Delete</Trans>
      </Button>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => {
          if (!open) setAsked(null);
        }}
        title={asked === "delete" ? t`Delete this video?` : t`Hide this video from Explore?`}
        description={
          asked === "delete"
            ? t`The video and its files are deleted for its owner too. This cannot be undone.`
            : t`It leaves Explore at once; its owner sees that an admin took it off. You can restore it later.`
        }
        confirmLabel={asked === "delete" ? t`Delete for good` : t`Hide`}
        variant={asked === "delete" ? "destructive" : "default"}
        pending={busy}
        onConfirm={() => asked && run(asked, reason)}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="explore-action-reason">
            <Trans>Reason (for the audit log)</Trans>
          </Label>
          <Textarea
            id="explore-action-reason"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      </ConfirmDialog>
    </div>
  );
}
