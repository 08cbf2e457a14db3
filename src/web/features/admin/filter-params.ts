/** A log's filters in the address and in its request: days checked on the way in, blanks left out on the way out. */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day ("YYYY-MM-DD") in the address parameter `name`, or "" when it is missing or malformed. */
export function dayParam(params: URLSearchParams, name: string): string {
  const value = params.get(name) ?? "";
  return DAY.test(value) ? value : "";
}

/** The filters as query parameters: each trimmed, the blank ones left out. */
export function filtersToQuery<Name extends string>(filters: Record<Name, string>): Partial<Record<Name, string>> {
  const query: Partial<Record<Name, string>> = {};
  for (const [name, value] of Object.entries(filters) as [Name, string][]) {
    if (value.trim()) query[name] = value.trim();
  }
  return query;
}
