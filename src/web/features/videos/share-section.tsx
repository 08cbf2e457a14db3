import { useState, type ReactNode } from "react";
import { useMutation } from "@tanstack/react-query";
import { Copy, Link2 } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { mediaApi } from "../../../shared/api/media";
import type { VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { errorMessage, urlFor } from "@/lib/api";
import { cn } from "@/lib/cn";
import { setVideoSharing } from "./video-api";
import { invalidateVideoTasks } from "./task-list-queries";

/** One of the sharing choices: a checkbox that follows the server's answer. */
function SharingCheckbox({
  checked,
  disabled,
  onChange,
  className,
  children,
}: {
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={cn("flex cursor-pointer items-center gap-2.5 text-sm", className)}>
      <input
        type="checkbox"
        className="size-4 accent-violet-500"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {children}
    </label>
  );
}

/** Share a finished video publicly (a page anyone with the link can watch), optionally without its prompt (decision 0044). */
export function ShareSection({ task }: { task: VideoTaskView }) {
  const { t } = useLingui();
  const shareUrlOf = (shareId: string | null) =>
    shareId ? `${window.location.origin}${urlFor(mediaApi.sharePage, { params: { shareId } })}` : null;
  const [sharing, setSharing] = useState({
    isPublic: task.isPublic,
    shareUrl: shareUrlOf(task.isPublic ? task.shareId : null),
    hidePrompt: task.sharePromptHidden,
  });
  // The boxes follow a click at once; the server's answer then fills in the link (or puts them back).
  const mutation = useMutation({
    mutationFn: (body: { isPublic: boolean; hidePrompt?: boolean }) => setVideoSharing(task.taskId, body),
    onMutate: (body) => {
      const before = sharing;
      setSharing({ ...before, isPublic: body.isPublic, hidePrompt: body.hidePrompt ?? before.hidePrompt });
      return before;
    },
    onSuccess: (result, body) => {
      setSharing({ isPublic: result.isPublic, shareUrl: result.shareUrl, hidePrompt: result.sharePromptHidden });
      if (body.hidePrompt === undefined) {
        toast({
          title: result.isPublic ? t`Video shared` : t`Video is private`,
          description: result.isPublic ? t`Anyone with the link can watch it.` : t`The link no longer works.`,
        });
      }
      void invalidateVideoTasks();
    },
    onError: (error, _body, before) => {
      if (before) setSharing(before);
      toast({ title: t`Sharing failed`, description: errorMessage(error), variant: "destructive" });
    },
  });
  if (task.status !== "completed" || task.videoExpired) return null;

  return (
    <div className="grid gap-2 border-t border-border/70 pt-3">
      <SharingCheckbox
        className="font-medium"
        checked={sharing.isPublic}
        disabled={mutation.isPending}
        onChange={(checked) => mutation.mutate({ isPublic: checked })}
      >
        <Trans>Share publicly</Trans>
      </SharingCheckbox>
      {sharing.isPublic && sharing.shareUrl ? (
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
            <Trans>Hide the prompt on the shared page</Trans>
          </SharingCheckbox>
        </>
      ) : null}
    </div>
  );
}
