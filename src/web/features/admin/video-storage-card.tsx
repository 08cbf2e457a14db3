import { useState, type FormEvent } from "react";
import { HardDrive } from "lucide-react";
import { RETENTION_DAYS_LIMITS } from "../../../shared/schemas/settings";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api";
import { useSaveSettings, useVideoStorage } from "./admin-api";
import { SectionCard } from "./admin-fields";

const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;

/** 1,234,567 bytes -> "1.2 MB" (powers of 1000, as disks and buckets bill). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat("en", { style: "unit", unit: UNITS[unit], unitDisplay: "short", maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}

/** Video Storage (decisions 0043, 0045): what the archive holds, its queue, and how long videos are kept. */
export function VideoStorageCard({ retentionDays }: { retentionDays: number | null }) {
  const storage = useVideoStorage();
  const [keepForever, setKeepForever] = useState(retentionDays === null);
  const [days, setDays] = useState(String(retentionDays ?? 90));
  const save = useSaveSettings();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ videoRetentionDays: keepForever ? null : days.trim() });
  };

  const figures = storage.data;
  return (
    <SectionCard
      id="video-storage-title"
      title="Video Storage"
      description="Every finished video is copied into our own storage, so it outlives the provider's link."
    >
      {figures ? (
        <dl className="grid gap-3 sm:grid-cols-4" aria-label="Video storage figures">
          <Figure label="Videos stored" value={`${figures.archivedFiles.toLocaleString("en")} files`} detail={formatBytes(figures.archivedBytes)} />
          <Figure label="Waiting to be copied" value={figures.pendingFiles.toLocaleString("en")} detail="archive queue" />
          <Figure label="Copies failed" value={figures.failedFiles.toLocaleString("en")} detail="served from the provider while it lasts" />
          <Figure label="Expired before saved" value={figures.expiredFiles.toLocaleString("en")} detail="the provider's link died first" />
        </dl>
      ) : storage.isError ? (
        <p role="alert" className="text-sm text-red-400">
          Storage figures could not be loaded: {errorMessage(storage.error)}
        </p>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          Loading storage figures...
        </p>
      )}
      <form onSubmit={submit} className="mt-6 grid gap-3" aria-label="Video retention">
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Keep videos</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="retention" checked={keepForever} onChange={() => setKeepForever(true)} />
            Forever
          </label>
          <label className="flex flex-wrap items-center gap-2 text-sm">
            <input type="radio" name="retention" checked={!keepForever} onChange={() => setKeepForever(false)} />
            Delete videos finished more than
            <Input
              aria-label="Days to keep videos"
              className="w-24"
              inputMode="numeric"
              min={RETENTION_DAYS_LIMITS.min}
              max={RETENTION_DAYS_LIMITS.max}
              value={days}
              disabled={keepForever}
              onChange={(e) => setDays(e.target.value)}
            />
            days ago
          </label>
        </fieldset>
        <p className="text-xs text-muted-foreground">Deleted videos leave their owners&apos; lists; their transactions stay in History.</p>
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            <HardDrive aria-hidden="true" />
            {save.isPending ? "Saving..." : "Save Retention"}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
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
