import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Copy, Link2, LoaderCircle, Trash2 } from "lucide-react";
import type { VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { deleteVideo, setVideoSharing } from "./video-api";
import { invalidateVideoTasks } from "./task-list-queries";

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : "Please try again.");

/** Share a finished video publicly (a page anyone with the link can watch), optionally without its prompt (decision 0044). */
export function ShareSection({ task }: { task: VideoTaskView }) {
  const shareUrlOf = (shareId: string | null) => (shareId ? `${window.location.origin}/v/${shareId}` : null);
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
          title: result.isPublic ? "Video shared" : "Video is private",
          description: result.isPublic ? "Anyone with the link can watch it." : "The link no longer works.",
        });
      }
      void invalidateVideoTasks();
    },
    onError: (error, _body, before) => {
      if (before) setSharing(before);
      toast({ title: "Sharing failed", description: errorText(error), variant: "destructive" });
    },
  });
  if (task.status !== "completed" || task.videoExpired) return null;

  return (
    <div className="grid gap-2 border-t border-border/70 pt-3">
      <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-violet-500"
          checked={sharing.isPublic}
          disabled={mutation.isPending}
          onChange={(event) => mutation.mutate({ isPublic: event.target.checked })}
        />
        Share publicly
      </label>
      {sharing.isPublic && sharing.shareUrl ? (
        <>
          <div className="flex items-center gap-2">
            <Link2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <input
              readOnly
              aria-label="Share link"
              value={sharing.shareUrl}
              className="min-w-0 flex-1 rounded-md border border-border bg-zinc-950/60 px-2 py-1 font-mono text-xs text-zinc-200"
              onFocus={(event) => event.target.select()}
            />
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                void navigator.clipboard?.writeText(sharing.shareUrl ?? "").then(
                  () => toast({ title: "Link copied" }),
                  () => toast({ title: "Copy failed", description: "Select the link and copy it.", variant: "destructive" }),
                );
              }}
            >
              <Copy aria-hidden="true" />
              Copy link
            </Button>
          </div>
          <label className="flex cursor-pointer items-center gap-2.5 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-violet-500"
              checked={sharing.hidePrompt}
              disabled={mutation.isPending}
              onChange={(event) => mutation.mutate({ isPublic: true, hidePrompt: event.target.checked })}
            />
            Hide the prompt on the shared page
          </label>
        </>
      ) : null}
    </div>
  );
}

/** Delete a finished video and its files, after a second click to confirm. */
export function DeleteVideoButton({ task, onDeleted }: { task: VideoTaskView; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({
    mutationFn: () => deleteVideo(task.taskId),
    onSuccess: () => {
      toast({ title: "Video deleted", description: "The video and its files are gone." });
      void invalidateVideoTasks();
      onDeleted();
    },
    onError: (error) => toast({ title: "Delete failed", description: errorText(error), variant: "destructive" }),
  });
  if (task.status !== "completed" && task.status !== "failed") return null;
  return confirming ? (
    <div className="grid gap-2 rounded-lg border border-red-500/30 bg-red-500/10 p-3" role="group" aria-label="Confirm delete">
      <p className="text-sm text-red-100">Delete this video and its files for good? Your credit history keeps its record.</p>
      <div className="flex gap-2">
        <Button variant="destructive" size="sm" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
          {mutation.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
          Yes, delete
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
          Keep it
        </Button>
      </div>
    </div>
  ) : (
    <Button variant="ghost" className="text-red-300 hover:text-red-200" onClick={() => setConfirming(true)}>
      <Trash2 aria-hidden="true" />
      Delete Video
    </Button>
  );
}
