/** One chosen showcase video: its facts, caption field and the Up / Down / Remove buttons. */
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ShowcaseCandidate } from "../../../../shared/schemas/showcase";
import { SHOWCASE_CAPTION_MAX } from "../../../../shared/schemas/showcase";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Thumbnail, VideoFacts } from "./showcase-video";

export interface Pick {
  taskId: string;
  caption: string;
}

export function ShowcasePick({
  pick,
  video,
  index,
  last,
  onMove,
  onRemove,
  onCaption,
}: {
  pick: Pick;
  video: ShowcaseCandidate;
  index: number;
  last: boolean;
  onMove: (by: number) => void;
  onRemove: () => void;
  onCaption: (caption: string) => void;
}) {
  const { t } = useLingui();
  const number = index + 1;
  const fieldId = `showcase-caption-${pick.taskId}`;
  return (
    <li
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
          onChange={(event) => onCaption(event.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={index === 0}
          onClick={() => onMove(-1)}
          aria-label={t`Move video ${number} up`}
        >
          <ArrowUp aria-hidden="true" />
          <Trans>Up</Trans>
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={last}
          onClick={() => onMove(1)}
          aria-label={t`Move video ${number} down`}
        >
          <ArrowDown aria-hidden="true" />
          <Trans>Down</Trans>
        </Button>
        <Button variant="outline" size="sm" onClick={onRemove} aria-label={t`Remove video ${number} from the showcase`}>
          <Trash2 aria-hidden="true" />
          <Trans>Remove</Trans>
        </Button>
      </div>
    </li>
  );
}
