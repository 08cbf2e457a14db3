/**
 * "Sample per model" (decision 0166), in the showcase's card: for each model of the catalogue,
 * one of its finished videos (the admins' own, or a customer's shared one) as the sample the
 * generator's Compare models shows. Saved at once when chosen; "No sample" clears it (visitors
 * then see the simulator's clip while videos are simulated, else nothing).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminModelSample, ShowcaseCandidate } from "../../../../shared/schemas/showcase";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { modelLabel } from "@/lib/catalogue-text";
import { formatDateTime, truncateText } from "@/lib/format";
import { useSaveModelSample } from "./showcase-api";
import { Thumbnail } from "./showcase-video";

const NONE = "none";

function optionText(video: ShowcaseCandidate, hidden: string): string {
  const what = video.prompt ? truncateText(video.prompt, 60) : hidden;
  return `${what} · ${video.owner} · ${formatDateTime(video.createdAt)}`;
}

function ModelSampleRow({ entry }: { entry: AdminModelSample }) {
  const { t } = useLingui();
  const save = useSaveModelSample();
  const name = modelLabel(entry.model);
  const hidden = t`Prompt hidden`;
  // The chosen one first, then the others (the chosen may be older than the list's newest).
  const options = [
    ...(entry.chosen ? [entry.chosen] : []),
    ...entry.candidates.filter((c) => c.taskId !== entry.chosen?.taskId),
  ];
  const value = entry.chosen?.taskId ?? NONE;
  const label = entry.chosen ? optionText(entry.chosen, hidden) : t`No sample`;
  return (
    <li className="grid gap-3 rounded-xl border border-border p-3 sm:grid-cols-[9rem_1fr] sm:items-center">
      {entry.chosen ? (
        <Thumbnail video={entry.chosen} />
      ) : (
        <div aria-hidden="true" className="hidden aspect-video w-36 rounded-md bg-zinc-900 sm:block" />
      )}
      <div className="grid min-w-0 gap-1.5">
        <span id={`model-sample-${entry.model}`} className="text-sm font-semibold">
          {name}
        </span>
        <Select
          value={value}
          disabled={save.isPending}
          onValueChange={(next) => {
            if (!next || next === value) return;
            save.mutate({ model: entry.model, taskId: next === NONE ? null : next });
          }}
        >
          <SelectTrigger aria-label={t`Sample of ${name}`}>
            <SelectValue>{label}</SelectValue>
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>{t`No sample`}</SelectItem>
            {options.map((video) => (
              <SelectItem key={video.taskId} value={video.taskId}>
                {optionText(video, hidden)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {options.length === 0 ? (
          <p className="text-xs text-muted-foreground">
            <Trans>No finished video of this model to choose yet.</Trans>
          </p>
        ) : null}
      </div>
    </li>
  );
}

export function ModelSamplesPart({ samples }: { samples: AdminModelSample[] }) {
  const { t } = useLingui();
  return (
    <div className="mt-8 border-t border-border pt-6">
      <h3 id="model-samples-title" className="text-base font-semibold">
        <Trans>Sample per model</Trans>
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        <Trans>
          The video Compare models on the generator shows for each model. Choose one of your videos or a customer&apos;s
          shared one; it is saved at once. Without one, visitors see the simulator&apos;s sample clip while videos are
          simulated, and nothing on a live site.
        </Trans>
      </p>
      <ul aria-label={t`Sample per model`} className="mt-4 grid gap-3 lg:grid-cols-2">
        {samples.map((entry) => (
          <ModelSampleRow key={entry.model} entry={entry} />
        ))}
      </ul>
    </div>
  );
}
