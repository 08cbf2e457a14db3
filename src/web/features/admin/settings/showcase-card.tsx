/**
 * The landing page's showcase (decision 0081), a section of /admin/settings: the admin picks up
 * to `max` finished videos (their own, or customers' shared ones), puts them in order and may give
 * each a caption; the first one plays in the hero. Nothing changes until "Save showcase".
 */
import { useMemo, useState } from "react";
import { ArrowDown, ArrowUp, LoaderCircle, Plus, Save, Trash2 } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ShowcaseCandidate } from "../../../../shared/schemas/showcase";
import { SHOWCASE_CAPTION_MAX } from "../../../../shared/schemas/showcase";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api";
import { modelLabel } from "@/lib/catalogue-text";
import { formatDateTime, truncateText } from "@/lib/format";
import { sameSiteUrl } from "@/lib/media-url";
import { useAdminShowcase, useSaveShowcase } from "./showcase-api";

interface Pick {
  taskId: string;
  caption: string;
}

function Thumbnail({ video }: { video: ShowcaseCandidate }) {
  return (
    <video
      src={sameSiteUrl(video.videoUrl)}
      aria-hidden="true"
      tabIndex={-1}
      className="aspect-video w-28 shrink-0 rounded-md bg-zinc-900 object-cover sm:w-36"
      preload="metadata"
      muted
      playsInline
    />
  );
}

function VideoFacts({ video }: { video: ShowcaseCandidate }) {
  const owner = video.owner;
  const made = formatDateTime(video.createdAt);
  return (
    <div className="min-w-0 flex-1 space-y-1.5">
      <p className="break-words text-sm text-zinc-200">
        {video.prompt ? (
          truncateText(video.prompt, 140)
        ) : (
          <span className="italic text-muted-foreground">
            <Trans>Prompt hidden by its owner: it is never shown.</Trans>
          </span>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        <Badge variant="secondary">{modelLabel(video.model)}</Badge>
        <Badge variant="secondary">{video.aspectRatio}</Badge>
        {video.ownVideo ? (
          <Badge>
            <Trans>Your video</Trans>
          </Badge>
        ) : (
          <Badge variant="success">
            <Trans>Shared by {owner}</Trans>
          </Badge>
        )}
        <span>{made}</span>
      </div>
    </div>
  );
}

function ShowcaseEditor({
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
              const number = index + 1;
              const fieldId = `showcase-caption-${pick.taskId}`;
              return (
                <li
                  key={pick.taskId}
                  aria-label={t`Showcase video ${number}`}
                  className="grid gap-3 rounded-xl border border-border bg-zinc-950/40 p-3"
                >
                  <div className="flex items-start gap-3">
                    <Thumbnail video={video} />
                    <VideoFacts video={video} />
                  </div>
                  {index === 0 ? (
                    <p className="text-xs text-violet-300">
                      <Trans>Plays in the landing page&apos;s hero.</Trans>
                    </p>
                  ) : null}
                  <div className="grid gap-1.5">
                    <Label htmlFor={fieldId}>
                      <Trans>Caption (optional)</Trans>
                    </Label>
                    <Input
                      id={fieldId}
                      value={pick.caption}
                      maxLength={SHOWCASE_CAPTION_MAX}
                      placeholder={video.prompt ? t`The prompt is shown` : t`Nothing is shown`}
                      onChange={(event) => setCaption(pick.taskId, event.target.value)}
                    />
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={t`Move video ${number} up`}
                    >
                      <ArrowUp aria-hidden="true" />
                      <Trans>Up</Trans>
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={index === picks.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={t`Move video ${number} down`}
                    >
                      <ArrowDown aria-hidden="true" />
                      <Trans>Down</Trans>
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => remove(pick.taskId)}
                      aria-label={t`Remove video ${number} from the showcase`}
                    >
                      <Trash2 aria-hidden="true" />
                      <Trans>Remove</Trans>
                    </Button>
                  </div>
                </li>
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

      <div>
        <h3 id="showcase-candidates-title" className="text-sm font-semibold">
          <Trans>Finished videos you can choose</Trans>
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">
          <Trans>
            Your own videos, and customers&apos; videos while they share them. A video leaves the showcase by itself
            when its owner stops sharing it or deletes it.
          </Trans>
        </p>
        {offered.length === 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">
            <Trans>No other finished video to choose. Make one on the generator, or wait for customers to share.</Trans>
          </p>
        ) : (
          <ul aria-labelledby="showcase-candidates-title" className="mt-3 grid gap-3 lg:grid-cols-2">
            {offered.map((video) => {
              const shortPrompt = video.prompt ? truncateText(video.prompt, 60) : "";
              const owner = video.owner;
              return (
                <li key={video.taskId} className="flex items-start gap-3 rounded-xl border border-border p-3">
                  <Thumbnail video={video} />
                  <div className="grid min-w-0 flex-1 gap-2">
                    <VideoFacts video={video} />
                    <Button
                      variant="outline"
                      size="sm"
                      className="justify-self-start"
                      disabled={full}
                      onClick={() => add(video.taskId)}
                      aria-label={
                        shortPrompt
                          ? t`Add to the showcase: ${shortPrompt}`
                          : t`Add to the showcase: a video by ${owner}`
                      }
                    >
                      <Plus aria-hidden="true" />
                      <Trans>Add</Trans>
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

export function ShowcaseCard() {
  const { t } = useLingui();
  const showcase = useAdminShowcase();
  const data = showcase.data;
  const videos = useMemo(
    () => new Map([...(data?.candidates ?? []), ...(data?.chosen ?? [])].map((v) => [v.taskId, v])),
    [data],
  );
  const initial = useMemo(
    () => (data?.chosen ?? []).map((c) => ({ taskId: c.taskId, caption: c.caption ?? "" })),
    [data],
  );
  const reason = showcase.isError ? errorMessage(showcase.error) : "";

  return (
    <section
      id="showcase"
      aria-labelledby="showcase-title"
      className="rounded-2xl border border-border bg-surface/80 p-5 shadow-xl shadow-black/20 sm:p-6"
    >
      <h2 id="showcase-title" className="text-lg font-semibold tracking-tight">
        <Trans>Landing page showcase</Trans>
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        <Trans>
          Choose the videos visitors see on the landing page, in order. The first one plays in the hero. Each shows its
          caption, or its prompt when you leave the caption empty, with a &quot;Try this prompt&quot; button.
        </Trans>
      </p>
      {data ? (
        <ShowcaseEditor
          key={JSON.stringify(initial)}
          initial={initial}
          videos={videos}
          candidates={data.candidates}
          max={data.max}
        />
      ) : showcase.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-400">
          <Trans>The showcase could not be loaded: {reason}</Trans>
        </p>
      ) : (
        <div className="flex justify-center py-8" role="status" aria-label={t`Loading the showcase`}>
          <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
        </div>
      )}
    </section>
  );
}
