/** The showcase's editor: the chosen videos in order, Undo / Save, and the videos still offered. */
import { useState } from "react";
import { LoaderCircle, Save } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ShowcaseCandidate } from "../../../../shared/schemas/showcase";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { useSaveShowcase } from "./showcase-api";
import { ShowcaseCandidates } from "./showcase-candidates";
import { ShowcasePick, type Pick } from "./showcase-pick";

export function ShowcaseEditor({
  initial,
  videos,
  candidates,
  max,
}: {
  initial: Pick[];
  videos: Map<string, ShowcaseCandidate>;
  candidates: ShowcaseCandidate[];
  max: number;
}) {
  const { t } = useLingui();
  const [picks, setPicks] = useState<Pick[]>(initial);
  const save = useSaveShowcase();
  const changed = JSON.stringify(picks) !== JSON.stringify(initial);
  const full = picks.length >= max;
  const chosenCount = picks.length;

  const move = (index: number, by: number) =>
    setPicks((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  const remove = (taskId: string) => setPicks((list) => list.filter((p) => p.taskId !== taskId));
  const add = (taskId: string) => setPicks((list) => (list.length >= max ? list : [...list, { taskId, caption: "" }]));
  const setCaption = (taskId: string, caption: string) =>
    setPicks((list) => list.map((p) => (p.taskId === taskId ? { ...p, caption } : p)));
  const offered = candidates.filter((c) => !picks.some((p) => p.taskId === c.taskId));

  return (
    <div className="mt-5 grid gap-6">
      <div>
        <h3 className="text-sm font-semibold">
          <Trans>
            Chosen: {chosenCount} of {max}
          </Trans>
        </h3>
        {picks.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">
            <Trans>
              No video chosen yet. Visitors see the sample clips while videos are simulated, and no showcase on a live
              site.
            </Trans>
          </p>
        ) : (
          <ol aria-label={t`Showcase videos`} className="mt-3 grid gap-3">
            {picks.map((pick, index) => {
              const video = videos.get(pick.taskId);
              if (!video) return null;
              return (
                <ShowcasePick
                  key={pick.taskId}
                  pick={pick}
                  video={video}
                  index={index}
                  last={index === picks.length - 1}
                  onMove={(by) => move(index, by)}
                  onRemove={() => remove(pick.taskId)}
                  onCaption={(caption) => setCaption(pick.taskId, caption)}
                />
              );
            })}
          </ol>
        )}
      </div>

      {save.isError ? (
        <p role="alert" className="text-sm text-red-400">
          {errorMessage(save.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {changed ? (
          <Button variant="outline" onClick={() => setPicks(initial)}>
            <Trans>Undo changes</Trans>
          </Button>
        ) : null}
        <Button
          disabled={!changed || save.isPending}
          onClick={() =>
            save.mutate({ videos: picks.map((p) => ({ taskId: p.taskId, caption: p.caption.trim() || null })) })
          }
        >
          {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          <Trans>Save showcase</Trans>
        </Button>
      </div>

      <ShowcaseCandidates offered={offered} full={full} onAdd={add} />
    </div>
  );
}
