/** Tolerant readers for the shapes KIE's API is known to send (numbers as text, URL lists as text). */

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** `resultUrls` arrive as an array, a JSON-encoded array, a bracketed list or a single URL. */
export function parseUrlList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string" && v.length > 0);
  if (typeof value !== "string" || value.trim() === "") return [];
  const text = value.trim();
  try {
    return parseUrlList(JSON.parse(text));
  } catch {
    // Not JSON: "[http://a.mp4, http://b.mp4]" or a bare URL.
    return text
      .replace(/^\[|\]$/g, "")
      .split(",")
      .map((s) => s.trim().replace(/^["']|["']$/g, ""))
      .filter((s) => /^https?:\/\//.test(s));
  }
}

export function asNumber(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

export function asText(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}
