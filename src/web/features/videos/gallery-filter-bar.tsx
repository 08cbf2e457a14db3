import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Search, X } from "lucide-react";
import { MODEL_CATALOGUE, MODELS } from "../../../shared/catalogue";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FilterSelect } from "@/components/ui/filter-select";
import { Label } from "@/components/ui/label";
import { useSearchBox } from "@/hooks/use-search-box";
import { hasGalleryFilters, NO_GALLERY_FILTERS, type GalleryFilters } from "./gallery-filters";

const ALL = "all";

const STATUS_OPTIONS: { value: GalleryFilters["status"] | typeof ALL; label: MessageDescriptor }[] = [
  { value: ALL, label: msg`All statuses` },
  { value: "completed", label: msg`Finished` },
  { value: "in_progress", label: msg`In progress` },
  { value: "failed", label: msg`Failed` },
];

const SORT_OPTIONS: { value: GalleryFilters["sort"]; label: MessageDescriptor }[] = [
  { value: "newest", label: msg`Newest first` },
  { value: "oldest", label: msg`Oldest first` },
];

/** Search the prompts (as you type, debounced), filter by status and model, sort; Clear resets all but the sort. */
export function GalleryFilterBar({
  value,
  onChange,
}: {
  value: GalleryFilters;
  /** Merges a change into the filters in the address (useUrlFilters). */
  onChange: (patch: Partial<GalleryFilters>, options?: { replace?: boolean }) => void;
}) {
  const { t } = useLingui();
  // Typing replaces the history entry rather than adding one per pause.
  const [search, setSearch] = useSearchBox(value.q, (q) => onChange({ q }, { replace: true }));

  const active = hasGalleryFilters(value) || search.trim() !== "";
  const models = [
    { value: ALL, label: t`All models` },
    ...MODELS.map((m) => ({ value: m, label: MODEL_CATALOGUE[m].label })),
  ];
  return (
    <div
      role="search"
      className="mb-5 grid gap-3 rounded-2xl border border-border bg-surface/80 p-3 sm:p-4 md:grid-cols-[minmax(0,1fr)_10rem_10rem_10rem_auto] md:items-end"
      aria-label={t`Search and filter your videos`}
    >
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="gallery-search">
          <Trans>Search</Trans>
        </Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="gallery-search"
            type="search"
            className="pl-9"
            maxLength={200}
            placeholder={t`Search your prompts`}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 md:contents">
        <FilterSelect
          id="gallery-status"
          label={t`Status`}
          value={value.status || ALL}
          options={STATUS_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
          onChange={(status) => onChange({ status: status === ALL ? "" : status })}
        />
        <FilterSelect
          id="gallery-model"
          label={t`Model`}
          value={value.model || ALL}
          options={models}
          onChange={(model) => onChange({ model: model === ALL ? "" : (model as GalleryFilters["model"]) })}
        />
        <FilterSelect
          id="gallery-sort"
          label={t`Sort`}
          value={value.sort}
          options={SORT_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
          onChange={(sort) => onChange({ sort })}
        />
        <Button
          variant="outline"
          className="self-end"
          disabled={!active}
          onClick={() => {
            setSearch("");
            onChange({ ...NO_GALLERY_FILTERS, sort: value.sort });
          }}
        >
          <X aria-hidden="true" />
          <Trans>Clear filters</Trans>
        </Button>
      </div>
    </div>
  );
}
