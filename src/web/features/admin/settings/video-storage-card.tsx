import { useState } from "react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { RETENTION_DAYS_LIMITS, settingsUpdateSchema } from "../../../../shared/schemas/settings";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api";
import { formatNumber } from "@/lib/format";
import { useSaveSettings, useVideoStorage } from "@/features/admin/admin-api";
import { SectionCard } from "@/components/ui/section-card";
import { savedOrNot, useSavedDraft, useSectionPart } from "./section/section-parts";
import { refusedFields } from "./refused-fields";

const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;

/** 1,234,567 bytes -> "1.2 MB" (powers of 1000, as disks and buckets bill), in the active language. */
function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return formatNumber(value, {
    style: "unit",
    unit: UNITS[unit],
    unitDisplay: "short",
    maximumFractionDigits: unit === 0 ? 0 : 1,
  });
}

/** Video Storage (decisions 0043, 0045): what the archive holds, its queue, and how long videos are kept. */
export function VideoStorageCard({ retentionDays }: { retentionDays: number | null }) {
  const { t } = useLingui();
  const storage = useVideoStorage();
  const { draft, set, dirty, resetTo } = useSavedDraft(retentionDays, (kept) => ({
    keepForever: kept === null,
    days: String(kept ?? 90),
  }));
  const { keepForever, days } = draft;
  const save = useSaveSettings();

  const [problem, setProblem] = useState<string>();
  const { min, max } = RETENTION_DAYS_LIMITS;
  const body = { videoRetentionDays: keepForever ? null : days.trim() };
  useSectionPart({
    dirty,
    check: () => {
      const found = refusedFields(settingsUpdateSchema, body, {
        videoRetentionDays: t`Enter a whole number of days from ${min} to ${max}, or keep videos forever.`,
      });
      setProblem(found.videoRetentionDays);
      return !found.videoRetentionDays;
    },
    save: () => savedOrNot(save.mutateAsync(body).then(({ settings: now }) => resetTo(now.videoRetentionDays))),
  });

  const figures = storage.data;
  const reason = errorMessage(storage.error);
  return (
    <SectionCard
      id="video-storage-title"
      title={t`Video Storage`}
      description={t`Every finished video is copied into our own storage, so it outlives the provider's link.`}
    >
      {figures ? (
        <dl className="grid gap-3 sm:grid-cols-4" aria-label={t`Video storage figures`}>
          <Figure
            label={t`Videos stored`}
            value={fileCount(figures.archivedFiles)}
            detail={formatBytes(figures.archivedBytes)}
          />
          <Figure
            label={t`Waiting to be copied`}
            value={formatNumber(figures.pendingFiles)}
            detail={t`archive queue`}
          />
          <Figure
            label={t`Copies failed`}
            value={formatNumber(figures.failedFiles)}
            detail={t`served from the provider while it lasts`}
          />
          <Figure
            label={t`Expired before saved`}
            value={formatNumber(figures.expiredFiles)}
            detail={t`the provider's link died first`}
          />
        </dl>
      ) : storage.isError ? (
        <p role="alert" className="text-sm text-red-400">
          <Trans>Storage figures could not be loaded: {reason}</Trans>
        </p>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          <Trans>Loading storage figures...</Trans>
        </p>
      )}
      <div role="group" className="mt-6 grid gap-3" aria-label={t`Video retention`}>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">
            <Trans>Keep videos</Trans>
          </legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="retention" checked={keepForever} onChange={() => set("keepForever")(true)} />
            <Trans>Forever</Trans>
          </label>
          <label className="flex flex-wrap items-center gap-2 text-sm">
            <input type="radio" name="retention" checked={!keepForever} onChange={() => set("keepForever")(false)} />
            <Trans>
              Delete videos finished more than{" "}
              <Input
                id="videoRetentionDays"
                aria-label={t`Days to keep videos`}
                aria-invalid={problem ? true : undefined}
                className="w-24"
                inputMode="numeric"
                min={RETENTION_DAYS_LIMITS.min}
                max={RETENTION_DAYS_LIMITS.max}
                value={days}
                disabled={keepForever}
                onChange={(e) => set("days")(e.target.value)}
              />{" "}
              days ago
            </Trans>
          </label>
        </fieldset>
        <p className="text-xs text-muted-foreground">
          <Trans>Deleted videos leave their owners&apos; lists; their transactions stay in History.</Trans>
        </p>
        {problem ? (
          <p role="alert" className="text-sm text-red-400">
            {problem}
          </p>
        ) : null}
      </div>
    </SectionCard>
  );
}

/** "1,234 files", with the number grouped for the active language. */
function fileCount(count: number): string {
  const files = formatNumber(count);
  return plural(count, { one: `${files} file`, other: `${files} files` });
}

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="rounded-xl border border-border bg-background/40 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold">{value}</dd>
      <dd className="text-xs text-muted-foreground">{detail}</dd>
    </div>
  );
}
