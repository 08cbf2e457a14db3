/** What can go wrong with a KIE call, in the terms the product acts on. */
export type KieErrorKind =
  /** The key is missing, wrong or revoked: try another account. */
  | "unauthorized"
  /** The account is out of KIE credits: try another account. */
  | "insufficient_credits"
  /** Too many requests: try again later; not a failure of the task. */
  | "rate_limited"
  /** The key has used up its own hourly/daily/total cap (433): try another account, leave this one be. */
  | "key_limited"
  /** The request or its content was refused (policy, validation, image): the user's problem. */
  | "rejected"
  /** KIE is down, in maintenance, or did not answer in time: try again later. */
  | "unavailable"
  /** The record does not exist (unknown or expired task). */
  | "not_found"
  /** Anything else, including generation failures and unreadable answers. */
  | "failed";

export class KieError extends Error {
  constructor(
    readonly kind: KieErrorKind,
    message: string,
    readonly code?: number,
    /** The envelope's `data`: some "errors" carry a result (4K's 422 "generated successfully"). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "KieError";
  }
}

/** Maps KIE's business code (in the body) to a kind; `msg` disambiguates the overloaded ones. */
export function kindOfCode(code: number, msg: string): KieErrorKind {
  if (/insufficient|top up/i.test(msg)) return "insufficient_credits";
  switch (code) {
    case 401:
    case 403:
      return "unauthorized";
    case 402:
      return "insufficient_credits";
    case 429:
      return "rate_limited";
    case 433:
      return "key_limited";
    case 400:
    case 413:
    case 422:
    case 451:
      // "record is null" (Veo API), "recordInfo is null" (Market).
      return /record(info)? is null|not found/i.test(msg) ? "not_found" : "rejected";
    case 404:
      return "not_found";
    // 408: no result upstream for 10 minutes; 455: maintenance; 505: the feature is switched off.
    case 408:
    case 455:
    case 505:
    case 500:
    case 502:
    case 503:
    case 504:
      return "unavailable";
    // 501 "Generation Failed", and anything new.
    default:
      return "failed";
  }
}

/** Maps a non-2xx HTTP status (KIE normally answers 200 with a code in the body). */
export function kindOfHttpStatus(status: number, msg: string): KieErrorKind {
  // Out-of-credit answers have been seen with 429 as well as 402; the message tells them apart.
  if (/insufficient|top up/i.test(msg)) return "insufficient_credits";
  if (status === 429) return "rate_limited";
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 402) return "insufficient_credits";
  if (status === 404) return "not_found";
  if (status >= 500) return "unavailable";
  return "rejected";
}
