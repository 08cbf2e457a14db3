/** Selecting several videos in the gallery and deleting them at once (decision 0080). */
import { useCallback, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { CheckCheck, Trash2, X } from "lucide-react";
import type { BulkDeleteResult } from "../../../shared/schemas/videos";
import type { VideoTaskView } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { isTaskListQuery } from "./task-list-queries";
import { deleteVideos } from "./video-api";
import type { CardSelection } from "./video-card-button";

/** Which tasks are selected, by task id; `null` while not selecting. */
export function useGallerySelection() {
  const [selected, setSelected] = useState<ReadonlySet<string> | null>(null);
  const toggle = useCallback(
    (task: VideoTaskView) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(task.taskId)) next.delete(task.taskId);
        else next.add(task.taskId);
        return next;
      }),
    [],
  );
  const start = useCallback(() => setSelected(new Set()), []);
  const stop = useCallback(() => setSelected(null), []);
  const selectAll = useCallback(
    (tasks: readonly VideoTaskView[]) => setSelected(new Set(tasks.map((t) => t.taskId))),
    [],
  );
  const cards: CardSelection | undefined = selected ? { selected, onToggle: toggle } : undefined;
  return { selecting: selected !== null, selected: selected ?? new Set<string>(), cards, start, stop, selectAll };
}

/** What a bulk delete did, in words: how many went, and why any stayed. */
function resultToast(result: BulkDeleteResult): { title: string; description?: string } {
  const count = (outcome: string) => result.results.filter((r) => r.outcome === outcome).length;
  const kept = count("still_generating");
  const gone = count("not_found");
  const notes = [
    kept
      ? plural(kept, {
          one: "# video is still being made and was kept.",
          other: "# videos are still being made and were kept.",
        })
      : "",
    gone ? plural(gone, { one: "# video was already gone.", other: "# videos were already gone." }) : "",
  ].filter(Boolean);
  return {
    title: plural(result.deleted, { one: "# video deleted", other: "# videos deleted" }),
    ...(notes.length ? { description: notes.join(" ") } : {}),
  };
}

/** The bar shown while selecting: how many, select all on this page, delete (after a confirmation), cancel. */
export function SelectionBar({
  selected,
  pageTasks,
  onSelectAll,
  onDone,
}: {
  selected: ReadonlySet<string>;
  pageTasks: readonly VideoTaskView[];
  onSelectAll: () => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const count = selected.size;
  const remove = useMutation({
    mutationFn: () => deleteVideos([...selected]),
    onSuccess: async (result) => {
      setConfirming(false);
      toast(resultToast(result));
      onDone();
      await client.invalidateQueries({ predicate: isTaskListQuery });
    },
    onError: (error) => toast({ title: t`Delete failed`, description: errorMessage(error), variant: "destructive" }),
  });
  const allSelected = pageTasks.length > 0 && pageTasks.every((task) => selected.has(task.taskId));
  return (
    <div
      className="sticky top-16 z-20 mb-4 flex flex-wrap items-center gap-2 rounded-xl border border-violet-500/40 bg-zinc-950/95 p-2.5 shadow-lg backdrop-blur sm:p-3"
      role="toolbar"
      aria-label={t`Selected videos`}
    >
      <p className="mr-auto text-sm font-medium" aria-live="polite">
        <Plural value={count} _0="No videos selected" one="# video selected" other="# videos selected" />
      </p>
      <Button variant="outline" size="sm" disabled={allSelected} onClick={onSelectAll}>
        <CheckCheck aria-hidden="true" />
        <Trans>Select all on this page</Trans>
      </Button>
      <Button variant="destructive" size="sm" disabled={count === 0} onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden="true" />
        <Trans>Delete selected</Trans>
      </Button>
      <Button variant="ghost" size="sm" onClick={onDone}>
        <X aria-hidden="true" />
        <Trans>Cancel</Trans>
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              <Plural value={count} one="Delete # video?" other="Delete # videos?" />
            </DialogTitle>
            <DialogDescription>
              <Trans>
                They and their files go for good; your credit history keeps its records. A video still being made is
                kept.
              </Trans>
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending ? (
                <Trans>Deleting...</Trans>
              ) : (
                <Plural value={count} one="Delete # video" other="Delete # videos" />
              )}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
