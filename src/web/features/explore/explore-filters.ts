/**
 * The feed's sort and filters in the address (/explore?sort=remixed&model=veo3&shape=9:16), so a
 * link, a reload or Back shows the same feed; `report` opens the report dialog for one video (the
 * share page links to /explore?report=<id>).
 */
import { ASPECT_RATIOS, MODELS, type AspectRatio, type ModelId } from "../../../shared/catalogue";
import { EXPLORE_SORTS } from "../../../shared/schemas/explore";

export type ExploreSort = (typeof EXPLORE_SORTS)[number];

export interface ExploreFilters {
  sort: ExploreSort;
  model: ModelId | null;
  shape: AspectRatio | null;
  /** The video whose report dialog is open. */
  report: string | null;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** The filters in the address; anything malformed is left out. */
export function exploreFiltersFromParams(params: URLSearchParams): ExploreFilters {
  const report = params.get("report");
  return {
    sort: oneOf(EXPLORE_SORTS, params.get("sort")) ?? "newest",
    model: oneOf(MODELS, params.get("model")),
    shape: oneOf(ASPECT_RATIOS, params.get("shape")),
    report: report && /^[A-Za-z0-9_-]{1,64}$/.test(report) ? report : null,
  };
}

/** The address's parameters for these filters; the defaults are left out. */
export function exploreFiltersToParams(filters: ExploreFilters): Record<string, string> {
  return {
    ...(filters.sort !== "newest" ? { sort: filters.sort } : {}),
    ...(filters.model ? { model: filters.model } : {}),
    ...(filters.shape ? { shape: filters.shape } : {}),
    ...(filters.report ? { report: filters.report } : {}),
  };
}
