/** Two cells of the moderation log: what was screened (long texts open on demand) and its review. */
import { Check } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import type { ModerationEventView } from "../../../../shared/schemas/moderation";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";
import { useMarkReviewed } from "./moderation-api";
import { FIELD_LABELS, labelOf } from "./moderation-labels";

/** Longer texts open on demand: a prompt may be 5,000 characters. */
const SHOWN_CHARACTERS = 160;

export function Screened({ entry }: { entry: ModerationEventView }) {
  const field = labelOf(FIELD_LABELS, entry.field);
  const long = entry.text.length > SHOWN_CHARACTERS;
  return (
    <>
      <span className="block text-xs text-muted-foreground">{field}</span>
      {long ? (
        <details>
          <summary className="cursor-pointer whitespace-pre-wrap break-words">
            {entry.text.slice(0, SHOWN_CHARACTERS)}…
          </summary>
          <p className="mt-1 whitespace-pre-wrap break-words">{entry.text}</p>
        </details>
      ) : (
        <span className="block whitespace-pre-wrap break-words">{entry.text}</span>
      )}
    </>
  );
}

export function Review({ entry }: { entry: ModerationEventView }) {
  const review = useMarkReviewed();
  const reviewer = entry.reviewedBy ?? "—";
  if (entry.reviewedAt) {
    const when = formatDateTime(entry.reviewedAt);
    return (
      <span className="text-xs text-muted-foreground">
        <Trans>
          Reviewed by {reviewer}, {when}
        </Trans>
      </span>
    );
  }
  return (
    <Button size="sm" variant="outline" disabled={review.isPending} onClick={() => review.mutate(entry.id)}>
      <Check aria-hidden="true" />
      <Trans>Mark reviewed</Trans>
    </Button>
  );
}
