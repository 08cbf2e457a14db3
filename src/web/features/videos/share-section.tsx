import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Copy, Link2 } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { mediaApi } from "../../../shared/api/media";
import type { SharingView } from "../../../shared/schemas/videos";
import type { VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { errorMessage, urlFor } from "@/lib/api";
import { setVideoSharing, type SharingChange } from "./video-api";
import { invalidateVideoTasks } from "./task-list-queries";
import { SharingChoice, SharingCheckbox, type Audience } from "./sharing-choice";

interface Sharing {
  audience: Audience;
  shareUrl: string | null;
  hidePrompt: boolean;
  explore: SharingView["explore"];
}

const audienceOf = (isPublic: boolean, explore: SharingView["explore"] | undefined): Audience =>
  !isPublic ? "private" : explore ? "explore" : "unlisted";

const BODIES: Record<Audience, SharingChange> = {
  private: { isPublic: false },
  unlisted: { isPublic: true, explore: false },
  explore: { isPublic: true, explore: true },
};

/** What a change makes of the choice before the server answers. */
function optimisticAudience(body: SharingChange, before: Audience): Audience {
  if (!body.isPublic) return "private";
  if (body.explore !== undefined) return body.explore ? "explore" : "unlisted";
  return before === "private" ? "unlisted" : before;
}

/**
 * Who may watch a finished video (decisions 0044, 0165): only its owner, anyone with its link, or
 * everyone in Explore; the prompt shown or hidden; all reversible. A video in Explore may wait for
 * an admin's approval, or have been taken off by one: the section says so.
 */
export function ShareSection({ task }: { task: VideoTaskView }) {
  const { t } = useLingui();
  const shareUrlOf = (shareId: string | null) =>
    shareId ? `${window.location.origin}${urlFor(mediaApi.sharePage, { params: { shareId } })}` : null;
  const [sharing, setSharing] = useState<Sharing>({
    audience: audienceOf(task.isPublic, task.explore),
    shareUrl: shareUrlOf(task.isPublic ? task.shareId : null),
    hidePrompt: task.sharePromptHidden,
    explore: task.explore ?? null,
  });
  // The choice follows a click at once; the server's answer then fills in the link (or puts it back).
  const mutation = useMutation({
    mutationFn: (body: SharingChange) => setVideoSharing(task.taskId, body),
    onMutate: (body) => {
      const before = sharing;
      const audience = optimisticAudience(body, before.audience);
      setSharing({ ...before, audience, hidePrompt: body.hidePrompt ?? before.hidePrompt });
      return before;
    },
    onSuccess: (result, body) => {
      setSharing({
        audience: audienceOf(result.isPublic, result.explore),
        shareUrl: result.shareUrl,
        hidePrompt: result.sharePromptHidden,
        explore: result.explore,
      });
      if (body.hidePrompt === undefined) toast(sharedToast(result));
      void invalidateVideoTasks();
    },
    onError: (error, _body, before) => {
      if (before) setSharing(before);
      toast({ title: t`Sharing failed`, description: errorMessage(error), variant: "destructive" });
    },
  });
  if (task.status !== "completed" || task.videoExpired) return null;

  function sharedToast(result: SharingView) {
    if (!result.isPublic) return { title: t`Video is private`, description: t`The link no longer works.` };
    if (result.explore === "listed")
      return { title: t`Public in Explore`, description: t`Everyone can find it in Explore and remix it.` };
    if (result.explore === "pending")
      return { title: t`Waiting for approval`, description: t`It appears in Explore once an admin approves it.` };
    return { title: t`Video shared`, description: t`Anyone with the link can watch it.` };
  }

  return (
    <div className="grid gap-3 border-t border-border/70 pt-3">
      <SharingChoice
        value={sharing.audience}
        explore={sharing.explore}
        disabled={mutation.isPending}
        onChange={(audience) => mutation.mutate(BODIES[audience])}
      />
      {sharing.audience !== "private" && sharing.shareUrl ? (
        <>
          <div className="flex items-center gap-2">
            <Link2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <input
              readOnly
              aria-label={t`Share link`}
              value={sharing.shareUrl}
              className="min-w-0 flex-1 rounded-md border border-border bg-zinc-950/60 px-2 py-1 font-mono text-xs text-zinc-200"
              onFocus={(event) => event.target.select()}
            />
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                void navigator.clipboard?.writeText(sharing.shareUrl ?? "").then(
                  () => toast({ title: t`Link copied` }),
                  () =>
                    toast({
                      title: t`Copy failed`,
                      description: t`Select the link and copy it.`,
                      variant: "destructive",
                    }),
                );
              }}
            >
              <Copy aria-hidden="true" />
              <Trans>Copy link</Trans>
            </Button>
          </div>
          <SharingCheckbox
            checked={sharing.hidePrompt}
            disabled={mutation.isPending}
            onChange={(checked) => mutation.mutate({ isPublic: true, hidePrompt: checked })}
          >
            <Trans>Hide the prompt (on its page and in Explore)</Trans>
          </SharingCheckbox>
        </>
      ) : null}
    </div>
  );
}
