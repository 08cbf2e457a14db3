/**
 * The gallery's search, filters and sort (decision 0080), kept in the page's address so a reload,
 * a shared link or the back button shows the same list: `?q=&status=&model=&sort=&page=`.
 * Anything in the address that is not a known value is ignored.
 */
import { MODELS, type ModelId } from "../../../shared/catalogue";
import {
  TASK_LIST_SORTS,
  TASK_LIST_STATUSES,
  type TaskListSort,
  type TaskListStatus,
} from "../../../shared/schemas/videos";

export interface GalleryFilters {
  q: string;
  status: TaskListStatus | "";
  model: ModelId | "";
  sort: TaskListSort;
}

export const NO_GALLERY_FILTERS: GalleryFilters = { q: "", status: "", model: "", sort: "newest" };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;

export function filtersFrom(params: URLSearchParams): GalleryFilters {
  return {
    q: (params.get("q") ?? "").slice(0, 200),
    status: oneOf(TASK_LIST_STATUSES, params.get("status")) ?? "",
    model: oneOf(MODELS, params.get("model")) ?? "",
    sort: oneOf(TASK_LIST_SORTS, params.get("sort")) ?? "newest",
  };
}

export function pageFrom(params: URLSearchParams): number {
  const n = Number.parseInt(params.get("page") ?? "1", 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

/** The address's query for these filters and page: only what differs from the defaults. */
export function searchFor(filters: GalleryFilters, page = 1): Record<string, string> {
  const search: Record<string, string> = {};
  if (filters.q.trim()) search.q = filters.q;
  if (filters.status) search.status = filters.status;
  if (filters.model) search.model = filters.model;
  if (filters.sort !== "newest") search.sort = filters.sort;
  if (page > 1) search.page = String(page);
  return search;
}

export const hasGalleryFilters = (f: GalleryFilters) => Boolean(f.q.trim() || f.status || f.model);

/** The list call's query for these filters (the defaults left out, so the unfiltered list keeps its URL). */
export function listQuery(filters: GalleryFilters) {
  return {
    q: filters.q.trim() || undefined,
    status: filters.status || undefined,
    model: filters.model || undefined,
    sort: filters.sort === "newest" ? undefined : filters.sort,
  };
}
