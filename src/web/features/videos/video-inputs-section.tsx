/** What a video was made from, beside its player: the prompt and the images. */
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { sameSiteUrl } from "@/lib/media-url";
import { imageLabels } from "./video-display";
import { SectionTitle } from "./video-metadata";

export function VideoInputs({ task }: { task: VideoTaskView }) {
  const { t } = useLingui();
  return (
    <>
      <section className="grid gap-2" aria-labelledby="video-details-prompt">
        <SectionTitle>
          <span id="video-details-prompt">
            <Trans>Prompt</Trans>
          </span>
        </SectionTitle>
        <p className="max-h-48 overflow-y-auto whitespace-pre-wrap rounded-lg border border-border/70 bg-zinc-950/40 p-3 text-sm leading-relaxed text-zinc-100 [overflow-wrap:anywhere]">
          {task.prompt}
        </p>
      </section>
      {task.imageUrls.length > 0 ? (
        <section className="grid gap-2">
          <SectionTitle>{t`${plural(task.imageUrls.length, { one: "Image", other: "Images" })}`}</SectionTitle>
          <ul className="flex flex-wrap gap-3">
            {imageLabels(task).map((label, i) => (
              <li key={`${i}-${task.imageUrls[i]}`} className="grid gap-1">
                <img
                  src={sameSiteUrl(task.imageUrls[i]) ?? undefined}
                  alt={t`${label} of this video`}
                  className="h-20 w-auto max-w-full rounded-lg border border-border object-contain"
                />
                <span className="text-xs text-muted-foreground">{label}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
