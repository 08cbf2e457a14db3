/** The finished videos the admin may still add to the showcase. */
import { Plus } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ShowcaseCandidate } from "../../../../shared/schemas/showcase";
import { Button } from "@/components/ui/button";
import { truncateText } from "@/lib/format";
import { Thumbnail, VideoFacts } from "./showcase-video";

export function ShowcaseCandidates({
  offered,
  full,
  onAdd,
}: {
  offered: ShowcaseCandidate[];
  full: boolean;
  onAdd: (taskId: string) => void;
}) {
  const { t } = useLingui();
  return (
    <div>
      <h3 id="showcase-candidates-title" className="text-sm font-semibold">
        <Trans>Finished videos you can choose</Trans>
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        <Trans>
          Your own videos, and customers&apos; videos while they share them. A video leaves the showcase by itself when
          its owner stops sharing it or deletes it.
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
                    onClick={() => onAdd(video.taskId)}
                    aria-label={
                      shortPrompt ? t`Add to the showcase: ${shortPrompt}` : t`Add to the showcase: a video by ${owner}`
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
  );
}
