/**
 * The URL a route contract's call goes to (decision 0069). Kept apart from the contracts, which
 * import zod and the schemas: the web app's client builds URLs on the landing page's first load,
 * which downloads neither (decision 0056).
 */
import type { RouteContract } from "./api/contract.js";

/** A path with its params filled in, each encoded as one segment. */
function pathWith(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === "")
      throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=2` from a query object, leaving out undefined and empty values ("" when none is left). */
type QueryValue = string | number | boolean | null | undefined;

function queryString(query: Record<string, QueryValue | readonly QueryValue[]> | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value];
    for (const one of values) if (one !== undefined && one !== null) search.append(name, String(one));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The URL a call of `contract` with these params and query goes to. */
export function urlOf(
  contract: Pick<RouteContract, "path">,
  input: { params?: unknown; query?: unknown } = {},
): string {
  return (
    pathWith(contract.path, input.params as Record<string, string | number> | undefined) +
    queryString(input.query as Record<string, QueryValue> | undefined)
  );
}
