/** What can go wrong with a Creem call, in the terms the product acts on (Creem's error answers). */
export type CreemErrorKind =
  /** The API key is missing, wrong, or belongs to the other mode (test vs prod). */
  | "unauthorized"
  /** Creem refused the request as invalid (e.g. an unknown or malformed product id). */
  | "rejected"
  /** The checkout or product does not exist in this mode. */
  | "not_found"
  /** Creem is down, rate limiting, or did not answer in time: try again later. */
  | "unavailable"
  /** Anything else, including answers that cannot be read. */
  | "failed";

/**
 * `message` is for an admin and the log: it never contains the API key, but it may name a setting
 * or carry Creem's own words, so a buyer never reads it (creem-service.ts words theirs; issue 68).
 */
export class CreemError extends Error {
  constructor(
    readonly kind: CreemErrorKind,
    message: string,
    readonly status?: number,
    /** Creem's own words for it (its error body's `message`), when it gave any. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = "CreemError";
  }
}

/** Creem's error body carries `message` as an array of strings (validation) or one string. */
function creemMessages(body: unknown): string[] {
  const message = body && typeof body === "object" ? (body as { message?: unknown }).message : undefined;
  const list = Array.isArray(message) ? message : [message];
  return list.filter((m): m is string => typeof m === "string" && m.trim() !== "").map((m) => m.slice(0, 300));
}

export function errorForStatus(status: number, body: unknown): CreemError {
  const detail = creemMessages(body).join("; ");
  if (status === 401 || status === 403) {
    return new CreemError(
      "unauthorized",
      `Creem rejected the API key (HTTP ${status}): check the Creem API key and its environment (test or prod)`,
      status,
      detail || undefined,
    );
  }
  if (status === 404)
    return new CreemError("not_found", `Creem could not find it${detail ? `: ${detail}` : ""}`, status);
  if (status === 429) return new CreemError("unavailable", "Creem is limiting requests right now", status);
  if (status >= 500) return new CreemError("unavailable", `Creem is unavailable (HTTP ${status})`, status);
  if (status === 400 || status === 422) {
    return new CreemError("rejected", `Creem refused the request${detail ? `: ${detail}` : ""}`, status);
  }
  return new CreemError("failed", `Creem answered HTTP ${status}${detail ? `: ${detail}` : ""}`, status);
}
