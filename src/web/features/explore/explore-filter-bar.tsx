import { Trans, useLingui } from "@lingui/react/macro";
import { ASPECT_RATIOS, MODEL_CATALOGUE, MODELS } from "../../../shared/catalogue";
import { FilterSelect } from "@/components/ui/filter-select";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";
import type { ExploreFilters, ExploreSort } from "./explore-filters";
import { shapeText } from "./explore-words";

const ALL = "all";

/** Newest or most remixed first, and which model and shape; every choice kept in the address. */
export function ExploreFilterBar({
  value,
  onChange,
}: {
  value: ExploreFilters;
  onChange: (patch: Partial<ExploreFilters>) => void;
}) {
  const { t } = useLingui();
  return (
    <div
      role="search"
      aria-label={t`Filter Explore`}
      className="mb-6 grid items-end gap-4 sm:grid-cols-[auto_minmax(0,14rem)_minmax(0,14rem)]"
    >
      <div className="grid gap-1.5">
        <span id="explore-sort-label" className="text-sm font-medium">
          <Trans>Sort</Trans>
        </span>
        <ToggleGroup
          type="single"
          aria-labelledby="explore-sort-label"
          value={value.sort}
          onValueChange={(next: string) => next && onChange({ sort: next as ExploreSort })}
        >
          <ToggleGroupItem value="newest">
            <Trans>Newest</Trans>
          </ToggleGroupItem>
          <ToggleGroupItem value="remixed">
            <Trans>Most remixed</Trans>
          </ToggleGroupItem>
        </ToggleGroup>
      </div>
      <FilterSelect
        id="explore-model"
        label={t`Model`}
        value={value.model ?? ALL}
        options={[
          { value: ALL, label: t`All models` },
          ...MODELS.map((m) => ({ value: m, label: MODEL_CATALOGUE[m].label })),
        ]}
        onChange={(next) => onChange({ model: next === ALL ? null : next })}
      />
      <FilterSelect
        id="explore-shape"
        label={t`Shape`}
        value={value.shape ?? ALL}
        options={[
          { value: ALL, label: t`All shapes` },
          ...ASPECT_RATIOS.map((r) => ({ value: r, label: shapeText(r) })),
        ]}
        onChange={(next) => onChange({ shape: next === ALL ? null : next })}
      />
    </div>
  );
}
