/** GET /api/admin/audit-log (decision 0052): the filters, and the pages newest first ("Load older" follows nextCursor). */
import { AUDIT_ACTION_NAMES, type AuditAction } from "../../../../shared/audit";
import { adminAuditApi } from "../../../../shared/api/admin-audit";
import type { QueryInput } from "../../../../shared/api/contract";
import { call } from "@/lib/api";
import { adminQueryKeys } from "@/features/admin/admin-query-keys";
import { dayParam, filtersToQuery, useCursorPages } from "@/features/admin/log-query";

export interface AuditFilters {
  action: AuditAction | "";
  admin: string;
  targetId: string;
  dateFrom: string;
  dateTo: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { action: "", admin: "", targetId: "", dateFrom: "", dateTo: "" };

/** The filters in the address (?action=&admin=&targetId=&dateFrom=&dateTo=); anything malformed is left out. */
export function auditFiltersFromParams(params: URLSearchParams): AuditFilters {
  const action = params.get("action") ?? "";
  return {
    action: (AUDIT_ACTION_NAMES as readonly string[]).includes(action) ? (action as AuditAction) : "",
    admin: params.get("admin") ?? "",
    targetId: params.get("targetId") ?? "",
    dateFrom: dayParam(params, "dateFrom"),
    dateTo: dayParam(params, "dateTo"),
  };
}

/** The audit log's filters, named as its route reads them. */
type AuditFilterParams = Partial<Record<keyof QueryInput<typeof adminAuditApi.log>, string>>;

/** The filters as query parameters, blanks left out. */
export const auditFiltersToParams = (filters: AuditFilters): AuditFilterParams => filtersToQuery(filters);

export const hasAuditFilters = (filters: AuditFilters) => Object.keys(auditFiltersToParams(filters)).length > 0;

/** The log with these filters, a page of 50 at a time. */
export function useAuditLog(filters: AuditFilters) {
  const query = auditFiltersToParams(filters);
  return useCursorPages(adminQueryKeys.auditLog(query), (cursor, signal) =>
    call(adminAuditApi.log, { query: { ...query, cursor }, signal }),
  );
}
